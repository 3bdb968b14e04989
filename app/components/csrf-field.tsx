/**
 * The CSRF token of the visitor's browser, carried back by a form that posts (issue 9). Each page
 * loader with such a form returns `context.csrf.token()`; root data cannot carry it, since pages
 * are shared by caches and the token is per browser.
 */
export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name="csrf" value={token} />;
}
