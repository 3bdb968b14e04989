import type { HotelRefundRuleSeed } from "./types.ts";
import { trio as t } from "./types.ts";

const HOUR = 60;

/**
 * Hotels' cancellation rules, in the RefundRule shape refunds read (windows counted back from
 * check-in at 14:00): free until a few days before, then about the first night of a short stay,
 * and nothing back once the stay began. Some rates abroad are non-refundable.
 */
export const HOTEL_REFUND_RULES: HotelRefundRuleSeed[] = [
  {
    id: "hotel-free-72h",
    airlineCode: "hotel",
    fareClasses: [],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: 72 * HOUR, penaltyPercent: 0 },
      { minutesBefore: 0, penaltyPercent: 30 },
    ],
    afterDeparturePercent: 100,
    policy: t(
      "لغو رایگان تا ۳ روز پیش از ورود؛ پس از آن ۳۰٪ مبلغ (حدود شب اول).",
      "Free cancellation until 3 days before check-in; then 30% (about the first night).",
      "إلغاء مجاني حتى ٣ أيام قبل الوصول؛ بعد ذلك ٣٠٪ (نحو الليلة الأولى).",
    ),
  },
  {
    id: "hotel-free-48h",
    airlineCode: "hotel",
    fareClasses: [],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: 48 * HOUR, penaltyPercent: 0 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    afterDeparturePercent: 100,
    policy: t(
      "لغو رایگان تا ۲ روز پیش از ورود؛ پس از آن ۵۰٪ مبلغ.",
      "Free cancellation until 2 days before check-in; then 50%.",
      "إلغاء مجاني حتى يومين قبل الوصول؛ بعد ذلك ٥٠٪.",
    ),
  },
  {
    id: "hotel-free-7d",
    airlineCode: "hotel",
    fareClasses: [],
    charter: false,
    refundable: true,
    windows: [
      { minutesBefore: 7 * 24 * HOUR, penaltyPercent: 0 },
      { minutesBefore: 72 * HOUR, penaltyPercent: 20 },
      { minutesBefore: 0, penaltyPercent: 40 },
    ],
    afterDeparturePercent: 100,
    policy: t(
      "لغو رایگان تا ۷ روز پیش از ورود؛ سپس ۲۰٪ و از ۳ روز مانده ۴۰٪.",
      "Free cancellation until 7 days before check-in; then 20%, and 40% from 3 days before.",
      "إلغاء مجاني حتى ٧ أيام قبل الوصول؛ ثم ٢٠٪، و٤٠٪ قبل ٣ أيام.",
    ),
  },
  {
    id: "hotel-nonref",
    airlineCode: "hotel",
    fareClasses: [],
    charter: false,
    refundable: false,
    windows: [],
    afterDeparturePercent: 100,
    policy: t("این نرخ قابل استرداد نیست.", "This rate is non-refundable.", "هذا السعر غير قابل للاسترداد."),
  },
];
