import { useEffect, useRef } from "react";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** A bank that takes the buyer by POST: the form goes at once, with a button for browsers without JavaScript. */
export function BankForm({ post }: { post: { url: string; fields: Record<string, string> } }) {
  const { t } = useI18n();
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.submit(), []);
  return (
    <form method="post" action={post.url} ref={ref}>
      {Object.entries(post.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p role="status">{t("payment.redirecting")}</p>
      <button type="submit" className="booking-submit">
        {t("payment.continueToBank")}
      </button>
    </form>
  );
}
