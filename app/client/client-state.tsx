/**
 * Spec §3's global flags that come from the browser: whether the visitor has moved the mouse or
 * touched the screen yet, the window's size class and whether the browser is online. The server
 * renders the defaults (not active, mobile, online); the browser takes over after hydration.
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from "react";

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

const ClientStateContext = createContext<ClientState>(SERVER_CLIENT_STATE);

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

const readOnline = () => navigator.onLine;
const serverSizeClass = (): WindowSizeClass => "mobile";
const serverOnline = () => true;

export function ClientStateProvider({ children }: { children: ReactNode }) {
  const sizeClass = useSyncExternalStore(subscribeSizeClass, readSizeClass, serverSizeClass);
  const online = useSyncExternalStore(subscribeOnline, readOnline, serverOnline);
  const [userActive, setUserActive] = useState(false);

  useEffect(() => {
    if (userActive) return;
    const markActive = () => setUserActive(true);
    const options = { once: true, passive: true } as const;
    window.addEventListener("mousemove", markActive, options);
    window.addEventListener("touchstart", markActive, options);
    return () => {
      window.removeEventListener("mousemove", markActive);
      window.removeEventListener("touchstart", markActive);
    };
  }, [userActive]);

  const value = useMemo(() => ({ userActive, sizeClass, online }), [userActive, sizeClass, online]);
  return <ClientStateContext.Provider value={value}>{children}</ClientStateContext.Provider>;
}

/** The browser flags; the server's defaults outside a ClientStateProvider. */
export function useClientState(): ClientState {
  return useContext(ClientStateContext);
}
