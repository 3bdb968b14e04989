/**
 * The insurance purchase's own part of the shared passengers page (issue 21 §3), shared by the
 * server (which reads the start of cover into the insurance selection's choices and sends its
 * refusal back onto this name) and the page. The plan and each traveller's birth date come in the
 * page's query (`offer`, `birth`…); the insured travellers are the booking's passengers, in order.
 */

/** What the passengers page shows of an insurance purchase. */
export interface InsuranceChoicesView {
  /** "Schengen Gold by Pasargad Insurance", in the page's language. */
  plan: string;
  /** The plan's cover length, in days. */
  days: number;
  /** Each insured traveller's price and age as the plan is priced now, in passenger order (before the form: the query's birth dates). */
  insured: { age: number; price: number | null }[];
  /** The plans page of the search, to choose another plan; null when editing a held booking. */
  plansHref: string | null;
  /** The start date's example in the page's calendar and digits. */
  example: string;
}

/** The first day of cover: a date typed in the page's calendar. */
export const START_FIELD = "startDate";
/** The insured travellers as a whole (birth dates that do not make the page's party). */
export const INSURED_FIELD = "insured";
