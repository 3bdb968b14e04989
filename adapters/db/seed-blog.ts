import { randomUUID } from "node:crypto";
import sharp from "sharp";
import type { CoverImageProcessor, BlogImageStore, BlogPostRepository } from "#core/blog/ports.ts";
import type { CoverImage } from "#core/blog/post.ts";
import { COVER_WIDTHS, createPost, publishPost } from "#core/blog/write-posts.ts";
import { LOCALES } from "#core/i18n/locales.ts";
import { DEMO_ARTICLES, type DemoArticle } from "#seed/blog/posts.ts";

/** Drawn on a 1440 × 810 canvas, rasterised at 960 wide: two stored widths keep the first start quick. */
const W = 1440;
const H = 810;
const RASTER_WIDTH = 960;

/** The demo covers, drawn: a beach with palms, a golden dome at dusk, a train on a plain at sunrise. */
function coverSvg(kind: DemoArticle["cover"]): string {
  const sky = {
    kish: ["#4fc3f7", "#e1f5fe"],
    mashhad: ["#f57c00", "#ffe0b2"],
    train: ["#ffb74d", "#fff3e0"],
  }[kind];
  const defs = `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>`;
  const back = `<rect width="${W}" height="${H}" fill="url(#s)"/>`;
  if (kind === "kish") {
    const palm = (x: number, h: number) =>
      `<rect x="${x}" y="${560 - h}" width="16" height="${h}" fill="#6d4c41"/>` +
      [-60, -25, 25, 60]
        .map(
          (dx) =>
            `<ellipse cx="${x + 8 + dx}" cy="${560 - h + 10}" rx="70" ry="18" fill="#2e7d32" transform="rotate(${dx / 3} ${x + 8} ${560 - h})"/>`,
        )
        .join("");
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs}${back}<circle cx="1150" cy="170" r="70" fill="#fff59d"/><rect y="430" width="${W}" height="160" fill="#26c6da"/><rect y="470" width="${W}" height="40" fill="#4dd0e1" opacity="0.6"/><path d="M0 590 Q720 530 ${W} 590 L${W} ${H} L0 ${H} Z" fill="#ffe0b2"/>${palm(180, 300)}${palm(330, 240)}${palm(1240, 280)}</svg>`;
  }
  if (kind === "mashhad") {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs}${back}<circle cx="300" cy="200" r="60" fill="#fff8e1" opacity="0.9"/><rect x="520" y="430" width="400" height="240" fill="#1565c0"/><path d="M560 430 Q720 170 880 430 Z" fill="#ffca28"/><rect x="712" y="220" width="16" height="60" fill="#ffca28"/><rect x="440" y="260" width="40" height="410" fill="#1e88e5"/><rect x="960" y="260" width="40" height="410" fill="#1e88e5"/><path d="M440 260 L460 210 L480 260 Z" fill="#ffca28"/><path d="M960 260 L980 210 L1000 260 Z" fill="#ffca28"/><rect y="670" width="${W}" height="140" fill="#5d4037"/>${[90, 200, 1180, 1300].map((x) => `<circle cx="${x}" cy="600" r="70" fill="#e65100"/><rect x="${x - 6}" y="600" width="12" height="80" fill="#4e342e"/>`).join("")}</svg>`;
  }
  const cars = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="${260 + i * 190}" y="470" width="180" height="90" rx="12" fill="${i === 0 ? "#c62828" : "#37474f"}"/>${[0, 1, 2].map((w) => `<rect x="${280 + i * 190 + w * 55}" y="490" width="40" height="30" fill="#fffde7"/>`).join("")}`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${defs}${back}<circle cx="1100" cy="360" r="90" fill="#ffeb3b"/><path d="M0 520 L300 380 L560 500 L860 340 L1180 490 L${W} 400 L${W} ${H} L0 ${H} Z" fill="#8d6e63" opacity="0.6"/><rect y="560" width="${W}" height="250" fill="#c5a572"/><rect y="575" width="${W}" height="8" fill="#5d4037"/><rect y="600" width="${W}" height="8" fill="#5d4037"/>${cars}</svg>`;
}

/**
 * The demo agencies' magazine: every article in each language the tenant speaks, published
 * `daysAgo` days before `now`, with its drawn cover (drawn and resized once per article, stored
 * per tenant). Only for a tenant that has no post yet, so an agency's own edits are never undone.
 */
export async function seedDemoBlog(
  deps: { posts: BlogPostRepository; images: BlogImageStore; processor: CoverImageProcessor; changed: () => Promise<void> },
  tenants: readonly { id: string; locales: readonly string[] }[],
  now: Date,
): Promise<number> {
  const fresh: { id: string; locales: readonly string[] }[] = [];
  for (const tenant of tenants) if ((await deps.posts.listAll(tenant.id)).length === 0) fresh.push(tenant);
  if (fresh.length === 0) return 0;
  let written = 0;
  for (const article of DEMO_ARTICLES) {
    const png = await sharp(Buffer.from(coverSvg(article.cover)))
      .resize({ width: RASTER_WIDTH })
      .png()
      .toBuffer();
    const processed = await deps.processor.process(png, COVER_WIDTHS);
    const at = new Date(now.getTime() - article.daysAgo * 86_400_000);
    const writeDeps = { posts: deps.posts, clock: { now: () => at }, newId: randomUUID, changed: async () => {} };
    for (const tenant of fresh) {
      let cover: CoverImage | null = null;
      if (processed.ok) {
        const id = await deps.images.save({
          tenantId: tenant.id,
          width: processed.width,
          height: processed.height,
          variants: processed.variants,
          createdAt: at,
        });
        cover = {
          id,
          width: processed.width,
          height: processed.height,
          widths: [...new Set(processed.variants.map((v) => v.width))],
          fallback: processed.fallback,
        };
      }
      for (const locale of LOCALES) {
        if (!tenant.locales.includes(locale)) continue;
        const version = article.versions[locale];
        const created = await createPost(writeDeps, {
          tenantId: tenant.id,
          fields: {
            locale,
            slug: version.slug,
            title: version.title,
            summary: version.summary,
            coverAlt: version.coverAlt,
            bodyMarkdown: version.body,
            categories: version.categories,
            tags: version.tags,
            authorName: version.author,
            relatedLinks: version.links,
            translationKey: article.translationKey,
          },
        });
        if (!created.ok || !created.after)
          throw new Error(`demo post ${article.translationKey}/${locale} was refused: ${JSON.stringify(created)}`);
        await deps.posts.update({ ...created.after, cover });
        await publishPost(writeDeps, { tenantId: tenant.id, id: created.after.id });
        written += 1;
      }
    }
  }
  await deps.changed();
  return written;
}
