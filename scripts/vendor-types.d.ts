// subset-font ships no types: the one function this project calls.
declare module "subset-font" {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: "woff2" | "woff" | "truetype" | "sfnt";
      preserveNameIds?: number[];
      /** A variable font's axes pinned to a value or narrowed to a range (partial instancing). */
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Buffer>;
}

// fontverter ships no types: the conversion the font test uses.
declare module "fontverter" {
  const fontverter: { convert(font: Buffer, toFormat: "woff2" | "woff" | "truetype" | "sfnt"): Promise<Buffer> };
  export default fontverter;
}
