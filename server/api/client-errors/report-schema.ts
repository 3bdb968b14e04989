import { z } from "zod";
import { CLIENT_ERROR_FIELD_LIMITS, CLIENT_ERROR_PRIORITY_RANGE, PAGE_URL_LINE_PREFIX } from "#core/client-errors/limits.ts";

/** Reports one address may send in a window. */
export const CLIENT_ERROR_RATE_LIMIT = 20;
/** The window of that limit: ten minutes. */
export const CLIENT_ERROR_RATE_WINDOW_SECONDS = 10 * 60;

const MAX_PAGE_URL_LENGTH = 2048;
export const MAX_USER_AGENT_LENGTH = 512;

/** PostgreSQL text cannot hold NUL; it is dropped rather than letting a client cause a fault. */
export const withoutNul = (value: string) => value.replaceAll("\u0000", "");

function requiredText(max: number) {
  return z.string().trim().min(1).max(max).transform(withoutNul);
}

/** The request body; unknown fields are dropped, anything out of bounds refuses the report. */
export const clientErrorReportSchema = z.object({
  tikets_vaheds: requiredText(CLIENT_ERROR_FIELD_LIMITS.units).describe("The unit (team) the report is meant for, e.g. frontend."),
  tikets_title: requiredText(CLIENT_ERROR_FIELD_LIMITS.title).describe("A one-line summary."),
  subtiket_text: requiredText(CLIENT_ERROR_FIELD_LIMITS.text).describe(
    `The error text; a line starting "${PAGE_URL_LINE_PREFIX}" names the page (else the Referer does).`,
  ),
  tikets_olaviat: z
    .number()
    .int()
    .min(CLIENT_ERROR_PRIORITY_RANGE.min)
    .max(CLIENT_ERROR_PRIORITY_RANGE.max)
    .nullish()
    .describe("The client's priority, kept for display only."),
  task_time: z
    .string()
    .trim()
    .max(CLIENT_ERROR_FIELD_LIMITS.taskTime)
    .transform(withoutNul)
    .nullish()
    .describe("When the client saw the error, as it writes it."),
  category: requiredText(CLIENT_ERROR_FIELD_LIMITS.category).describe("e.g. client-error."),
});

export type ClientErrorReportInput = z.output<typeof clientErrorReportSchema>;

function httpUrl(candidate: string | undefined): string | null {
  if (!candidate) return null;
  try {
    const url = new URL(candidate.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.href.length <= MAX_PAGE_URL_LENGTH ? url.href : null;
  } catch {
    return null;
  }
}

/** The page a report is about: the text's `url: …` line, else the Referer; only http(s) URLs. */
export function pageUrlOf(text: string, referer: string | undefined): string | null {
  const line = text.split(/\r?\n/).find((candidate) => candidate.startsWith(PAGE_URL_LINE_PREFIX));
  return httpUrl(line?.slice(PAGE_URL_LINE_PREFIX.length)) ?? httpUrl(referer);
}
