import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { LOCALES } from "#core/i18n/locales.ts";
import { PAGE_ROUTES } from "./route-table.ts";

/** Every page of the table, once per language: fa without a prefix, en and ar under theirs. */
export default LOCALES.flatMap((locale) =>
  PAGE_ROUTES.map((page) => {
    const id = `${locale}-${page.name}`;
    const prefix = locale === "fa" ? "" : locale;
    const path = [prefix, page.path].filter(Boolean).join("/");
    return path === "" ? index(page.file, { id }) : route(path, page.file, { id });
  }),
) satisfies RouteConfig;
