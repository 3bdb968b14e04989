import { trio as t } from "../hotels/types.ts";
import type { TourRefundRuleSeed } from "./types.ts";

const DAY = 24 * 60;
const rule = (
  id: string,
  refundable: boolean,
  windows: TourRefundRuleSeed["windows"],
  policy: TourRefundRuleSeed["policy"],
): TourRefundRuleSeed => ({
  id,
  airlineCode: "tour",
  fareClasses: [],
  charter: false,
  refundable,
  windows,
  afterDeparturePercent: 100,
  policy,
});

/**
 * Package tours' cancellation rules, in the RefundRule shape refunds read (windows counted back
 * from the group's departure): tiered by days before departure, steeper abroad where flights and
 * hotels are paid ahead, and nothing back once the group has left. Charter packages abroad are
 * non-refundable.
 */
export const TOUR_REFUND_RULES: readonly TourRefundRuleSeed[] = [
  rule(
    "tour-domestic",
    true,
    [
      { minutesBefore: 10 * DAY, penaltyPercent: 10 },
      { minutesBefore: 3 * DAY, penaltyPercent: 30 },
      { minutesBefore: 0, penaltyPercent: 50 },
    ],
    t(
      "تا ۱۰ روز پیش از حرکت ۱۰٪، از ۱۰ تا ۳ روز ۳۰٪ و از ۳ روز مانده ۵۰٪ مبلغ کسر می‌شود.",
      "10% is kept until 10 days before departure, 30% from 10 to 3 days, and 50% from 3 days before.",
      "يُخصم ١٠٪ حتى ١٠ أيام قبل السفر، و٣٠٪ من ١٠ إلى ٣ أيام، و٥٠٪ قبل ٣ أيام.",
    ),
  ),
  rule(
    "tour-land-only",
    true,
    [
      { minutesBefore: 7 * DAY, penaltyPercent: 0 },
      { minutesBefore: 2 * DAY, penaltyPercent: 20 },
      { minutesBefore: 0, penaltyPercent: 40 },
    ],
    t(
      "لغو رایگان تا ۷ روز پیش از ورود؛ سپس ۲۰٪ و از ۲ روز مانده ۴۰٪.",
      "Free cancellation until 7 days before arrival; then 20%, and 40% from 2 days before.",
      "إلغاء مجاني حتى ٧ أيام قبل الوصول؛ ثم ٢٠٪، و٤٠٪ قبل يومين.",
    ),
  ),
  rule(
    "tour-abroad",
    true,
    [
      { minutesBefore: 21 * DAY, penaltyPercent: 20 },
      { minutesBefore: 7 * DAY, penaltyPercent: 40 },
      { minutesBefore: 0, penaltyPercent: 70 },
    ],
    t(
      "تا ۲۱ روز پیش از حرکت ۲۰٪، از ۲۱ تا ۷ روز ۴۰٪ و از ۷ روز مانده ۷۰٪ مبلغ کسر می‌شود.",
      "20% is kept until 21 days before departure, 40% from 21 to 7 days, and 70% from 7 days before.",
      "يُخصم ٢٠٪ حتى ٢١ يومًا قبل السفر، و٤٠٪ من ٢١ إلى ٧ أيام، و٧٠٪ قبل ٧ أيام.",
    ),
  ),
  rule(
    "tour-nonref",
    false,
    [],
    t(
      "این تور چارتری است و پس از خرید قابل استرداد نیست.",
      "This is a charter package: it cannot be refunded once bought.",
      "هذه رحلة مستأجرة (تشارتر) ولا يمكن استرداد ثمنها بعد الشراء.",
    ),
  ),
];
