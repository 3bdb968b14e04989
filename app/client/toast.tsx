/**
 * Toasts (spec §4, NOTES.md): `useToast().push({ status: true, message, color })` shows a message
 * for 5 seconds in one of the palette's colours (core/ui/toast.ts), paused while the pointer is
 * over it or focus is in it. Screen readers hear it through a live region: polite for success,
 * info and warning, assertive for errors.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import {
  DEFAULT_TOAST_COLOR,
  MAX_VISIBLE_TOASTS,
  TOAST_DURATION_MS,
  toastBackground,
  toastTextColor,
  type ToastColor,
} from "#core/ui/toast.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

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

interface ShownToast {
  id: number;
  message: string;
  color: ToastColor;
}

/** After a pause, a toast stays at least this long, so it does not vanish as the pointer leaves. */
const MIN_REMAINING_AFTER_PAUSE_MS = 1_500;

const ToastApiContext = createContext<ToastApi | null>(null);
const ToastListContext = createContext<{ toasts: ShownToast[]; dismiss: (id: number) => void }>({ toasts: [], dismiss: () => {} });

export function ToastProvider({ children }: { children: ReactNode }) {
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
      <ToastListContext.Provider value={list}>{children}</ToastListContext.Provider>
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

function ToastItem({ toast, onDismiss, dismissLabel }: { toast: ShownToast; onDismiss: (id: number) => void; dismissLabel: string }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(TOAST_DURATION_MS);
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current = Math.max(MIN_REMAINING_AFTER_PAUSE_MS, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, toast.id, onDismiss]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") onDismiss(toast.id);
  };

  return (
    <div
      className="pointer-events-auto flex w-full items-start gap-3 rounded-lg px-4 py-3 shadow-lg"
      style={{ backgroundColor: toastBackground(toast.color), color: toastTextColor(toast.color) }}
      data-toast-color={toast.color}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <p className="flex-1 leading-6">{toast.message}</p>
      <button
        type="button"
        className="toast-dismiss -me-1 rounded px-2 text-xl leading-6"
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The toasts on screen, in two live regions that exist from the first render so additions are announced. */
export function Toaster() {
  const { toasts, dismiss } = useContext(ToastListContext);
  const { t } = useI18n();
  const dismissLabel = t("client.dismissNotification");
  const render = (toast: ShownToast) => <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} dismissLabel={dismissLabel} />;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 mx-auto flex w-full max-w-sm flex-col gap-2 px-4">
      <div role="status" aria-live="polite" aria-atomic="false" className="flex flex-col gap-2">
        {toasts.filter((toast) => toast.color !== "error").map(render)}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="false" className="flex flex-col gap-2">
        {toasts.filter((toast) => toast.color === "error").map(render)}
      </div>
    </div>
  );
}
