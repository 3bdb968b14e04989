import { describe, expect, it } from "vitest";
import type { Locale } from "../i18n/locales.ts";
import type { ContentRepository, StoredContentPage } from "./ports.ts";
import type { ContentSlug } from "./content-page.ts";
import { getContentPage, withAgencyName } from "./get-content-page.ts";

const TENANT = "0b9c2d0e-5a7f-4c1e-9d3b-2f6a8e4c1a00";
const OTHER_TENANT = "7d1e3f2a-9b8c-4d6e-a5f4-3c2b1a0e9d88";

function stored(
  slug: ContentSlug,
  locale: Locale,
  tenantId: string | null,
  h1 = `${slug} ${locale} ${tenantId ?? "default"}`,
): StoredContentPage {
  return {
    slug,
    locale,
    tenantId,
    title: h1,
    description: `about ${h1}`,
    h1,
    h2: null,
    blocks: [{ kind: "paragraph", text: "text" }],
    questions: [],
    schema: null,
    dontCache: false,
    updatedAt: new Date("2025-01-01T00:00:00Z"),
  };
}

/** Keeps rows in a list and answers like the database adapter: the tenant's row and the default. */
class InMemoryContent implements ContentRepository {
  readonly calls: { tenantId: string | null; slug: ContentSlug; locale: Locale }[] = [];

  constructor(private readonly rows: StoredContentPage[]) {}

  async find(input: { tenantId: string | null; slug: ContentSlug; locale: Locale }) {
    this.calls.push(input);
    const matching = this.rows.filter((row) => row.slug === input.slug && row.locale === input.locale);
    return {
      own: input.tenantId === null ? null : (matching.find((row) => row.tenantId === input.tenantId) ?? null),
      fallback: matching.find((row) => row.tenantId === null) ?? null,
    };
  }
}

describe("getContentPage", () => {
  it("prefers the tenant's own page over the default", async () => {
    const content = new InMemoryContent([stored("jobs", "fa", null), stored("jobs", "fa", TENANT)]);
    const result = await getContentPage({ tenantId: TENANT, slug: "jobs", locale: "fa" }, { content });
    expect(result.ok && result.source).toBe("tenant");
    expect(result.ok && result.page.tenantId).toBe(TENANT);
    expect(content.calls).toHaveLength(1);
  });

  it("gives other tenants, and a site without a tenant row, the default", async () => {
    const content = new InMemoryContent([stored("jobs", "en", null), stored("jobs", "en", TENANT)]);
    const other = await getContentPage({ tenantId: OTHER_TENANT, slug: "jobs", locale: "en" }, { content });
    expect(other.ok && other.source).toBe("default");
    expect(other.ok && other.page.tenantId).toBeNull();
    const none = await getContentPage({ tenantId: null, slug: "jobs", locale: "en" }, { content });
    expect(none.ok && none.source).toBe("default");
  });

  it("uses the default in the asked language before any Persian text, the tenant's included", async () => {
    const content = new InMemoryContent([stored("faq", "ar", null), stored("faq", "fa", TENANT), stored("faq", "fa", null)]);
    const result = await getContentPage({ tenantId: TENANT, slug: "faq", locale: "ar" }, { content });
    expect(result.ok && result.source).toBe("default");
    expect(result.ok && result.page.locale).toBe("ar");
  });

  it("falls back to the Persian default, flagged, when the language has no text at all", async () => {
    const content = new InMemoryContent([stored("sheba", "fa", null), stored("sheba", "en", OTHER_TENANT)]);
    const result = await getContentPage({ tenantId: TENANT, slug: "sheba", locale: "en" }, { content });
    expect(result).toMatchObject({ ok: true, source: "default-fa", page: { locale: "fa", tenantId: null } });
    expect(content.calls.map((call) => call.locale)).toEqual(["en", "fa"]);
  });

  it("answers NOT_FOUND when nothing exists, asking only once for Persian", async () => {
    const content = new InMemoryContent([stored("rules", "fa", null)]);
    expect(await getContentPage({ tenantId: TENANT, slug: "tips", locale: "en" }, { content })).toEqual({ ok: false, error: "NOT_FOUND" });
    const persian = new InMemoryContent([]);
    expect(await getContentPage({ tenantId: TENANT, slug: "tips", locale: "fa" }, { content: persian })).toEqual({
      ok: false,
      error: "NOT_FOUND",
    });
    expect(persian.calls).toHaveLength(1);
  });

  it("passes repository failures on to the caller", async () => {
    const broken: ContentRepository = { find: () => Promise.reject(new Error("database down")) };
    await expect(getContentPage({ tenantId: null, slug: "faq", locale: "fa" }, { content: broken })).rejects.toThrow("database down");
  });
});

describe("withAgencyName", () => {
  it("writes the name into every text of the page, the schema's strings included", () => {
    const page: StoredContentPage = {
      ...stored("aboutus", "en", null),
      title: "About {name}",
      description: "Who {name} is",
      h1: "About {name}",
      h2: "{name} in short",
      blocks: [
        { kind: "paragraph", text: "{name} sells tickets. {name} answers the phone." },
        { kind: "heading", text: "Why {name}" },
        { kind: "list", items: ["{name} one", "two"] },
        { kind: "steps", items: ["ask {name}"] },
      ],
      questions: [{ question: "Is {name} open?", answer: "{name} is." }],
      schema: { "@type": "AboutPage", about: { "@type": "TravelAgency", name: "{name}" }, keywords: ["{name}", 3] },
    };
    const filled = withAgencyName(page, "Parvaz Sabz");
    expect(JSON.stringify(filled)).not.toContain("{name}");
    expect(filled.title).toBe("About Parvaz Sabz");
    expect(filled.h2).toBe("Parvaz Sabz in short");
    expect(filled.blocks[0]).toEqual({ kind: "paragraph", text: "Parvaz Sabz sells tickets. Parvaz Sabz answers the phone." });
    expect(filled.blocks[2]).toEqual({ kind: "list", items: ["Parvaz Sabz one", "two"] });
    expect(filled.questions).toEqual([{ question: "Is Parvaz Sabz open?", answer: "Parvaz Sabz is." }]);
    expect(filled.schema).toEqual({
      "@type": "AboutPage",
      about: { "@type": "TravelAgency", name: "Parvaz Sabz" },
      keywords: ["Parvaz Sabz", 3],
    });
    // The stored page is left as it was.
    expect(page.h1).toBe("About {name}");
  });

  it("keeps a missing h2 and schema missing", () => {
    const filled = withAgencyName(stored("tips", "fa", null), "همسفر");
    expect(filled.h2).toBeNull();
    expect(filled.schema).toBeNull();
  });

  it("does not treat other braces or a name with `$` specially", () => {
    const page = { ...stored("rules", "en", null), h1: "{name} and {other}" };
    expect(withAgencyName(page, "A$&B").h1).toBe("A$&B and {other}");
  });
});
