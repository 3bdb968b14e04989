import { useContext } from "react";
import { UNSAFE_FrameworkContext } from "react-router";

/**
 * The root route's style sheet as a React stylesheet resource (`precedence`), which React writes
 * first in <head>. As a plain <link> (how <Links/> writes it) it comes after the font preload and
 * the two dozen module preloads React hoists, and over HTTP/1.1's six connections per host the
 * render-blocking CSS waited behind them (Lighthouse's first paint). <Links/> still writes its own
 * <link> for the same URL, which the browser fetches once. Only the root's CSS, present on every
 * page: React never removes a stylesheet resource, so a route's own CSS stays with <Links/>.
 * The manifest comes from the framework context (exported as UNSAFE_, pinned router version).
 */
export function EarlyStylesheets() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const hrefs = framework?.manifest.routes.root?.css ?? [];
  return hrefs.map((href) => <link key={href} rel="stylesheet" href={href} precedence="default" />);
}
