import { h, list, p, q, type ContentSeed } from "./types.ts";

export const sheba: ContentSeed = {
  fa: {
    title: "ثبت شماره شبا",
    description: "شماره شبا چیست، از کجا پیدایش کنیم و چرا مبلغ استرداد بلیط در {name} به حساب شبا واریز می‌شود.",
    h1: "شماره شبا",
    h2: "مبلغ استرداد به حسابی واریز می‌شود که شماره شبای آن را ثبت کرده‌اید",
    blocks: [
      p(
        "شبا (شماره حساب بانکی ایران) شکل استاندارد شماره حساب در نظام بانکی کشور است. هر شماره شبا با دو حرف IR آغاز می‌شود و ۲۴ رقم پس از آن می‌آید؛ روی هم ۲۶ نویسه. دو رقم اول پس از IR رقم کنترل‌اند و بیشتر اشتباه‌های تایپی را آشکار می‌کنند.",
      ),
      h("چرا شماره شبا لازم است؟"),
      p(
        "مبلغ استرداد با انتقال بین‌بانکی پایا به حساب شما واریز می‌شود و برای چنین انتقالی، شماره شبای حساب مقصد لازم است. این‌طوری هم به شماره کارتتان نیازی نداریم. اگر شبا درست نباشد، واریز برگشت می‌خورد و پولتان دیرتر می‌رسد.",
      ),
      h("شماره شبا را از کجا پیدا کنم؟"),
      list(
        "اپلیکیشن موبایل یا اینترنت‌بانک بانک خودتان، در بخش اطلاعات حساب",
        "بخش تبدیل شماره حساب یا کارت به شبا در سایت بانک",
        "شعبه بانک، یا صورت‌حساب و دفترچه حساب",
      ),
      h("پیش از ثبت"),
      list(
        "بهتر است حساب به نام خود شما باشد تا بررسی استرداد بی‌دردسر انجام شود.",
        "حساب باید باز و فعال باشد و بتواند واریز پایا بپذیرد.",
        "شماره را با IR و بدون فاصله وارد کنید.",
      ),
    ],
    questions: [
      q(
        "واریز به حساب شبا چقدر طول می‌کشد؟",
        "انتقال پایا در چرخه‌های تسویه روزهای کاری بانک‌ها انجام می‌شود. پس از آنکه استرداد تأیید و مبلغ پرداخت شد، پول معمولاً همان روز کاری یا روز کاری بعد در حساب شما می‌نشیند.",
      ),
      q(
        "می‌توانم شماره شبا را بعداً عوض کنم؟",
        "بله. تا پیش از آنکه مبلغ استرداد واریز شود، می‌توانید شماره شبا را در حساب کاربری‌تان تغییر دهید.",
      ),
    ],
  },
  en: {
    title: "Your Sheba number",
    description: "What a Sheba (Iranian IBAN) number is, where to find it, and why {name} pays refunds into the account it belongs to.",
    h1: "Your Sheba number",
    h2: "Refunds are paid into the account whose Sheba number you register",
    blocks: [
      p(
        "Sheba is the Iranian form of the IBAN, the standard way of writing a bank account number. Every Sheba number starts with the letters IR followed by 24 digits, 26 characters in all. The two digits right after IR are check digits, which catch most typing mistakes.",
      ),
      h("Why we need it"),
      p(
        "Refunds are paid by an interbank Paya transfer, and a Paya transfer needs the Sheba number of the receiving account. It also means we never need your card number. If the Sheba number is wrong, the transfer bounces and your money takes longer to arrive.",
      ),
      h("Where to find your Sheba number"),
      list(
        "Your bank's mobile app or internet banking, under account details",
        "The card-or-account-to-Sheba converter on your bank's website",
        "A branch of your bank, or your account statement or passbook",
      ),
      h("Before you register it"),
      list(
        "The account should be in your own name, so the refund can be checked without delays.",
        "The account must be open and active and able to receive Paya transfers.",
        "Type the number with IR at the start and without spaces.",
      ),
    ],
    questions: [
      q(
        "How long does a transfer to my Sheba account take?",
        "Paya transfers are settled in cycles on banking days. Once your refund is approved and paid out, the money usually lands in your account the same banking day or the next.",
      ),
      q("Can I change my Sheba number later?", "Yes. Until the refund has been paid, you can change the Sheba number in your account."),
    ],
  },
  ar: {
    title: "رقم شبا",
    description: "ما رقم شبا (الآيبان الإيراني)، وأين تجدونه، ولماذا يحوّل {name} مبالغ الاسترداد إلى الحساب المرتبط به.",
    h1: "رقم شبا",
    h2: "يُحوَّل مبلغ الاسترداد إلى الحساب الذي تسجّلون رقم شبا الخاص به",
    blocks: [
      p(
        "شبا هو الصيغة الإيرانية لرقم الآيبان، أي الطريقة المعيارية لكتابة رقم الحساب المصرفي. يبدأ كل رقم شبا بالحرفين IR يليهما ٢٤ رقمًا، أي ٢٦ خانة في المجموع. والرقمان اللذان يليان IR مباشرةً رقما تحقق يكشفان معظم أخطاء الكتابة.",
      ),
      h("لماذا نحتاج إليه؟"),
      p(
        "تُحوَّل مبالغ الاسترداد عبر نظام پايا للتحويل بين المصارف، وهذا التحويل يتطلب رقم شبا للحساب المستفيد. وبذلك لا نحتاج أبدًا إلى رقم بطاقتكم. وإذا كان رقم شبا خاطئًا يُرفض التحويل ويتأخر وصول المبلغ إليكم.",
      ),
      h("أين أجد رقم شبا؟"),
      list(
        "تطبيق مصرفكم على الجوال أو خدمة الإنترنت المصرفية، في قسم معلومات الحساب",
        "خدمة تحويل رقم البطاقة أو الحساب إلى رقم شبا في موقع المصرف",
        "أحد فروع المصرف، أو كشف الحساب أو دفتره",
      ),
      h("قبل التسجيل"),
      list(
        "يُفضَّل أن يكون الحساب باسمكم أنتم، ليُراجَع الاسترداد دون تأخير.",
        "يجب أن يكون الحساب مفتوحًا وفعّالًا وقادرًا على استقبال تحويلات پايا.",
        "اكتبوا الرقم مبدوءًا بـ IR ودون مسافات.",
      ),
    ],
    questions: [
      q(
        "كم يستغرق التحويل إلى حساب شبا؟",
        "تُسوّى تحويلات پايا على دفعات في أيام العمل المصرفية. وبعد اعتماد الاسترداد ودفع المبلغ، يصل المال عادةً إلى حسابكم في يوم العمل نفسه أو في اليوم التالي.",
      ),
      q("هل يمكنني تغيير رقم شبا لاحقًا؟", "نعم. يمكنكم تغيير رقم شبا في حسابكم على الموقع ما دام مبلغ الاسترداد لم يُحوَّل بعد."),
    ],
  },
};
