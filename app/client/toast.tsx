/**
 * Toasts (spec §4, NOTES.md): `useToast().push({ status: true, message, color })` shows a message
 * for 5 seconds in one of the palette's colours (core/ui/toast.ts), paused while the pointer is
 * over it or focus is in it. Screen readers hear it through a live region: polite for success,
 * info and warning, assertive for errors.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { DEFAULT_TOAST_COLOR, MAX_VISIBLE_TOASTS, type ToastColor } from "#core/ui/toast.ts";

/** Spec §3's notification message: pushed with status true, its text and colour (red by default). */
export interface ToastMessage {
  status: true;
  message: string;
  color?: ToastColor;
}

export interface ToastApi {
  /** Shows a toast and returns its id (null for an empty message). */
  push: (toast: ToastMessage) => number | null;
  dismiss: (id: number) => void;
}

export interface ShownToast {
  id: number;
  message: string;
  color: ToastColor;
}

const ToastApiContext = createContext<ToastApi | null>(null);
export const ToastListContext = createContext<{ toasts: ShownToast[]; dismiss: (id: number) => void }>({ toasts: [], dismiss: () => {} });

/**
 * The list of toasts reaches only `toaster`, beside the page rather than around it: a context
 * changing above a part of the page that has not hydrated yet (the search form's island) would
 * make React throw that part's server HTML away.
 */
export function ToastProvider({ children, toaster }: { children: ReactNode; toaster: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const lastId = useRef(0);

  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((toast) => toast.id !== id)), []);
  const push = useCallback((toast: ToastMessage) => {
    const message = toast.message.trim();
    if (!toast.status || message === "") return null;
    lastId.current += 1;
    const id = lastId.current;
    setToasts((shown) => [...shown, { id, message, color: toast.color ?? DEFAULT_TOAST_COLOR }].slice(-MAX_VISIBLE_TOASTS));
    return id;
  }, []);

  const api = useMemo(() => ({ push, dismiss }), [push, dismiss]);
  const list = useMemo(() => ({ toasts, dismiss }), [toasts, dismiss]);
  return (
    <ToastApiContext.Provider value={api}>
      {children}
      <ToastListContext.Provider value={list}>{toaster}</ToastListContext.Provider>
    </ToastApiContext.Provider>
  );
}

/**
 * Pushes toasts. A toast is never the only place an error is shown: a form error also stays on
 * its field (next to the input, tied to it with aria-describedby) until it is fixed, because a
 * toast disappears and may be missed.
 */
export function useToast(): ToastApi {
  const api = useContext(ToastApiContext);
  if (!api) throw new Error("useToast() needs a <ToastProvider> (ClientShell provides one) above it");
  return api;
}
