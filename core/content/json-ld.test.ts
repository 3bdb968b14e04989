import { describe, expect, it } from "vitest";
import { faqJsonLd, pageJsonLd, serializeJsonLd } from "./json-ld.ts";

const URL = "https://example.test/en/faq";

describe("faqJsonLd", () => {
  it("builds a FAQPage with one Question and accepted Answer per entry, in order", () => {
    const json = faqJsonLd(
      {
        locale: "en",
        questions: [
          { question: "Do I need an account?", answer: "No, guests can buy." },
          { question: "Which cards work?", answer: "Any Shetab card." },
        ],
      },
      URL,
    );
    expect(json).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      url: URL,
      inLanguage: "en",
      mainEntity: [
        { "@type": "Question", name: "Do I need an account?", acceptedAnswer: { "@type": "Answer", text: "No, guests can buy." } },
        { "@type": "Question", name: "Which cards work?", acceptedAnswer: { "@type": "Answer", text: "Any Shetab card." } },
      ],
    });
  });

  it("is null without questions, and leaves out blank entries", () => {
    expect(faqJsonLd({ locale: "fa", questions: [] }, URL)).toBeNull();
    expect(faqJsonLd({ locale: "fa", questions: [{ question: " ", answer: "x" }] }, URL)).toBeNull();
    const json = faqJsonLd(
      {
        locale: "fa",
        questions: [
          { question: "چرا؟", answer: "" },
          { question: "کی؟", answer: "امروز" },
        ],
      },
      URL,
    );
    expect((json?.mainEntity as unknown[]).length).toBe(1);
  });
});

describe("pageJsonLd", () => {
  it("completes the page's own schema and adds the FAQPage after it", () => {
    const objects = pageJsonLd(
      { locale: "ar", schema: { "@type": "AboutPage", name: "من نحن" }, questions: [{ question: "س", answer: "ج" }] },
      URL,
    );
    expect(objects.map((object) => object["@type"])).toEqual(["AboutPage", "FAQPage"]);
    expect(objects[0]).toEqual({ "@context": "https://schema.org", "@type": "AboutPage", name: "من نحن", url: URL, inLanguage: "ar" });
  });

  it("keeps what the schema states itself and skips an empty one", () => {
    const own = pageJsonLd(
      { locale: "fa", schema: { "@type": "WebPage", url: "https://canonical.test/", inLanguage: "fa-IR" }, questions: [] },
      URL,
    );
    expect(own).toEqual([{ "@context": "https://schema.org", "@type": "WebPage", url: "https://canonical.test/", inLanguage: "fa-IR" }]);
    expect(pageJsonLd({ locale: "fa", schema: {}, questions: [] }, URL)).toEqual([]);
    expect(pageJsonLd({ locale: "fa", schema: null, questions: [] }, URL)).toEqual([]);
  });
});

describe("serializeJsonLd", () => {
  it("can never close the script element, and parses back to the same value", () => {
    const value = { text: "</script><script>alert(1)</script> <!-- & \u2028" };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
