/** The toasts on screen (toast.tsx holds them); loaded after hydration with the rest of client-extras.tsx. */
import { useContext, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { TOAST_DURATION_MS, toastBackground, toastTextColor } from "#core/ui/toast.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { ToastListContext, type ShownToast } from "./toast.tsx";

/** After a pause, a toast stays at least this long, so it does not vanish as the pointer leaves. */
const MIN_REMAINING_AFTER_PAUSE_MS = 1_500;

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

/** The toasts, in two live regions that exist before the first toast, so additions are announced. */
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
