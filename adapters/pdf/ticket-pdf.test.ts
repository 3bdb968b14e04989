import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "#core/i18n/locales.ts";
import { pdfFilledPaths, pdfGlyphs, pdfPageCount, pdfText, pdfToPng, pdfVisualLines, pngSize } from "../../tests/support/pdf.ts";
import { renderTicketPdf } from "./ticket-pdf.tsx";
import { SAMPLE_CODES, sampleTicket } from "./ticket-samples.ts";

/** The PNGs are written here to be looked at (test-results/ is not committed). */
const OUT = join(import.meta.dirname, "..", "..", "test-results", "pdf");
/** A4 is 595.28 points wide; at scale 2 mupdf gives this many pixels. */
const A4_WIDTH_AT_2 = Math.round(595.28 * 2);
const RENDER_TIMEOUT = 30_000;

/** A right-to-left line as drawn, read left to right: its characters in reverse. */
const drawnRtl = (text: string) => [...text].reverse().join("");

const rendered = new Map<Locale, Buffer>();

describe("renderTicketPdf", () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    // Persian first: an Arabic ticket rendered after a Persian one in the same process once lost
    // characters through fontkit's glyph cache (see fonts.ts); this order keeps that covered.
    for (const locale of ["fa", "en", "ar"] as const) {
      const started = performance.now();
      const pdf = await renderTicketPdf(sampleTicket(locale));
      const elapsed = Math.round(performance.now() - started);
      rendered.set(locale, pdf);
      writeFileSync(join(OUT, `ticket-${locale}.pdf`), pdf);
      writeFileSync(join(OUT, `ticket-${locale}.png`), pdfToPng(pdf, 0, 2));
      console.info(`ticket-${locale}: ${elapsed} ms, ${pdf.length} bytes`);
    }
  }, RENDER_TIMEOUT);

  describe.each(["fa", "en", "ar"] as const)("%s sample", (locale) => {
    const pdf = () => rendered.get(locale)!;

    it("is a one-page PDF", () => {
      expect(pdf().subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdfPageCount(pdf())).toBe(1);
    });

    it("holds every passenger's Latin name, each PNR and every ticket number as text", () => {
      const text = pdfText(pdf());
      for (const name of SAMPLE_CODES.latinNames) expect(text).toContain(name);
      for (const pnr of SAMPLE_CODES.pnrs) expect(text).toContain(pnr);
      for (const ticket of SAMPLE_CODES.tickets.flat()) expect(text).toContain(ticket);
      expect(text).toContain(SAMPLE_CODES.reference);
    });

    it("prints the company of a company purchase with its national id and economic code as stored", () => {
      const text = pdfText(pdf());
      expect(text).toContain(SAMPLE_CODES.companyNationalId);
      expect(text).toContain(SAMPLE_CODES.economicCode);
      if (locale === "en") expect(text).toContain(SAMPLE_CODES.companyName);
      expect(pdfVisualLines(pdf()).join("\n")).toContain(SAMPLE_CODES.companyNationalId);
    });

    it("draws codes left to right, wherever the line goes", () => {
      const lines = pdfVisualLines(pdf()).join("\n");
      for (const flight of SAMPLE_CODES.flightNumbers) expect(lines).toContain(flight);
      expect(lines).toContain(SAMPLE_CODES.tickets[0][0]);
      expect(lines).toContain(SAMPLE_CODES.reference);
      expect(lines).not.toContain("451 IR");
    });

    it("renders to a PNG as wide as A4 at scale 2", () => {
      const png = pdfToPng(pdf(), 0, 2);
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(pngSize(png)).toEqual({ width: A4_WIDTH_AT_2, height: Math.round(841.89 * 2) });
      expect(png.length).toBeGreaterThan(20_000);
    });
  });

  it("joins Persian letters: one letter is drawn with several contextual forms", () => {
    const glyphs = pdfGlyphs(rendered.get("fa")!).filter((glyph) => glyph.font.endsWith("Vazirmatn-Regular"));
    const formsOf = (letter: string) =>
      new Set(glyphs.filter((glyph) => glyph.unicode === letter.codePointAt(0)).map((glyph) => glyph.glyph)).size;
    // ی ends «علی» and starts «یوهانا»; ه starts «هواپیما» and ends «درگاه»; م, ر and س likewise.
    for (const letter of ["ی", "ه", "م", "س"]) expect(formsOf(letter), letter).toBeGreaterThanOrEqual(2);
  });

  it("lays Persian out right to left, with the reference, codes and digits in place", () => {
    const lines = pdfVisualLines(rendered.get("fa")!);
    const all = lines.join("\n");
    expect(pdfText(rendered.get("fa")!)).toContain(SAMPLE_CODES.reference);
    expect(all).toContain(drawnRtl("علی رضایی"));
    expect(all).toContain(drawnRtl("بلیت الکترونیکی هواپیما"));
    // A masked card inside a Persian sentence keeps its groups in order.
    expect(all).toContain("۶۰۳۷-****-****-۱۲۳۴");
    expect(all).toContain("۰۲۱-۹۱۰۰۴۵۶۷");
    // The passport number sits to the left of «گذرنامه», as it does in a browser.
    const passport = lines.find((line) => line.includes("C01X00T47"))!;
    expect(passport.indexOf("C01X00T47")).toBeLessThan(passport.indexOf(drawnRtl("گذرنامه")));
    // Right to left: the start of a row is on the right, so the status is right of the issue date.
    const meta = lines.find((line) => line.includes(drawnRtl("صادر شده")))!;
    expect(meta.indexOf(drawnRtl("صادر شده"))).toBeGreaterThan(meta.indexOf("۱۴۰۴/۰۵/۱۲"));
  });

  it("keeps every Arabic digit and letter when an Arabic ticket follows a Persian one", () => {
    const all = pdfVisualLines(rendered.get("ar")!).join("\n");
    expect(all).toContain("٢٤٬٣٠٠٬٠٠٠");
    expect(all).toContain("٢٤٬٦٠٠٬٠٠٠");
    expect(all).toContain("٧٥٠٬٠٠٠");
    expect(all).toContain("٢١:١٥");
    expect(all).toContain("٠٢١-٩١٠٠٤٥٦٧");
    expect(all).toContain(drawnRtl("يمكن استرداد التذكرة"));
  });

  it("lays English out left to right", () => {
    const lines = pdfVisualLines(rendered.get("en")!);
    expect(lines.join("\n")).toContain("Ali Rezaei");
    // Left to right: the status (the row's first cell) is left of the issue date.
    const meta = lines.find((line) => line.includes("3 Aug 2025, 14:30"))!;
    expect(meta.indexOf("Issued")).toBeGreaterThanOrEqual(0);
    expect(meta.indexOf("Issued")).toBeLessThan(meta.indexOf("3 Aug 2025, 14:30"));
  });

  it(
    "draws a simple SVG logo in a white tile, and shows the tenant's name alone when it cannot",
    async () => {
      const document = sampleTicket("en");
      document.tenant.logoSvg = '<svg viewBox="0 0 10 10"><text x="1" y="8">H</text></svg>';
      const withoutLogo = await renderTicketPdf(document);
      expect(pdfText(withoutLogo)).toContain("Hamsafar");
      const white = (fill: number[]) => fill.every((channel) => channel > 0.99);
      const withFills = pdfFilledPaths(rendered.get("en")!);
      const withoutFills = pdfFilledPaths(withoutLogo);
      // The tile, the logo's rounded square and its plane: three more filled shapes, two white.
      expect(withFills.length - withoutFills.length).toBe(3);
      expect(withFills.filter(white).length - withoutFills.filter(white).length).toBe(2);
    },
    RENDER_TIMEOUT,
  );

  it(
    "runs onto a second page for a large group, the footer on each page",
    async () => {
      const document = sampleTicket("fa");
      document.passengers = Array.from({ length: 16 }, (_, index) => ({
        ...document.passengers[index % 3]!,
        latinName: `PASSENGER ${index + 1}`,
      }));
      const pdf = await renderTicketPdf(document);
      expect(pdfPageCount(pdf)).toBe(2);
      const pages = pdfText(pdf).split("\f");
      expect(pages).toHaveLength(2);
      for (const page of pages) expect(page).toContain("hamsafar.example");
      expect(pdfText(pdf)).toContain("PASSENGER 16");
    },
    RENDER_TIMEOUT,
  );
});
