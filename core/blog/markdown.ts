import MarkdownIt, { type MarkdownIt as MarkdownRenderer } from "markdown-it";

/**
 * A post's Markdown as safe HTML (ADR 0035), rendered once when the post is saved:
 * - no raw HTML at all: markdown-it's `html: false` writes any tag in the text as text;
 * - links only to http(s), mailto, tel, our own paths (/…) and anchors (#…); any other address
 *   (javascript:, vbscript:, data:, protocol-relative //host, however encoded) leaves the text
 *   unlinked. External links get rel="nofollow noopener noreferrer"; no target is ever written;
 * - images only from our own /blog-images/ path; any other image is shown as its alt text;
 * - headings start at h2, since the page's h1 is the post's title.
 */
const SAFE_ABSOLUTE = /^(?:https?:\/\/|mailto:|tel:)/i;
/** Our own path or an anchor: one leading slash (not two, not a backslash after it), or a #. */
const OWN_PATH = /^(?:\/(?![/\\])|#)/;
const IMAGE_PATH = /^\/blog-images\/[0-9a-f-]{36}\/\d{2,4}\.(?:webp|avif|jpg|png)$/;

function allowedLink(url: string): boolean {
  // Control characters and whitespace inside a scheme are how "java\tscript:" slips past a naive check.
  const cleaned = url.trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(cleaned)) return false;
  return SAFE_ABSOLUTE.test(cleaned) || OWN_PATH.test(cleaned);
}

function createRenderer(): MarkdownRenderer {
  const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false, breaks: false });
  md.validateLink = allowedLink;

  const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
  md.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    const target = String(token.attrGet("href") ?? "");
    token.attrs = (token.attrs ?? []).filter(([name]) => name === "href" || name === "title");
    if (/^https?:\/\//i.test(target)) token.attrSet("rel", "nofollow noopener noreferrer");
    return defaultLinkOpen(tokens, index, options, env, self);
  };

  md.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    const src = String(token.attrGet("src") ?? "");
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    if (!IMAGE_PATH.test(src)) return md.utils.escapeHtml(alt);
    const title = token.attrGet("title")?.toString();
    const titleAttr = title ? ` title="${md.utils.escapeHtml(title)}"` : "";
    return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}"${titleAttr} loading="lazy" decoding="async">`;
  };

  const shift = (tag: string) => (tag === "h1" ? "h2" : tag);
  md.renderer.rules.heading_open = (tokens, index, options, _env, self) => {
    tokens[index]!.tag = shift(tokens[index]!.tag);
    return self.renderToken(tokens, index, options);
  };
  md.renderer.rules.heading_close = (tokens, index, options, _env, self) => {
    tokens[index]!.tag = shift(tokens[index]!.tag);
    return self.renderToken(tokens, index, options);
  };
  return md;
}

let renderer: MarkdownRenderer | null = null;

/** The sanitised HTML of a post's body. */
export function renderPostMarkdown(markdown: string): string {
  renderer ??= createRenderer();
  return renderer.render(markdown);
}
