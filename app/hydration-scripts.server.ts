const MODULE_PRELOAD = '<link rel="modulepreload"';
const MODULE_PRELOAD_AFTER_CONTENT = '<link rel="modulepreload" fetchpriority="low"';

/**
 * The page arrives rendered; its scripts only make it interactive. Fetched at low priority they
 * stop competing with the stylesheet, the font and the images the first paint needs (ADR 0038).
 * React Router's <Scripts> takes no attributes for its preload links, so the shell is edited.
 */
export function withHydrationScriptsAfterContent(shell: Buffer): Buffer {
  const html = shell.toString("utf8");
  return html.includes(MODULE_PRELOAD) ? Buffer.from(html.replaceAll(MODULE_PRELOAD, MODULE_PRELOAD_AFTER_CONTENT)) : shell;
}
