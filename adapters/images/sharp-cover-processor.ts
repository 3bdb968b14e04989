import sharp from "sharp";
import type { CoverImageProcessor, ImageVariant } from "#core/blog/ports.ts";
import { MIN_COVER_WIDTH } from "#core/blog/write-posts.ts";

/** Narrower than this is refused (core/blog/write-posts.ts says why). */
const MIN_WIDTH = MIN_COVER_WIDTH;
/** Decoding stops at this many pixels (a "decompression bomb" is refused, not decoded). */
const MAX_PIXELS = 40_000_000;

/**
 * Covers with sharp (libvips): the upload decoded (a file that does not decode as an image is
 * refused whatever its first bytes said), turned upright by its EXIF orientation with the
 * metadata dropped, and written at each width no larger than the original in WebP, AVIF and its
 * own format.
 */
export function createSharpCoverProcessor(): CoverImageProcessor {
  return {
    async process(bytes, widths) {
      let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
      try {
        meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
      } catch {
        return { ok: false, error: "IMAGE_UNREADABLE" };
      }
      const fallback = meta.format === "png" ? "png" : meta.format === "webp" ? "webp" : meta.format === "jpeg" ? "jpg" : null;
      if (!fallback || !meta.width || !meta.height) return { ok: false, error: "IMAGE_UNREADABLE" };
      // Width and height as shown, after the EXIF rotation.
      const rotated = (meta.orientation ?? 1) >= 5;
      const width = rotated ? meta.height : meta.width;
      const height = rotated ? meta.width : meta.height;
      if (width < MIN_WIDTH) return { ok: false, error: "IMAGE_TOO_SMALL" };
      const sizes = widths.filter((size) => size <= width);
      if (sizes.length === 0) sizes.push(width);
      const variants: ImageVariant[] = [];
      try {
        for (const size of sizes) {
          const base = sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: size, withoutEnlargement: true });
          // The fallback in WebP is the WebP itself: one file, not two.
          const [webp, avif, own] = await Promise.all([
            base.clone().webp({ quality: 78 }).toBuffer(),
            base.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
            fallback === "png"
              ? base.clone().png({ compressionLevel: 9 }).toBuffer()
              : fallback === "jpg"
                ? base.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer()
                : null,
          ]);
          variants.push({ width: size, format: "webp", bytes: webp }, { width: size, format: "avif", bytes: avif });
          if (own && fallback !== "webp") variants.push({ width: size, format: fallback, bytes: own });
        }
      } catch {
        return { ok: false, error: "IMAGE_UNREADABLE" };
      }
      return { ok: true, width, height, fallback, variants };
    },
  };
}
