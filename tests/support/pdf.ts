/**
 * Reading PDFs in tests with MuPDF (WASM, no native build): rasterise a page to PNG to look at
 * it, extract its text to assert on it, count its pages.
 */
import * as mupdf from "mupdf";

function open(pdf: Uint8Array): mupdf.Document {
  return mupdf.Document.openDocument(pdf, "application/pdf");
}

/** The number of pages of a PDF. */
export function pdfPageCount(pdf: Uint8Array): number {
  const document = open(pdf);
  try {
    return document.countPages();
  } finally {
    document.destroy();
  }
}

/** One page of a PDF as a PNG, `scale` pixels per PDF point (2 gives 1190 px for A4's width). */
export function pdfToPng(pdf: Uint8Array, page = 0, scale = 2): Buffer {
  const document = open(pdf);
  try {
    const loaded = document.loadPage(page);
    const pixmap = loaded.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      return Buffer.from(pixmap.asPNG());
    } finally {
      pixmap.destroy();
      loaded.destroy();
    }
  } finally {
    document.destroy();
  }
}

/** The text of every page of a PDF, pages separated by a form feed. */
export function pdfText(pdf: Uint8Array): string {
  const document = open(pdf);
  try {
    const pages: string[] = [];
    for (let index = 0; index < document.countPages(); index += 1) {
      const page = document.loadPage(index);
      const text = page.toStructuredText("preserve-whitespace");
      pages.push(text.asText());
      text.destroy();
      page.destroy();
    }
    return pages.join("\f");
  } finally {
    document.destroy();
  }
}

export interface PdfGlyph {
  font: string;
  /** The glyph id in the embedded font: contextual forms of one letter have different ids. */
  glyph: number;
  /** The character the PDF maps the glyph back to. */
  unicode: number;
  /** Where it is drawn, in PDF points from the top left. */
  x: number;
  y: number;
}

/** Every glyph drawn on a page, in drawing order. */
export function pdfGlyphs(pdf: Uint8Array, page = 0): PdfGlyph[] {
  const document = open(pdf);
  const glyphs: PdfGlyph[] = [];
  const collect = (text: mupdf.Text, ctm: mupdf.Matrix) => {
    let font = "";
    text.walk({
      beginSpan(spanFont) {
        font = spanFont.getName();
      },
      showGlyph(_font, trm, glyph, unicode) {
        const [x, y] = mupdf.Matrix.concat(trm, ctm).slice(4) as [number, number];
        glyphs.push({ font, glyph, unicode, x, y });
      },
    });
  };
  try {
    const loaded = document.loadPage(page);
    const device = new mupdf.Device({ fillText: collect, ignoreText: collect });
    loaded.run(device, mupdf.Matrix.identity);
    device.close();
    loaded.destroy();
    return glyphs;
  } finally {
    document.destroy();
  }
}

/** The colour of every filled path on a page (RGB, 0 to 1), in drawing order. */
export function pdfFilledPaths(pdf: Uint8Array, page = 0): number[][] {
  const document = open(pdf);
  const fills: number[][] = [];
  try {
    const loaded = document.loadPage(page);
    const device = new mupdf.Device({
      fillPath(_path, _evenOdd, _ctm, _colorspace, color) {
        fills.push([...color]);
      },
    });
    loaded.run(device, mupdf.Matrix.identity);
    device.close();
    loaded.destroy();
    return fills;
  } finally {
    document.destroy();
  }
}

/** Characters that draw nothing: bidi controls and zero-width joiners. */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069]/u;

/**
 * The text of a page as it appears, line by line, each line's characters from left to right
 * (so a right-to-left line reads backwards, and a code inside it reads forwards only if it was
 * laid out the right way). Glyphs on the same baseline (within half a point) form a line.
 */
export function pdfVisualLines(pdf: Uint8Array, page = 0): string[] {
  const lines = new Map<number, PdfGlyph[]>();
  for (const glyph of pdfGlyphs(pdf, page)) {
    const char = String.fromCodePoint(glyph.unicode);
    if (glyph.unicode <= 0 || INVISIBLE.test(char)) continue;
    const key = [...lines.keys()].find((y) => Math.abs(y - glyph.y) < 0.5) ?? glyph.y;
    lines.set(key, [...(lines.get(key) ?? []), glyph]);
  }
  return [...lines.entries()]
    .sort(([one], [other]) => one - other)
    .map(([, glyphs]) =>
      glyphs
        .sort((one, other) => one.x - other.x)
        .map((glyph) => String.fromCodePoint(glyph.unicode))
        .join(""),
    );
}

/** The width and height in pixels written in a PNG's header. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
