import { h, list, p, q, type ContentSeed } from "./types.ts";

/** Bus and train (Raja) penalties follow the domain facts ("Refund rules"); flights are per airline and fare. */
export const refund: ContentSeed = {
  fa: {
    title: "راهنمای استرداد",
    description: "قوانین و جریمه استرداد بلیط اتوبوس، قطار و هواپیما در {name}، روش درخواست و زمان واریز مبلغ.",
    h1: "راهنمای استرداد بلیط",
    h2: "جریمه لغو را پیش از تأیید نهایی می‌بینید",
    blocks: [
      p(
        "مبلغ جریمه به نوع سفر و زمانی بستگی دارد که تا حرکت مانده است. برای استرداد، بلیط را در بخش پیگیری خرید پیدا کنید؛ جریمه و مبلغ بازگشتی پیش از تأیید نهایی نمایش داده می‌شود و تا آن را تأیید نکنید، چیزی لغو نمی‌شود.",
      ),
      h("اتوبوس"),
      list(
        "در یک ساعت اول پس از خرید، اگر بیش از دو ساعت تا حرکت مانده باشد: بدون جریمه.",
        "از صدور بلیط تا دو ساعت پیش از حرکت: ۱۰ درصد جریمه.",
        "از دو ساعت پیش از حرکت به بعد: ۵۰ درصد جریمه، فقط به‌صورت حضوری در باجه شرکت مسافربری در پایانه.",
      ),
      h("قطار (رجا)"),
      list(
        "تا یک ساعت پس از صدور بلیط: بدون جریمه.",
        "تا ساعت ۱۲ ظهر روز پیش از حرکت: ۱۰ درصد جریمه.",
        "از ساعت ۱۲ ظهر روز پیش از حرکت تا سه ساعت پیش از حرکت: ۳۰ درصد جریمه.",
        "از سه ساعت پیش از حرکت تا لحظه حرکت: ۵۰ درصد جریمه.",
        "پس از حرکت قطار: استرداد ممکن نیست.",
      ),
      h("هواپیما"),
      p(
        "جریمه استرداد پرواز را هر ایرلاین بر پایه کلاس نرخی بلیط و زمان باقی‌مانده تا پرواز تعیین می‌کند و بلیط‌های چارتری اغلب استردادپذیر نیستند. جریمه دقیق بلیط شما پیش از تأیید استرداد نمایش داده می‌شود. اگر ایرلاین پرواز را لغو کند یا پرواز بیش از دو ساعت تأخیر داشته باشد، استرداد بدون جریمه است. مبلغ استرداد پرواز معمولاً ظرف ۲۴ تا ۷۲ ساعت به حسابی واریز می‌شود که شماره شبای آن را ثبت کرده‌اید.",
      ),
    ],
    questions: [
      q(
        "می‌توانم فقط بلیط یکی از مسافران را لغو کنم؟",
        "بله، معمولاً می‌توانید بلیط یک یا چند مسافر را جداگانه استرداد کنید. فقط یادتان باشد نوزاد بدون بزرگسال همراه سفر نمی‌کند؛ با لغو بلیط بزرگسال، بلیط نوزاد همراه او هم باید لغو شود.",
      ),
      q(
        "مبلغ استرداد به کجا واریز می‌شود؟",
        "به حسابی که شماره شبای آن را در حساب کاربری ثبت کرده‌اید. برای بازگرداندن پول به شماره کارتتان نیازی نداریم و آن را هم نگه نمی‌داریم.",
      ),
    ],
  },
  en: {
    title: "Refund guide",
    description:
      "Refund rules and penalties for bus, train and flight tickets bought from {name}, how to ask for a refund and when the money arrives.",
    h1: "Ticket refund guide",
    h2: "You see the cancellation penalty before you confirm",
    blocks: [
      p(
        "The penalty depends on the kind of trip and how much time is left before departure. To cancel, find your ticket under booking tracking; the penalty and the amount you'll get back are shown before you confirm, and nothing is cancelled until you do.",
      ),
      h("Bus"),
      list(
        "Within the first hour after purchase, if more than two hours remain before departure: no penalty.",
        "From issue until two hours before departure: 10% penalty.",
        "From two hours before departure: 50% penalty, in person only, at the coach company's counter in the terminal.",
      ),
      h("Train (Raja)"),
      list(
        "Within one hour of the ticket being issued: no penalty.",
        "Until 12:00 noon on the day before departure: 10% penalty.",
        "From 12:00 noon on the day before until three hours before departure: 30% penalty.",
        "From three hours before departure until the train leaves: 50% penalty.",
        "After the train has left: no refund.",
      ),
      h("Flights"),
      p(
        "Each airline sets its own refund penalties by fare class and the time left before the flight, and charter fares are often non-refundable. The exact penalty for your ticket is shown before you confirm the refund. If the airline cancels the flight or it is more than two hours late, the refund carries no penalty. Flight refunds are usually paid within 24 to 72 hours into the account whose Sheba number you registered.",
      ),
    ],
    questions: [
      q(
        "Can I cancel just one passenger's ticket?",
        "Yes, usually you can refund one or more passengers separately. Just remember that an infant can't travel without an adult: cancelling an adult's ticket means cancelling the ticket of the infant travelling with them as well.",
      ),
      q(
        "Where is the refund paid?",
        "Into the account whose Sheba number you registered in your account. We don't need your card number to pay you back, and we don't keep it.",
      ),
    ],
  },
  ar: {
    title: "دليل الاسترداد",
    description: "قواعد استرداد تذاكر الحافلات والقطارات والطيران المشتراة من {name} وغراماتها، وطريقة طلب الاسترداد وموعد وصول المبلغ.",
    h1: "دليل استرداد التذاكر",
    h2: "تعرفون غرامة الإلغاء قبل التأكيد النهائي",
    blocks: [
      p(
        "تتوقف الغرامة على نوع الرحلة والوقت المتبقي حتى الانطلاق. للإلغاء، ابحثوا عن تذكرتكم في قسم متابعة الحجز؛ تظهر الغرامة والمبلغ المسترد قبل التأكيد النهائي، ولا يُلغى شيء قبل أن تؤكدوا.",
      ),
      h("الحافلة"),
      list(
        "خلال الساعة الأولى بعد الشراء، إذا بقي أكثر من ساعتين على الانطلاق: دون غرامة.",
        "من إصدار التذكرة حتى ساعتين قبل الانطلاق: غرامة ١٠٪.",
        "ابتداءً من ساعتين قبل الانطلاق: غرامة ٥٠٪، وحضوريًا فقط عند شباك شركة النقل في المحطة.",
      ),
      h("القطار (رجا)"),
      list(
        "خلال ساعة من إصدار التذكرة: دون غرامة.",
        "حتى الساعة ١٢ ظهرًا من اليوم السابق للانطلاق: غرامة ١٠٪.",
        "من الساعة ١٢ ظهرًا من اليوم السابق حتى ثلاث ساعات قبل الانطلاق: غرامة ٣٠٪.",
        "من ثلاث ساعات قبل الانطلاق حتى تحرّك القطار: غرامة ٥٠٪.",
        "بعد تحرّك القطار: لا يمكن الاسترداد.",
      ),
      h("الطيران"),
      p(
        "تحدد كل شركة طيران غرامات الاسترداد حسب فئة سعر التذكرة والوقت المتبقي حتى الرحلة، وكثيرًا ما تكون تذاكر رحلات الطيران العارض (الشارتر) غير قابلة للاسترداد. تظهر الغرامة الدقيقة لتذكرتكم قبل تأكيد الاسترداد. وإذا ألغت شركة الطيران الرحلة أو تأخرت أكثر من ساعتين، فالاسترداد دون غرامة. ويُحوَّل مبلغ استرداد تذاكر الطيران عادةً خلال ٢٤ إلى ٧٢ ساعة إلى الحساب الذي سجّلتم رقم شبا الخاص به.",
      ),
    ],
    questions: [
      q(
        "هل يمكنني إلغاء تذكرة مسافر واحد فقط؟",
        "نعم، يمكنكم عادةً استرداد تذكرة مسافر أو أكثر على حدة. لكن تذكّروا أن الرضيع لا يسافر دون بالغ يرافقه؛ فإلغاء تذكرة البالغ يستلزم إلغاء تذكرة الرضيع المسافر معه أيضًا.",
      ),
      q(
        "إلى أين يُحوَّل مبلغ الاسترداد؟",
        "إلى الحساب الذي سجّلتم رقم شبا الخاص به في حسابكم على الموقع. لا نحتاج إلى رقم بطاقتكم لإعادة المبلغ، ولا نحتفظ به.",
      ),
    ],
  },
};
