/**
 * Spec §3's global flags that come from the browser: whether the visitor has moved the mouse or
 * touched the screen yet, the window's size class and whether the browser is online. The server
 * renders the defaults (not active, mobile, online); the browser takes over after hydration.
 */
import { useMemo, useSyncExternalStore } from "react";

export type WindowSizeClass = "mobile" | "tablet" | "desktop";

/** Below 768 px mobile, below 1024 px tablet, desktop from there. */
export const TABLET_MIN_WIDTH_PX = 768;
export const DESKTOP_MIN_WIDTH_PX = 1024;

const TABLET_QUERY = `(min-width: ${TABLET_MIN_WIDTH_PX}px)`;
const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

export interface ClientState {
  /** True after the first mouse move or touch (spec §4). */
  userActive: boolean;
  /** Mobile on the server and until the browser has measured (spec §3: mobile by default). */
  sizeClass: WindowSizeClass;
  /** From the browser's online and offline events. */
  online: boolean;
}

export const SERVER_CLIENT_STATE: ClientState = { userActive: false, sizeClass: "mobile", online: true };

function readSizeClass(): WindowSizeClass {
  if (window.matchMedia(DESKTOP_QUERY).matches) return "desktop";
  if (window.matchMedia(TABLET_QUERY).matches) return "tablet";
  return "mobile";
}

function subscribeSizeClass(onChange: () => void): () => void {
  const queries = [window.matchMedia(TABLET_QUERY), window.matchMedia(DESKTOP_QUERY)];
  for (const query of queries) query.addEventListener("change", onChange);
  return () => {
    for (const query of queries) query.removeEventListener("change", onChange);
  };
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Once true, for the rest of the page's life: the first mouse move or touch anywhere. */
let userActive = false;

function subscribeUserActive(onChange: () => void): () => void {
  if (userActive) return () => {};
  const markActive = () => {
    userActive = true;
    onChange();
  };
  const options = { once: true, passive: true } as const;
  window.addEventListener("mousemove", markActive, options);
  window.addEventListener("touchstart", markActive, options);
  return () => {
    window.removeEventListener("mousemove", markActive);
    window.removeEventListener("touchstart", markActive);
  };
}

const readOnline = () => navigator.onLine;
const readUserActive = () => userActive;

/**
 * The browser flags, read where they are used rather than handed down in a context: a context
 * whose value changes above a part of the page that has not hydrated yet (the search form's
 * island) makes React throw that part's server HTML away and show its fallback.
 */
export function useClientState(): ClientState {
  const sizeClass = useSyncExternalStore(subscribeSizeClass, readSizeClass, () => SERVER_CLIENT_STATE.sizeClass);
  const online = useSyncExternalStore(subscribeOnline, readOnline, () => SERVER_CLIENT_STATE.online);
  const active = useSyncExternalStore(subscribeUserActive, readUserActive, () => SERVER_CLIENT_STATE.userActive);
  return useMemo(() => ({ userActive: active, sizeClass, online }), [active, sizeClass, online]);
}
