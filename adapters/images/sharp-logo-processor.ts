import sharp from "sharp";
import type { LogoImageProcessor } from "#core/back-office/brand.ts";

/** Smaller than this on either side is refused: the storefront shows a header logo 44 to 52 px tall. */
const MIN_SIDE = 32;
/** Larger than this on either side is refused before decoding: no logo needs it, a "decompression bomb" might. */
const MAX_SIDE = 6000;
/** The stored logo fits in this box (twice the largest size a theme shows, for sharp screens). */
const BOX = { width: 800, height: 240 } as const;

/**
 * Logos with sharp (libvips): decoded (a file that does not decode is refused whatever its first
 * bytes said), turned upright by its EXIF orientation with the metadata dropped, shrunk (never
 * enlarged) to fit BOX and written as PNG, which keeps a transparent background.
 */
export function createSharpLogoProcessor(): LogoImageProcessor {
  return {
    async process(bytes) {
      let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
      try {
        meta = await sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE }).metadata();
      } catch {
        return { ok: false, error: "IMAGE_UNREADABLE" };
      }
      if (!["png", "jpeg", "webp"].includes(meta.format ?? "") || !meta.width || !meta.height)
        return { ok: false, error: "IMAGE_UNREADABLE" };
      if (meta.width > MAX_SIDE || meta.height > MAX_SIDE) return { ok: false, error: "IMAGE_DIMENSIONS" };
      if (meta.width < MIN_SIDE || meta.height < MIN_SIDE) return { ok: false, error: "IMAGE_TOO_SMALL" };
      try {
        const { data, info } = await sharp(bytes, { limitInputPixels: MAX_SIDE * MAX_SIDE })
          .rotate()
          .resize({ ...BOX, fit: "inside", withoutEnlargement: true })
          .png({ compressionLevel: 9 })
          .toBuffer({ resolveWithObject: true });
        return { ok: true, width: info.width, height: info.height, variant: { width: info.width, format: "png", bytes: data } };
      } catch {
        return { ok: false, error: "IMAGE_UNREADABLE" };
      }
    },
  };
}
