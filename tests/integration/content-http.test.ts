/**
 * Content pages over HTTP, through the real server and the production build: the stored text,
 * its JSON-LD, a tenant's override on its own host only, and dontCache's answer headers.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentPages } from "#adapters/db/schema.ts";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { DEFAULT_CONTENT } from "#seed/content/index.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { PAGE_ENGINES, createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { rawRequest } from "../support/http.ts";
import { startTestServer } from "../support/server.ts";
import { withoutPageMessages } from "../support/page-text.ts";

type JsonLdObject = Record<string, unknown> & { "@type"?: string };

/** Every JSON-LD block of a page, parsed. */
function jsonLdOf(html: string): JsonLdObject[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as JsonLdObject,
  );
}

/** The text React writes for a string inside an element. */
function htmlText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}

const fill = (text: string, name: string) => text.split("{name}").join(name);

describe.each(PAGE_ENGINES)("content pages over HTTP on %s", (engine) => {
  let database: TestDatabase;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let parvazSabz: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedTenants(database.handle.db, DEMO_TENANTS);
    await seedDefaultContent(database.handle.db);
    parvazSabz = (await tenantIdBySlug(database.handle.db, "parvaz-sabz"))!;
    server = await startTestServer(database.handle);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const get = (path: string, host = "localhost") => rawRequest(server.port, { path, host });

  it("/en/faq carries a FAQPage with the seeded questions, the agency's name written in", async () => {
    const res = await get("/en/faq");
    expect(res.status).toBe(200);
    const faq = jsonLdOf(res.body).find((object) => object["@type"] === "FAQPage");
    expect(faq).toBeDefined();
    expect(faq!.inLanguage).toBe("en");
    expect(faq!.url).toBe("http://localhost/en/faq");
    const seeded = DEFAULT_CONTENT.faq.en.questions!;
    expect(seeded.length).toBeGreaterThanOrEqual(8);
    expect(faq!.mainEntity).toEqual(
      seeded.map((entry) => ({
        "@type": "Question",
        name: fill(entry.question, "Hamsafar"),
        acceptedAnswer: { "@type": "Answer", text: fill(entry.answer, "Hamsafar") },
      })),
    );
    // The messages sent with the page for hydration are templates ("… {name} …"); the page's text is filled.
    expect(withoutPageMessages(res.body)).not.toContain("{name}");
    // Every question is on the page itself too, not only in the JSON-LD.
    for (const entry of seeded) expect(res.body).toContain(htmlText(fill(entry.question, "Hamsafar")));
    expect(res.body).toMatch(/<title>Frequently asked questions \| Hamsafar<\/title>/);
    expect(res.body).toContain(`<meta name="description" content="${htmlText(fill(DEFAULT_CONTENT.faq.en.description, "Hamsafar"))}"/>`);
  });

  it("renders each page in its language with its h1, blocks and the agency's schema", async () => {
    const res = await get("/ar/contact/aboutus", "theme2.localhost");
    expect(res.status).toBe(200);
    expect(res.body).toMatch(/<html lang="ar" dir="rtl"/);
    expect(res.body).toContain(`<h1 class="`);
    expect(res.body).toContain(`>${fill(DEFAULT_CONTENT.aboutus.ar.h1, "برواز سبز")}</h1>`);
    const about = jsonLdOf(res.body).find((object) => object["@type"] === "AboutPage");
    expect(about).toMatchObject({
      "@context": "https://schema.org",
      inLanguage: "ar",
      about: { "@type": "TravelAgency", name: "برواز سبز" },
    });
    // No questions on this page: no FAQPage either.
    expect(jsonLdOf(res.body).some((object) => object["@type"] === "FAQPage")).toBe(false);
  });

  it("keeps the contact page's phones and e-mails from the tenant's configuration", async () => {
    const res = await get("/en/contact", "theme2.localhost");
    expect(res.status).toBe(200);
    expect(res.body).toContain(fill(DEFAULT_CONTENT.contact.en.h2!, "Parvaz Sabz"));
    expect(res.body).toContain('href="tel:07132001122"');
  });

  it("shows a tenant's own /pages/jobs on its host only", async () => {
    const db = database.handle.db;
    await db.insert(contentPages).values({
      tenantId: parvazSabz,
      slug: "jobs",
      locale: "fa",
      title: "استخدام در {name}",
      description: "{name} برای شعبه شیراز همکار می‌پذیرد.",
      h1: "{name} استخدام می‌کند",
      h2: null,
      blocks: [{ kind: "paragraph", text: "رزومه خود را برای ما بفرستید." }],
    });
    try {
      const own = await get("/pages/jobs", "theme2.localhost");
      expect(own.status).toBe(200);
      expect(own.body).toContain(">پرواز سبز استخدام می‌کند</h1>");
      expect(own.body).toContain("<title>استخدام در پرواز سبز</title>");

      const other = await get("/pages/jobs", "localhost");
      expect(other.body).toContain(`>${fill(DEFAULT_CONTENT.jobs.fa.h1, "همسفر")}</h1>`);
      expect(other.body).not.toContain("استخدام می‌کند");

      // The override is Persian only; in English the tenant still reads the default.
      const english = await get("/en/pages/jobs", "theme2.localhost");
      expect(english.body).toContain(`>${fill(DEFAULT_CONTENT.jobs.en.h1, "Parvaz Sabz")}</h1>`);
    } finally {
      await db.delete(contentPages).where(eq(contentPages.tenantId, parvazSabz));
    }
  });

  it("answers a dontCache page with no-store and the hidden marker, and other pages with the usual caching", async () => {
    const db = database.handle.db;
    await db.insert(contentPages).values({
      tenantId: parvazSabz,
      slug: "refund",
      locale: "fa",
      title: "استرداد",
      description: "قوانین استرداد امروز",
      h1: "استرداد در روزهای اعتصاب",
      blocks: [{ kind: "paragraph", text: "این متن هر روز به‌روز می‌شود." }],
      dontCache: true,
    });
    try {
      const fresh = await get("/pages/refund", "theme2.localhost");
      expect(fresh.status).toBe(200);
      expect(fresh.headers["cache-control"]).toBe("no-store");
      expect(fresh.body).toContain("data-not-cacheable");
      expect(fresh.headers.vary).toContain("Host");
      // A client-side navigation fetches the same data, and must not be cached either.
      const navigation = await get("/pages/refund.data", "theme2.localhost");
      expect(navigation.headers["cache-control"]).toBe("no-store");

      const usual = await get("/pages/refund", "localhost");
      expect(usual.headers["cache-control"]).toContain("public");
      expect(usual.body).not.toContain("data-not-cacheable");
    } finally {
      await db.delete(contentPages).where(eq(contentPages.tenantId, parvazSabz));
    }
  });

  it("never lets stored text become markup, in the page or in its JSON-LD", async () => {
    const db = database.handle.db;
    const attack = "</script><script>alert(1)</script><img src=x onerror=alert(2)>";
    await db.insert(contentPages).values({
      tenantId: parvazSabz,
      slug: "faq",
      locale: "en",
      title: "FAQ",
      description: "Questions",
      h1: `Questions ${attack}`,
      blocks: [{ kind: "list", items: [attack] }],
      questions: [{ question: `Why? ${attack}`, answer: attack }],
      schema: { "@type": "WebPage", name: attack },
    });
    try {
      const res = await get("/en/faq", "theme2.localhost");
      expect(res.status).toBe(200);
      expect(res.body).not.toContain("<script>alert(1)");
      expect(res.body).not.toContain("<img src=x");
      const objects = jsonLdOf(res.body);
      expect(objects.find((object) => object["@type"] === "WebPage")?.name).toBe(attack);
      expect(objects.find((object) => object["@type"] === "FAQPage")?.mainEntity).toEqual([
        { "@type": "Question", name: `Why? ${attack}`, acceptedAnswer: { "@type": "Answer", text: attack } },
      ]);
    } finally {
      await db.delete(contentPages).where(eq(contentPages.tenantId, parvazSabz));
    }
  });

  it("shows the Persian default, marked as Persian, when a language has no text", async () => {
    const db = database.handle.db;
    await db
      .delete(contentPages)
      .where(and(isNull(contentPages.tenantId), eq(contentPages.slug, "hostrate"), eq(contentPages.locale, "en")));
    try {
      const res = await get("/en/pages/hostrate");
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/<html lang="en" dir="ltr"/);
      expect(res.body).toMatch(/<article lang="fa" dir="rtl"/);
      expect(res.body).toContain(`>${DEFAULT_CONTENT.hostrate.fa.h1}</h1>`);
      expect(res.body).toContain('role="note"');
    } finally {
      await seedDefaultContent(db);
    }
  });

  it("answers 404 for a page that does not exist under /pages", async () => {
    expect((await get("/pages/unknown")).status).toBe(404);
    expect((await get("/en/pages/about")).status).toBe(404);
  });
});
