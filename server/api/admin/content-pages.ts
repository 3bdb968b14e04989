import { z } from "zod";
import { CONTENT_SLUGS } from "#core/content/content-page.ts";
import { getContentPage } from "#core/content/get-content-page.ts";
import {
  BLOCK_KINDS,
  contentInputOf,
  revertContentPage,
  saveContentPage,
  type ContentFieldError,
} from "#core/content/edit-content-page.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import type { MessageKey } from "../i18n.ts";
import type { ApiDeps } from "../deps.ts";
import { defineRoute, json } from "../route.ts";
import { ADMIN_TAG, apiActor } from "./shared.ts";

/**
 * `/api/v1/admin/pages` (issue 25 §1): the content pages a tenant may word its own way. Reading
 * shows the tenant's text where it has one, else the product's default; PUT writes the tenant's
 * row, DELETE removes it (the default shows again). Both are audited.
 */

const pageParams = z.object({ slug: z.enum(CONTENT_SLUGS), lang: z.enum(LOCALES) });

const contentSchema = z.object({
  slug: z.enum(CONTENT_SLUGS),
  lang: z.enum(LOCALES),
  source: z.enum(["tenant", "default", "default-fa"]).describe("tenant: the agency's own text; otherwise the product's default."),
  title: z.string(),
  description: z.string(),
  h1: z.string(),
  h2: z.string(),
  blocks: z.array(z.object({ kind: z.enum(BLOCK_KINDS), text: z.string().describe("For list and steps: one item a line.") })),
  questions: z.array(z.object({ question: z.string(), answer: z.string() })),
});

const listSchema = z.object({
  pages: z.array(
    z.object({
      slug: z.enum(CONTENT_SLUGS),
      lang: z.enum(LOCALES),
      own: z.boolean().describe("Whether the tenant has its own text (else the default shows)."),
      updatedAt: z.string().nullable(),
    }),
  ),
});

const bodySchema = z
  .object({
    title: z.string().max(1000),
    description: z.string().max(2000),
    h1: z.string().max(1000),
    h2: z.string().max(1000).default(""),
    blocks: z
      .array(z.object({ kind: z.string().max(20), text: z.string().max(20000) }).strict())
      .max(200)
      .default([]),
    questions: z
      .array(z.object({ question: z.string().max(2000), answer: z.string().max(20000) }).strict())
      .max(200)
      .default([]),
  })
  .strict();

const editorDeps = (deps: ApiDeps) => ({ editor: deps.backOffice.contentEditor, audit: deps.backOffice.audit, clock: deps.clock });

export const adminContentPagesRoute = defineRoute({
  operationId: "adminContentPages",
  method: "get",
  path: "/api/v1/admin/pages",
  summary: "The content pages in each language, and whether the tenant has its own text",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "content.read",
  responses: { 200: { description: "Every slug in every language.", schema: listSchema } },
  async handler({ deps, tenant }) {
    const own = new Map(
      (await deps.backOffice.contentEditor.overrides(tenant.id)).map((row) => [`${row.slug}/${row.locale}`, row.updatedAt]),
    );
    return json({
      pages: CONTENT_SLUGS.flatMap((slug) =>
        LOCALES.map((lang) => {
          const at = own.get(`${slug}/${lang}`);
          return { slug, lang, own: at !== undefined, updatedAt: at?.toISOString() ?? null };
        }),
      ),
    });
  },
});

export const adminContentPageRoute = defineRoute({
  operationId: "adminContentPage",
  method: "get",
  path: "/api/v1/admin/pages/{slug}/{lang}",
  summary: "One content page as the editor shows it",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "content.read",
  params: pageParams,
  responses: {
    200: { description: "The page's text and where it comes from.", schema: contentSchema },
    404: { description: "NOT_FOUND: no text in this language, nor a default.", codes: ["NOT_FOUND"] },
  },
  async handler({ deps, tenant, params, problem }) {
    const found = await getContentPage(
      { tenantId: tenant.id, slug: params.slug, locale: params.lang },
      { content: deps.backOffice.contentEditor },
    );
    if (!found.ok) return problem(404, "NOT_FOUND", "api.error.NOT_FOUND");
    return json({ slug: params.slug, lang: params.lang, source: found.source, ...contentInputOf(found.page) });
  },
});

export const adminContentPagePutRoute = defineRoute({
  operationId: "adminContentPagePut",
  method: "put",
  path: "/api/v1/admin/pages/{slug}/{lang}",
  summary: "Save the tenant's own text of a content page",
  description: "Blocks are paragraph, heading, list or steps (list and steps: one item a line). Empty blocks and questions are dropped.",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "content.write",
  params: pageParams,
  body: bodySchema,
  responses: {
    200: { description: "The page as saved.", schema: contentSchema },
    422: { description: "VALIDATION_FAILED: a field is refused (its code and message in `fields`).", codes: ["VALIDATION_FAILED"] },
  },
  async handler({ deps, tenant, params, body, staff, signedIn, req, problem, field }) {
    const saved = await saveContentPage(editorDeps(deps), apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }), {
      tenantId: tenant.id,
      slug: params.slug,
      locale: params.lang,
      page: body,
    });
    if (!saved.ok) {
      const fields = Object.entries(saved.errors).map(([name, code]) => {
        const key: MessageKey = `admin.pages.error.${code satisfies ContentFieldError}`;
        return field(name, code, key);
      });
      return problem(422, "VALIDATION_FAILED", "api.error.VALIDATION_FAILED", fields);
    }
    return json({ slug: params.slug, lang: params.lang, source: "tenant" as const, ...contentInputOf(saved.page) });
  },
});

export const adminContentPageDeleteRoute = defineRoute({
  operationId: "adminContentPageDelete",
  method: "delete",
  path: "/api/v1/admin/pages/{slug}/{lang}",
  summary: "Revert a content page to the product's default (deletes the tenant's own text)",
  tags: [ADMIN_TAG],
  auth: "required",
  admin: "content.write",
  params: pageParams,
  responses: { 200: { description: "Whether the tenant had its own text.", schema: z.object({ reverted: z.boolean() }) } },
  async handler({ deps, tenant, params, staff, signedIn, req }) {
    const reverted = await revertContentPage(editorDeps(deps), apiActor({ staff, signedIn, req, ipHashSecret: deps.ipHashSecret }), {
      tenantId: tenant.id,
      slug: params.slug,
      locale: params.lang,
    });
    return json({ reverted });
  },
});
