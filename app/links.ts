import { localizePath, type Locale } from "#core/i18n/locales.ts";
import { PAGE_ROUTES, type RouteName } from "./route-table.ts";

const PATH_BY_NAME = new Map<string, string>(PAGE_ROUTES.map((page) => [page.name, page.path]));

/**
 * The URL of a named route in a language: href("en", "flight") → "/en/flight";
 * href("fa", "pages", { slug: "jobs" }) → "/pages/jobs".
 */
/** Routes a page can link to by name (the status and catch-all routes are reached by any path). */
export type LinkableRoute = Exclude<RouteName, "status" | "not-found">;

export function href(locale: Locale, name: LinkableRoute, params: Record<string, string> = {}): string {
  const pattern = PATH_BY_NAME.get(name) ?? "";
  const path = pattern.replace(/:(\w+)\??/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
  return localizePath(locale, `/${path}`);
}
