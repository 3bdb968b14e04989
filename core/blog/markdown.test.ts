import { describe, expect, it } from "vitest";
import { renderPostMarkdown } from "./markdown.ts";

/**
 * Markdown an attacker may write into a post, and what must never come out of it: a tag or
 * attribute that runs script, or a link or image to anything but our safe schemes and paths.
 */
const CORPUS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<svg onload=alert(1)><circle r=1 /></svg>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](  javascript:alert(1))",
  "[click](java\tscript:alert(1))",
  "[click](&#106;avascript:alert(1))",
  "[click](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(1))",
  "[click](javascript&colon;alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](VBScript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](DATA:text/html,<script>alert(1)</script>)",
  "[click](file:///etc/passwd)",
  "[click](//evil.example/path)",
  "[click](/\\evil.example)",
  '[click](https://example.com "title\\" onmouseover=\\"alert(1)")',
  "[click](https://example.com 'a\" onclick=\"alert(1)')",
  '![x](https://evil.example/pixel.png "t\\" onerror=\\"alert(1)")',
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  '![x" onerror="alert(1)](/blog-images/00000000-0000-0000-0000-000000000000/480.webp)',
  "<javascript:alert(1)>",
  "<vbscript:msgbox(1)>",
  "<data:text/html,<script>alert(1)</script>>",
  "[a][ref]\n\n[ref]: javascript:alert(1)",
  '[a][ref]\n\n[ref]: &#106;avascript:alert(1) "t"',
  "```html\n<script>alert(1)</script>\n```",
  "`<img src=x onerror=alert(1)>`",
  "**<b onmouseover=alert(1)>bold</b>**",
  "<!-- <script>alert(1)</script> -->",
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<form action="javascript:alert(1)"><button>x</button></form>',
  "<object data=javascript:alert(1)></object>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "[x](https://example.com){target=_blank onclick=alert(1)}",
];

/** Tags the renderer may write; anything else in the output would be markup taken from input. */
const ALLOWED_TAGS = new Set([
  "p",
  "a",
  "img",
  "em",
  "strong",
  "code",
  "pre",
  "ul",
  "ol",
  "li",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "hr",
  "br",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "s",
]);
const ALLOWED_ATTRIBUTES = new Set(["href", "title", "rel", "src", "alt", "loading", "decoding", "class", "start", "style"]);

function tagsOf(html: string): { name: string; attributes: [string, string][] }[] {
  const tags: { name: string; attributes: [string, string][] }[] = [];
  for (const match of html.matchAll(/<\s*([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const attributes: [string, string][] = [...(match[2] ?? "").matchAll(/([^\s="']+)\s*=\s*"([^"]*)"/g)].map((attr) => [
      attr[1]!.toLowerCase(),
      attr[2]!,
    ]);
    tags.push({ name: match[1]!.toLowerCase(), attributes });
  }
  return tags;
}

describe("renderPostMarkdown", () => {
  it.each(CORPUS)("writes nothing executable for %j", (markdown) => {
    const html = renderPostMarkdown(markdown);
    for (const tag of tagsOf(html)) {
      expect(ALLOWED_TAGS.has(tag.name), `tag <${tag.name}> in ${html}`).toBe(true);
      for (const [name, value] of tag.attributes) {
        expect(ALLOWED_ATTRIBUTES.has(name), `attribute ${name} in ${html}`).toBe(true);
        expect(name.startsWith("on")).toBe(false);
        if (name === "style") expect(tag.name === "th" || tag.name === "td").toBe(true);
        if (name === "href") expect(value).toMatch(/^(https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i);
        if (name === "src") expect(value).toMatch(/^\/blog-images\//);
      }
    }
    expect(html).not.toMatch(/<(script|svg|math|iframe|object|style|form|meta|div)\b/i);
    expect(html).not.toMatch(/\bon\w+\s*=\s*"/i);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/<[^>]*\btarget=/i);
  });

  it("escapes raw HTML as text", () => {
    expect(renderPostMarkdown("<b>hi</b>")).toBe("<p>&lt;b&gt;hi&lt;/b&gt;</p>\n");
  });

  it("links to our own paths and safe schemes, external ones with nofollow noopener noreferrer", () => {
    expect(renderPostMarkdown("[tours](/tour/kish)")).toContain('<a href="/tour/kish">tours</a>');
    expect(renderPostMarkdown("[site](https://example.com/a)")).toContain(
      '<a href="https://example.com/a" rel="nofollow noopener noreferrer">site</a>',
    );
    expect(renderPostMarkdown("[mail](mailto:a@example.com)")).toContain('href="mailto:a@example.com"');
    expect(renderPostMarkdown("[call](tel:+982100000000)")).toContain('href="tel:+982100000000"');
  });

  it("leaves a link to a refused address as its text", () => {
    expect(renderPostMarkdown("[click](javascript:alert(1))")).toBe("<p>[click](javascript:alert(1))</p>\n");
  });

  it("shows images only from /blog-images/, others as their alt text", () => {
    const own = "/blog-images/0b6c2a3e-1d2f-4c5b-8a9e-123456789abc/960.webp";
    expect(renderPostMarkdown(`![Kish beach](${own})`)).toContain(`<img src="${own}" alt="Kish beach" loading="lazy" decoding="async">`);
    expect(renderPostMarkdown("![pixel](https://tracker.example/p.png)")).toBe("<p>pixel</p>\n");
  });

  it("starts headings at h2 (the page's h1 is the title)", () => {
    expect(renderPostMarkdown("# Kish\n\n## Beaches")).toBe("<h2>Kish</h2>\n<h2>Beaches</h2>\n");
  });

  it("keeps Persian text and link labels as they are", () => {
    expect(renderPostMarkdown("[تورهای کیش](/tour/kish) «عالی»")).toBe('<p><a href="/tour/kish">تورهای کیش</a> «عالی»</p>\n');
  });
});
