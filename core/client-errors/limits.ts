/**
 * The client error report of spec §7 (`POST /userTask/createtikets/0`): its fields and their
 * bounds, shared by the browser (which trims what it sends) and the server (which refuses more).
 */

/** The path browsers post reports to. */
export const CLIENT_ERROR_REPORT_PATH = "/userTask/createtikets/0";

/** The largest request body the server reads, in bytes (NOTES.md: a public write is bounded). */
export const CLIENT_ERROR_BODY_LIMIT_BYTES = 8 * 1024;

/** Longest value of each text field, in characters (UTF-16 code units, as JavaScript counts). */
export const CLIENT_ERROR_FIELD_LIMITS = {
  /** tikets_vaheds: the unit (team) the report is meant for. */
  units: 100,
  /** tikets_title */
  title: 200,
  /** subtiket_text: the error text, with the page URL on its own line. */
  text: 4000,
  /** category */
  category: 100,
  /** task_time: when the client saw the error, as the client writes it. */
  taskTime: 50,
} as const;

/** tikets_olaviat: the client's priority, an integer in this range; kept for display only. */
export const CLIENT_ERROR_PRIORITY_RANGE = { min: 0, max: 10 } as const;

/** The line of subtiket_text that carries the page URL: `url: https://…`. */
export const PAGE_URL_LINE_PREFIX = "url: ";

/** The body a browser sends. */
export interface ClientErrorReportBody {
  tikets_vaheds: string;
  tikets_title: string;
  subtiket_text: string;
  tikets_olaviat?: number;
  task_time?: string;
  category: string;
}
