import type { Gender, NormalizedPassenger } from "../passengers/passenger-rules.ts";

/**
 * A traveller's account at one agency (issue 9). It is opened by the first sign-in with a mobile
 * number; everything else in it is optional and filled in the user panel.
 */
export interface Account {
  id: string;
  tenantId: string;
  /** What the `user_id` display cookie and the API show: random, never the database key (NOTES.md). */
  publicId: string;
  /** 09 and nine digits. */
  mobile: string;
  profile: Profile;
  createdAt: Date;
}

export interface Profile {
  firstName: string | null;
  lastName: string | null;
  firstNameLatin: string | null;
  lastNameLatin: string | null;
  /** 10 Latin digits. */
  nationalCode: string | null;
  /** ISO (Gregorian). */
  birthDate: string | null;
  gender: Gender | null;
  email: string | null;
}

export const EMPTY_PROFILE: Profile = {
  firstName: null,
  lastName: null,
  firstNameLatin: null,
  lastNameLatin: null,
  nationalCode: null,
  birthDate: null,
  gender: null,
  email: null,
};

/** One person of the previous-passengers list: a booking passenger without the booking's type and seat. */
export type SavedPassengerFields = Omit<NormalizedPassenger, "type">;

export interface SavedPassenger extends SavedPassengerFields {
  id: string;
  updatedAt: Date;
}

/** A signed-in session: a cookie in a browser ("web") or a bearer token of an app ("api"). */
export interface Session {
  id: string;
  tenantId: string;
  userId: string;
  kind: SessionKind;
  createdAt: Date;
  expiresAt: Date;
}

export type SessionKind = "web" | "api";

/** How the panel and the header name a traveller: their name when they gave one, else their number with the middle hidden. */
export function displayName(account: Pick<Account, "mobile" | "profile">): string {
  const name = [account.profile.firstName, account.profile.lastName].filter(Boolean).join(" ").trim();
  if (name) return name;
  return `${account.mobile.slice(0, 4)}***${account.mobile.slice(-4)}`;
}

/** A random public id (16 url-safe letters, 96 bits), for the display cookie and the API. */
export function newPublicId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  // 64 letters divide 256, so every letter is equally likely.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => alphabet[byte % 64]).join("");
}
