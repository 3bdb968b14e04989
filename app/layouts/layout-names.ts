/** The page layouts of spec §2. A route names its layout in its `handle`; anything else is default. */
export const LAYOUTS = ["default", "factor", "flight", "front", "home", "hotel", "index", "insurance", "outFlight", "train"] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export interface RouteHandle {
  layout?: LayoutName;
}

export function resolveLayout(name: unknown): LayoutName {
  return typeof name === "string" && (LAYOUTS as readonly string[]).includes(name) ? (name as LayoutName) : "default";
}

/** The deepest route that names a layout decides the page's layout. */
export function layoutOfMatches(matches: readonly { handle?: unknown }[]): LayoutName {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.layout !== undefined) return resolveLayout(handle.layout);
  }
  return "default";
}

/** Layouts that belong to a bookable service, and which service's band they show. */
export const SERVICE_LAYOUTS = ["flight", "hotel", "insurance", "outFlight", "train"] as const satisfies readonly LayoutName[];
