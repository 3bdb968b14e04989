import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentRepository } from "#adapters/db/content-repository.ts";
import { contentPages } from "#adapters/db/schema.ts";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { CONTENT_SLUGS } from "#core/content/content-page.ts";
import { getContentPage } from "#core/content/get-content-page.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import { DEFAULT_CONTENT } from "#seed/content/index.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";

const PAGE_COUNT = CONTENT_SLUGS.length * LOCALES.length;

describe.each(ENGINES)("content pages on %s", (engine) => {
  let database: TestDatabase;
  let parvazSabz: string;
  let hamsafar: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    parvazSabz = (await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!;
    hamsafar = (await tenantIdBySlug(database.handle.db, "hamsafar"))!;
  });
  afterAll(async () => {
    await database?.drop();
  });

  const defaults = () => database.handle.db.select().from(contentPages).where(isNull(contentPages.tenantId));

  it("writes every page in every language once, and nothing when run again", async () => {
    expect(await seedDefaultContent(database.handle.db)).toEqual({ pages: PAGE_COUNT, written: PAGE_COUNT });
    const first = await defaults();
    expect(first).toHaveLength(PAGE_COUNT);

    expect(await seedDefaultContent(database.handle.db)).toEqual({ pages: PAGE_COUNT, written: 0 });
    const second = await defaults();
    expect(second).toHaveLength(PAGE_COUNT);
    const stamp = (rows: typeof first) => Object.fromEntries(rows.map((row) => [row.id, row.updatedAt.getTime()]));
    expect(stamp(second)).toEqual(stamp(first));
  });

  it("has a default for every slug in fa, en and ar, as the seed wrote it", async () => {
    const repository = createContentRepository(database.handle.db);
    for (const slug of CONTENT_SLUGS) {
      for (const locale of LOCALES) {
        const { own, fallback } = await repository.find({ tenantId: null, slug, locale });
        expect(own, `${slug}/${locale}`).toBeNull();
        expect(fallback, `${slug}/${locale}`).toMatchObject({
          slug,
          locale,
          tenantId: null,
          h1: DEFAULT_CONTENT[slug][locale].h1,
          blocks: DEFAULT_CONTENT[slug][locale].blocks,
          questions: DEFAULT_CONTENT[slug][locale].questions ?? [],
          dontCache: false,
        });
      }
    }
  });

  it("puts back a default someone edited by hand, and only that one", async () => {
    const db = database.handle.db;
    const jobsFa = and(isNull(contentPages.tenantId), eq(contentPages.slug, "jobs"), eq(contentPages.locale, "fa"));
    await db.update(contentPages).set({ h1: "ویرایش دستی" }).where(jobsFa);
    expect(await seedDefaultContent(db)).toEqual({ pages: PAGE_COUNT, written: 1 });
    const [row] = await db.select().from(contentPages).where(jobsFa);
    expect(row?.h1).toBe(DEFAULT_CONTENT.jobs.fa.h1);
  });

  it("lets a tenant's own page win for that tenant only", async () => {
    const db = database.handle.db;
    await db.insert(contentPages).values({
      tenantId: parvazSabz,
      slug: "jobs",
      locale: "fa",
      title: "استخدام در {name}",
      description: "فرصت‌های شغلی ویژه",
      h1: "به {name} بپیوندید",
      h2: null,
      blocks: [{ kind: "paragraph", text: "رزومه بفرستید." }],
    });
    const content = createContentRepository(db);

    const own = await getContentPage({ tenantId: parvazSabz, slug: "jobs", locale: "fa" }, { content });
    expect(own.ok && own.source).toBe("tenant");
    expect(own.ok && own.page.h1).toBe("به {name} بپیوندید");

    const other = await getContentPage({ tenantId: hamsafar, slug: "jobs", locale: "fa" }, { content });
    expect(other.ok && other.source).toBe("default");
    expect(other.ok && other.page.h1).toBe(DEFAULT_CONTENT.jobs.fa.h1);

    // The override is Persian only: in English the tenant gets the English default.
    const english = await getContentPage({ tenantId: parvazSabz, slug: "jobs", locale: "en" }, { content });
    expect(english.ok && english.source).toBe("default");
  });

  it("returns the tenant's row and the default together", async () => {
    const { own, fallback } = await createContentRepository(database.handle.db).find({ tenantId: parvazSabz, slug: "jobs", locale: "fa" });
    expect(own?.tenantId).toBe(parvazSabz);
    expect(fallback?.tenantId).toBeNull();
    expect(own?.h1).not.toBe(fallback?.h1);
  });

  it("leaves tenants' rows alone when the defaults are written again", async () => {
    const db = database.handle.db;
    const mine = and(eq(contentPages.tenantId, parvazSabz), eq(contentPages.slug, "jobs"));
    const [before] = await db.select().from(contentPages).where(mine);
    expect(await seedDefaultContent(db)).toEqual({ pages: PAGE_COUNT, written: 0 });
    const [after] = await db.select().from(contentPages).where(mine);
    expect(after).toEqual(before);
  });

  it("treats a site without a tenant row as having no pages of its own", async () => {
    // The fallback configuration's id is not a UUID; the query must still answer.
    const { own, fallback } = await createContentRepository(database.handle.db).find({ tenantId: "fallback", slug: "faq", locale: "ar" });
    expect(own).toBeNull();
    expect(fallback?.h1).toBe(DEFAULT_CONTENT.faq.ar.h1);
  });

  it("stands the Persian default in for a language that has no text", async () => {
    const db = database.handle.db;
    const hostrateEn = and(isNull(contentPages.tenantId), eq(contentPages.slug, "hostrate"), eq(contentPages.locale, "en"));
    await db.delete(contentPages).where(hostrateEn);
    try {
      const result = await getContentPage({ tenantId: hamsafar, slug: "hostrate", locale: "en" }, { content: createContentRepository(db) });
      expect(result).toMatchObject({ ok: true, source: "default-fa", page: { locale: "fa", h1: DEFAULT_CONTENT.hostrate.fa.h1 } });
    } finally {
      await seedDefaultContent(db);
    }
  });

  it("refuses a second default for the same page and language", async () => {
    // The unique key treats NULL tenants as one owner, so defaults cannot pile up.
    const duplicate = { tenantId: null, slug: "tips", locale: "fa", title: "x", description: "x", h1: "x" };
    await expect(database.handle.db.insert(contentPages).values(duplicate)).rejects.toThrow();
  });
});
