import { data, redirect, type AppLoadContext } from "react-router";
import { can } from "#core/back-office/roles.ts";
import { CONTENT_SLUGS, type ContentSlug } from "#core/content/content-page.ts";
import { getContentPage, withAgencyName, type ContentSource } from "#core/content/get-content-page.ts";
import {
  contentInputOf,
  isContentSlug,
  readContentPage,
  revertContentPage,
  saveContentPage,
  type ContentFieldError,
  type ContentPageInput,
} from "#core/content/edit-content-page.ts";
import { isLocale, LOCALES, type Locale } from "#core/i18n/locales.ts";
import { localized } from "#core/tenants/site-config.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import type { ContentPageView } from "#app/components/content/content-article.tsx";
import { href } from "#app/links.ts";
import { adminAction, adminLoader } from "./guard.server.ts";
import { whenOf, type When } from "./when.server.ts";

/** Where each content page lives on the storefront. */
const PUBLIC_ROUTES: Partial<Record<ContentSlug, "contact" | "contact-aboutus" | "faq" | "faq-tips" | "rules">> = {
  contact: "contact",
  aboutus: "contact-aboutus",
  faq: "faq",
  tips: "faq-tips",
  rules: "rules",
};

export function publicPath(slug: ContentSlug, locale: Locale): string {
  const route = PUBLIC_ROUTES[slug];
  return route ? href(locale, route) : href(locale, "pages", { slug });
}

export interface PagesList {
  rows: { slug: ContentSlug; cells: { locale: Locale; own: boolean; since: When | null }[] }[];
  locales: readonly Locale[];
}

/** `/admin/pages`: every slug in every language, and whether the tenant words it its own way. */
export function pagesLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "content.read", async (staff): Promise<PagesList> => {
    const own = new Map(
      (await context.backOffice.contentEditor.overrides(staff.tenantId)).map((row) => [`${row.slug}/${row.locale}`, row.updatedAt]),
    );
    const when = whenOf(request, context);
    return {
      locales: LOCALES,
      rows: CONTENT_SLUGS.map((slug) => ({
        slug,
        cells: LOCALES.map((locale) => {
          const at = own.get(`${slug}/${locale}`);
          return { locale, own: at !== undefined, since: at ? when.format(at) : null };
        }),
      })),
    };
  });
}

export interface PageEditor {
  slug: ContentSlug;
  locale: Locale;
  source: ContentSource | null;
  values: ContentPageInput;
  canWrite: boolean;
  publicPath: string;
  notice: "saved" | "reverted" | null;
}

export interface PageEditorAnswer {
  values: ContentPageInput;
  errors: Record<string, ContentFieldError>;
  /** The unsaved page as the site would show it (a preview); null when refused or saved. */
  preview: ContentPageView | null;
}

function pageOf(params: { slug?: string; lang?: string }): { slug: ContentSlug; locale: Locale } {
  if (!params.slug || !isContentSlug(params.slug) || !params.lang || !isLocale(params.lang)) throw data(null, { status: 404 });
  return { slug: params.slug, locale: params.lang };
}

const EMPTY: ContentPageInput = { title: "", description: "", h1: "", h2: "", blocks: [], questions: [] };

/** `/admin/pages/:slug/:lang`: the page's text to edit (the tenant's own, else the default's). */
export function pageLoader(request: Request, context: AppLoadContext, params: { slug?: string; lang?: string }) {
  const { slug, locale } = pageOf(params);
  return adminLoader(request, context, "content.read", async (staff): Promise<PageEditor> => {
    const found = await getContentPage({ tenantId: staff.tenantId, slug, locale }, { content: context.backOffice.contentEditor });
    const notice = new URL(request.url).searchParams.get("notice");
    return {
      slug,
      locale,
      source: found.ok ? found.source : null,
      values: found.ok ? contentInputOf(found.page) : EMPTY,
      canWrite: can(staff.member.role, "content.write"),
      publicPath: publicPath(slug, locale),
      notice: notice === "saved" || notice === "reverted" ? notice : null,
    };
  });
}

const LIMIT = 20_000;
const ROWS = 200;

function inputOf(form: FormData): ContentPageInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, LIMIT) : "";
  };
  const indexes = (prefix: string) =>
    [
      ...new Set(
        [...form.keys()].flatMap((key) => {
          const match = new RegExp(`^${prefix}\\.(\\d{1,3})\\.`).exec(key);
          return match ? [Number(match[1])] : [];
        }),
      ),
    ]
      .sort((a, b) => a - b)
      .slice(0, ROWS);
  return {
    title: text("title"),
    description: text("description"),
    h1: text("h1"),
    h2: text("h2"),
    blocks: indexes("blocks").map((index) => ({ kind: text(`blocks.${index}.kind`), text: text(`blocks.${index}.text`) })),
    questions: indexes("questions").map((index) => ({
      question: text(`questions.${index}.question`),
      answer: text(`questions.${index}.answer`),
    })),
  };
}

/** Preview (nothing saved), save (the tenant's own row, audited) or revert (deletes it, audited). */
export function pageAction(request: Request, context: AppLoadContext, params: { slug?: string; lang?: string }) {
  const { slug, locale } = pageOf(params);
  return adminAction(request, context, "content.write", async ({ form, staff }) => {
    const intent = form.get("intent");
    const deps = { editor: context.backOffice.contentEditor, audit: context.backOffice.audit, clock: { now: () => context.now() } };
    const back = (notice: string) =>
      redirect(`${href(context.locale.locale, "admin-page", { slug, lang: locale })}?notice=${notice}`, { status: 303, headers: NO_STORE });
    if (intent === "revert") {
      await revertContentPage(deps, staff.actor, { tenantId: staff.tenantId, slug, locale });
      throw back("reverted");
    }
    const values = inputOf(form);
    if (intent === "preview") {
      const read = readContentPage(values);
      if (!read.ok)
        return data<PageEditorAnswer>(
          { values, errors: read.errors, preview: null },
          { status: refusalStatus(context, 400), headers: NO_STORE },
        );
      const name = localized(staff.tenant.nameCompany, locale) ?? "";
      const page = withAgencyName(
        { ...read.content, slug, locale, tenantId: staff.tenantId, schema: null, dontCache: true, updatedAt: context.now() },
        name,
      );
      const preview: ContentPageView = { ...page, source: "tenant", jsonLd: [] };
      return data<PageEditorAnswer>({ values, errors: {}, preview }, { headers: NO_STORE });
    }
    const saved = await saveContentPage(deps, staff.actor, { tenantId: staff.tenantId, slug, locale, page: values });
    if (!saved.ok)
      return data<PageEditorAnswer>(
        { values, errors: saved.errors, preview: null },
        { status: refusalStatus(context, 400), headers: NO_STORE },
      );
    throw back("saved");
  });
}
