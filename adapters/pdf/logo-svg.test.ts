import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseLogoSvg } from "./logo-svg.ts";

const tenantLogo = (tenant: string) => readFileSync(join(import.meta.dirname, "..", "..", "public", "tenants", tenant, "logo.svg"), "utf8");

describe("parseLogoSvg", () => {
  it("reads the seeded tenants' logos: a viewBox and rect, circle and path shapes with their fills", () => {
    const hamsafar = parseLogoSvg(tenantLogo("hamsafar"));
    expect(hamsafar).toMatchObject({ viewBox: "0 0 64 64", aspect: 1 });
    expect(hamsafar?.shapes.map((shape) => shape.kind)).toEqual(["rect", "path"]);
    expect(hamsafar?.shapes[0]?.props).toEqual({ width: "64", height: "64", rx: "14", fill: "#0059A8" });
    expect(hamsafar?.shapes[1]?.props.fill).toBe("#fff");
    expect(parseLogoSvg(tenantLogo("parvaz-sabz"))?.shapes.map((shape) => shape.kind)).toEqual(["circle", "circle", "path"]);
    expect(parseLogoSvg(tenantLogo("safar-nur"))?.shapes).toHaveLength(2);
  });

  it("accepts an XML declaration, comments, a title, plain groups and paint attributes", () => {
    const logo = parseLogoSvg(
      `<?xml version="1.0"?>\n<!-- logo --><svg width="120" height="40" xmlns="http://www.w3.org/2000/svg"><title>Acme</title><g><rect x="0" y="0" width="40" height="40" fill="rgb(10, 20, 30)" fill-opacity=".5"/><polygon points="50,0 90,20 50,40" stroke="#123" stroke-width="2"></polygon></g></svg>`,
    );
    expect(logo).toMatchObject({ viewBox: "0 0 120 40", aspect: 3 });
    expect(logo?.shapes[0]?.props).toMatchObject({ fill: "rgb(10, 20, 30)", fillOpacity: ".5" });
    // SVG paints shapes black by default; react-pdf needs the fill spelled out.
    expect(logo?.shapes[1]?.props).toEqual({ points: "50,0 90,20 50,40", stroke: "#123", strokeWidth: "2", fill: "#000000" });
  });

  it.each([
    ["text", '<svg viewBox="0 0 10 10"><text x="1" y="8">H</text></svg>'],
    ["an image", '<svg viewBox="0 0 10 10"><image href="x.png" width="10" height="10"/></svg>'],
    ["a gradient fill", '<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="url(#g)"/></svg>'],
    ["a transform", '<svg viewBox="0 0 10 10"><g transform="scale(2)"><rect width="5" height="5"/></g></svg>'],
    ["CSS", '<svg viewBox="0 0 10 10"><rect width="10" height="10" style="fill:red"/></svg>'],
    ["a percentage size", '<svg viewBox="0 0 10 10"><rect width="100%" height="10"/></svg>'],
    ["no size at all", '<svg><rect width="10" height="10"/></svg>'],
    ["nothing drawn", '<svg viewBox="0 0 10 10"></svg>'],
    ["an unclosed element", '<svg viewBox="0 0 10 10"><g><rect width="10" height="10"/></svg>'],
    ["not SVG", "Hamsafar"],
    ["script", '<svg viewBox="0 0 10 10"><script>alert(1)</script><rect width="1" height="1"/></svg>'],
  ])("gives null for a logo with %s", (_what, markup) => {
    expect(parseLogoSvg(markup)).toBeNull();
  });
});
