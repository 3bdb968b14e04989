import type { HeadersArgs } from "react-router";

/**
 * Response headers of a page whose loader sets its own: the site-wide ones from the root, with the
 * page's Cache-Control and Vary taking their place (a personal form must not be cached publicly).
 */
export function headers({ parentHeaders, loaderHeaders, errorHeaders }: HeadersArgs): Headers {
  const merged = new Headers(parentHeaders);
  for (const [key, value] of loaderHeaders) merged.set(key, value);
  if (errorHeaders) for (const [key, value] of errorHeaders) merged.set(key, value);
  return merged;
}
