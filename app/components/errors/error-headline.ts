import type { MessageKey } from "#core/i18n/messages.ts";

/** Spec §2 and §8: which message heads the error page for a status. */
export function errorHeadline(status: number): { title: MessageKey; detail: MessageKey | null } {
  if (status === 404 || status === 400) return { title: "error.notFound.title", detail: "error.notFound.code" };
  // A form whose CSRF token did not match: an old tab, a cleared cookie, or another site's form.
  if (status === 403) return { title: "error.formExpired.title", detail: "error.formExpired.detail" };
  if (status === 410) return { title: "error.gone", detail: null };
  if (status === 500) return { title: "error.internal", detail: "error.tryLater" };
  if (status === 504) return { title: "error.gatewayTimeout", detail: "error.tryLater" };
  return { title: "error.originUnreachable", detail: null };
}
