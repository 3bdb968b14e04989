/**
 * What every page does in the browser once it is hydrated (issue 3, spec §3 and §4): the toasts,
 * the route loading bar, a fade between pages, the offline banner, a reload when a chunk fails to
 * load, and reports of DOM appendChild failures. None of it shows at first paint, so it is a chunk
 * of its own that client-behaviour.tsx loads after hydration instead of part of every first load.
 */
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { claimChunkReload, sessionStorageOrNull } from "./chunk-reload.ts";
import { reportClientError } from "./error-report.ts";
import { errorStackOf, errorTextOf, isAppendChildFailure, isChunkLoadFailure, isRedirectResponse } from "./error-signals.ts";
import { OfflineBanner } from "./offline-banner.tsx";
import { RouteLoadingBar } from "./route-loading-bar.tsx";
import { Toaster } from "./toaster.tsx";

/** Reloads the page after a failed chunk load unless it already did so within the last minute. */
function reloadAfterChunkFailure(): boolean {
  if (!claimChunkReload({ storage: sessionStorageOrNull(), now: Date.now })) return false;
  window.location.reload();
  return true;
}

/**
 * Reacts to one error or rejection seen by the window. `fallbackMessage` is the event's own
 * text, for errors that carry no object (a browser reporting an error from reportError() says
 * only "Uncaught " there, so the error object's text comes first).
 */
function handleFailure(reason: unknown, fallbackMessage = ""): boolean {
  // A redirect thrown by a loader or action is React Router's business, not a failure.
  if (isRedirectResponse(reason)) return false;
  const message = errorTextOf(reason) || fallbackMessage;
  if (isAppendChildFailure(message)) reportClientError(message, errorStackOf(reason));
  return isChunkLoadFailure(reason) || isChunkLoadFailure(message) ? reloadAfterChunkFailure() : false;
}

function isAbortError(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

function useWindowFailureListeners(): void {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      handleFailure(event.error, event.message);
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      // A request the router cancelled because a newer navigation took over (a form re-sent with its
      // proof of work, a quick second click) rejects with an AbortError: nothing failed, so it is not reported.
      if (isAbortError(event.reason)) {
        event.preventDefault();
        return;
      }
      handleFailure(event.reason);
    };
    // Vite's preload helper announces a failed chunk or stylesheet here; cancelling the event
    // stops it from throwing, which we only want when the page is about to reload.
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkFailure()) event.preventDefault();
    };
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => {
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("vite:preloadError", onPreloadError);
    };
  }, []);
}

/**
 * Fades the main content in after a change of page (CSS in client-behaviour.css, only without
 * prefers-reduced-motion). The attribute alternates so each change restarts the animation.
 */
function usePageFade(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const root = document.documentElement;
    root.dataset.routeFade = root.dataset.routeFade === "a" ? "b" : "a";
  }, [pathname]);
}

/** The toaster, loading bar and offline banner, and the window listeners. Needs the providers of ClientShell. */
export default function ClientBehaviour() {
  useWindowFailureListeners();
  usePageFade();
  return (
    <>
      <RouteLoadingBar />
      <OfflineBanner />
      <Toaster />
    </>
  );
}
