import { FactList } from "#app/components/fact-list.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { translatedMeta } from "#app/route-meta.ts";
import type { Route } from "./+types/test-lang";

/** How this page's language was chosen: path, cookie and Accept-Language (NOTES.md). */
export function loader({ context }: Route.LoaderArgs) {
  return {
    locale: context.locale.locale,
    source: context.locale.source,
    pathLocale: context.locale.pathLocale,
    cookie: context.locale.rejectedCookie,
    cookieRaw: context.locale.cookie,
    acceptLanguage: context.acceptLanguage.header,
    acceptBest: context.acceptLanguage.best,
  };
}

/** Diagnostics show the request's own cookie and Accept-Language: no cache may keep them. */
export function headers({ parentHeaders }: Route.HeadersArgs): Headers {
  const merged = new Headers(parentHeaders);
  merged.set("Cache-Control", "no-store");
  return merged;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...translatedMeta(matches, "testLang.title"),
  { name: "robots", content: "noindex, nofollow" },
];

export default function TestLang({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const none = t("testLang.none");
  const rows: [string, string][] = [
    [t("testLang.chosen"), t(`lang.${loaderData.locale}`)],
    [t("testLang.source"), t(`testLang.source.${loaderData.source}`)],
    [t("testLang.path"), loaderData.pathLocale ?? none],
    [t("testLang.cookie"), loaderData.cookieRaw ?? none],
    [t("testLang.accept"), loaderData.acceptLanguage ?? none],
    [t("testLang.acceptBest"), loaderData.acceptBest ?? none],
  ];
  return (
    <article>
      <h1 className="mb-4 text-2xl font-bold">{t("testLang.title")}</h1>
      <FactList rows={rows} />
      {loaderData.cookie ? <p className="mt-4">{t("testLang.rejected", { value: loaderData.cookie })}</p> : null}
    </article>
  );
}
