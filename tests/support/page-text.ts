/**
 * A page's HTML without the JSON islands that carry its messages (ADR 0033): they hold each
 * message the page rendered once more, as a template, so a test counting or forbidding a text in
 * the page reads the markup alone.
 */
export function withoutPageMessages(html: string): string {
  return html.replace(/<script type="application\/json" data-page-messages[^>]*>[\s\S]*?<\/script>/g, "");
}
