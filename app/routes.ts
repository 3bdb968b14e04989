import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { LOCALES } from "#core/i18n/locales.ts";
import { PAGE_ROUTE_FILES } from "./route-files.ts";

/** Every page of the table, once per language: fa without a prefix, en and ar under theirs. */
export default LOCALES.flatMap((locale) =>
  PAGE_ROUTE_FILES.map((page) => {
    const id = `${locale}-${page.name}`;
    const prefix = locale === "fa" ? "" : locale;
    const path = [prefix, page.path].filter(Boolean).join("/");
    return path === "" ? index(page.file, { id }) : route(path, page.file, { id });
  }),
) satisfies RouteConfig;
