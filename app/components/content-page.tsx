import type { ReactNode } from "react";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#app/i18n/messages.ts";

/** The frame of a content page: heading, introduction, then whatever the page adds. */
export function ContentPage({ title, intro, name, children }: { title: MessageKey; intro: MessageKey; name: string; children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <article className="max-w-3xl">
      <h1 className="mb-3 text-2xl font-bold">{t(title)}</h1>
      <p className="mb-4 text-lg leading-8">{t(intro, { name })}</p>
      {children}
    </article>
  );
}
