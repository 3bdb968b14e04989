import { describe, expect, it } from "vitest";
import { normalizeSearchText, searchKeys, searchPrefix } from "./normalize.ts";

describe("Persian-aware normalisation", () => {
  it("folds Arabic yeh and kaf into Persian ones", () => {
    expect(normalizeSearchText("كرمانشاه")).toBe(normalizeSearchText("کرمانشاه"));
    expect(normalizeSearchText("ياسوج")).toBe("یاسوج");
    expect(normalizeSearchText("موسى")).toBe("موسی");
  });

  it("treats the zero-width non-joiner and spaces alike", () => {
    expect(normalizeSearchText("بندر\u200cعباس")).toBe("بندر عباس");
    expect(normalizeSearchText("  بندر   عباس ")).toBe("بندر عباس");
  });

  it("drops diacritics, tatweel and hamza forms of alef", () => {
    expect(normalizeSearchText("مَشْهَد")).toBe("مشهد");
    expect(normalizeSearchText("مشهـــد")).toBe("مشهد");
    expect(normalizeSearchText("أصفهان")).toBe(normalizeSearchText("اصفهان"));
    expect(normalizeSearchText("آبادان")).toBe("ابادان");
    expect(normalizeSearchText("مكّة")).toBe("مکه");
  });

  it("reads Persian and Arabic-Indic digits as Latin", () => {
    expect(normalizeSearchText("۱۲۳")).toBe("123");
    expect(normalizeSearchText("١٢٣")).toBe("123");
  });

  it("folds Latin case and accents", () => {
    expect(normalizeSearchText("İstanbul")).toBe("istanbul");
    expect(normalizeSearchText("MHD")).toBe("mhd");
    expect(normalizeSearchText("Zürich")).toBe("zurich");
  });

  it("keeps nothing of markup or punctuation", () => {
    expect(normalizeSearchText("<script>alert(1)</script>")).toBe("script alert 1 script");
    expect(normalizeSearchText("'; drop table places; --")).toBe("drop table places");
    expect(normalizeSearchText("%%%")).toBe("");
  });

  it("gives each later word of a name its own key, and the name without spaces", () => {
    expect(searchKeys("Bandar Abbas")).toEqual(["bandar abbas", "bandarabbas", "abbas"]);
    expect(searchKeys("مشهد")).toEqual(["مشهد"]);
    expect(searchKeys("")).toEqual([]);
  });

  it("turns a query into a bounded prefix, or null when nothing is searchable", () => {
    expect(searchPrefix("  MaSh ")).toBe("mash");
    expect(searchPrefix("")).toBeNull();
    expect(searchPrefix("؟!")).toBeNull();
    expect(searchPrefix(undefined)).toBeNull();
    expect(searchPrefix("\uFFFD%A")).toBeNull();
    expect(searchPrefix("a".repeat(500))?.length).toBe(64);
  });
});
