/**
 * Renders each demo tenant's 200×100 social image (public/tenants/<slug>/social.png) from its
 * logo, name and button colour, in headless Chromium. Run after changing a demo tenant's branding:
 * `npx tsx scripts/social-images.ts`.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "playwright-core";
import { readableTextOn } from "#core/tenants/colors.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./chromium.ts";

const ROOT = resolve(import.meta.dirname, "..");
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS],
});
const font = readFileSync(resolve(ROOT, "node_modules/vazirmatn/fonts/webfonts/Vazirmatn[wght].woff2")).toString("base64");
try {
  const page = await browser.newPage({ viewport: { width: 200, height: 100 } });
  for (const { tenant } of DEMO_TENANTS) {
    if (!tenant.socialImage || !tenant.logo) continue;
    const logo = readFileSync(resolve(ROOT, "public", tenant.logo.replace(/^\//, ""))).toString("base64");
    const background = tenant.colors.button;
    await page.setContent(`<!doctype html><html dir="rtl"><head><style>
      @font-face{font-family:V;src:url(data:font/woff2;base64,${font}) format("woff2");font-weight:100 900}
      html,body{margin:0;width:200px;height:100px;overflow:hidden}
      body{display:flex;align-items:center;justify-content:center;gap:10px;background:${background};color:${readableTextOn(background)};font-family:V;font-weight:800;font-size:22px}
      img{width:48px;height:48px}
    </style></head><body><img src="data:image/svg+xml;base64,${logo}" alt=""><span>${tenant.nameCompany.fa}</span></body></html>`);
    await page.screenshot({ path: resolve(ROOT, "public", tenant.socialImage.replace(/^\//, "")) });
    console.log(`wrote ${tenant.socialImage}`);
  }
} finally {
  await browser.close();
}
