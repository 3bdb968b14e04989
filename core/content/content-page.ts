/**
 * Content pages (about us, FAQ, rules, /pages/*) are stored as structured blocks rather than
 * HTML: an operator's text can never inject markup, so nothing needs sanitizing on the way out.
 */
export const CONTENT_SLUGS = [
  "contact",
  "aboutus",
  "faq",
  "tips",
  "rules",
  "cooperation",
  "flightinformation",
  "hostrate",
  "jobs",
  "refund",
  "sheba",
] as const;
export type ContentSlug = (typeof CONTENT_SLUGS)[number];

export type ContentBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "steps"; items: string[] };

export interface ContentQuestion {
  question: string;
  answer: string;
}
