/**
 * The back-office staff the e2e server starts with (global-setup.ts writes them into its folder
 * before the server opens it: a PGlite folder has one process at a time).
 */

/** An editor of the default agency (localhost): signs in through the login page with an SMS code. */
export const EDITOR_MOBILE = "09121113344";

/**
 * An agency of its own for the brand journey, so that changing its colour and logo touches no
 * page another test looks at. Its owner's session is made in the folder and handed over as cookies.
 */
export const BRAND_TENANT = { slug: "e2e-brand", host: "brand.localhost" } as const;
export const BRAND_OWNER_MOBILE = "09128880041";
