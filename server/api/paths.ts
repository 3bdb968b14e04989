import { CLIENT_ERROR_REPORT_PATH } from "#core/client-errors/limits.ts";

/** Whether a path is the API's, answered in the envelope whatever goes wrong: /api/, and the spec's client error report. */
export function answersInEnvelope(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname === CLIENT_ERROR_REPORT_PATH;
}
