import { h, list, p, steps, type ContentSeed } from "./types.ts";

export const jobs: ContentSeed = {
  fa: {
    title: "فرصت‌های شغلی",
    description: "فرصت‌های شغلی در {name}: پشتیبانی مسافران، فروش و همکاری، فناوری و مالی. چطور رزومه بفرستید.",
    h1: "فرصت‌های شغلی در {name}",
    h2: "به تیمی بپیوندید که کارش راه انداختن سفر مردم است",
    blocks: [
      p(
        "در {name} کنار هم کار می‌کنیم تا خرید سفر برای مسافران ساده و مطمئن باشد. اگر به سفر علاقه دارید، دقیق و خوش‌برخوردید و دوست دارید کارتان مستقیم روی تجربه مردم اثر بگذارد، خوشحال می‌شویم رزومه‌تان را ببینیم.",
      ),
      h("حوزه‌هایی که در آن‌ها همکار می‌پذیریم"),
      list(
        "پشتیبانی مسافران در شیفت‌های شبانه‌روزی",
        "فروش سازمانی و ارتباط با هتل‌ها و شرکت‌های حمل‌ونقل",
        "برنامه‌نویسی، طراحی محصول و تحلیل داده",
        "مالی و حسابداری",
      ),
      h("چطور درخواست بدهید"),
      steps(
        "رزومه‌تان را به ایمیل {name} که در صفحه تماس با ما آمده است بفرستید.",
        "حوزه کاری دلخواهتان را در موضوع ایمیل بنویسید.",
        "اگر سابقه‌تان با نیازهای فعلی ما جور باشد، برای گفت‌وگو با شما تماس می‌گیریم.",
      ),
    ],
  },
  en: {
    title: "Careers",
    description: "Working at {name}: traveller support, sales and partnerships, technology, and finance. How to send us your CV.",
    h1: "Careers at {name}",
    h2: "Join a team whose job is getting people on their way",
    blocks: [
      p(
        "At {name} we work together to make booking a trip simple and trustworthy. If you love travel, pay attention to detail, are good with people and want your work to make a direct difference to how people travel, we'd like to see your CV.",
      ),
      h("Where we hire"),
      list(
        "Traveller support, in shifts around the clock",
        "Corporate sales and partnerships with hotels and carriers",
        "Software engineering, product design and data analysis",
        "Finance and accounting",
      ),
      h("How to apply"),
      steps(
        "Send your CV to {name}'s e-mail address on the contact page.",
        "Put the area you're interested in in the subject line.",
        "If your experience fits what we need right now, we'll get in touch to arrange a conversation.",
      ),
    ],
  },
  ar: {
    title: "فرص العمل",
    description: "العمل في {name}: دعم المسافرين، والمبيعات والشراكات، والتقنية، والمالية. وكيف ترسلون سيرتكم الذاتية.",
    h1: "فرص العمل في {name}",
    h2: "انضموا إلى فريق عمله أن يُوصل الناس إلى وجهاتهم",
    blocks: [
      p(
        "نعمل في {name} معًا ليكون حجز الرحلات سهلًا وموثوقًا للمسافرين. إن كنتم تحبون السفر، وتهتمون بالتفاصيل، وتحسنون التعامل مع الناس، وتريدون أن يترك عملكم أثرًا مباشرًا في تجربتهم، فيسعدنا أن نطّلع على سيرتكم الذاتية.",
      ),
      h("المجالات التي نوظّف فيها"),
      list(
        "دعم المسافرين بنظام المناوبات على مدار الساعة",
        "مبيعات الشركات والشراكات مع الفنادق وشركات النقل",
        "البرمجة وتصميم المنتجات وتحليل البيانات",
        "المالية والمحاسبة",
      ),
      h("طريقة التقديم"),
      steps(
        "أرسلوا سيرتكم الذاتية إلى البريد الإلكتروني لـ{name} المذكور في صفحة اتصل بنا.",
        "اكتبوا المجال الذي يهمّكم في عنوان الرسالة.",
        "إذا كانت خبرتكم تناسب احتياجاتنا الحالية، سنتواصل معكم لترتيب لقاء.",
      ),
    ],
  },
};
