import { useEffect, useRef } from "react";
import { useI18n } from "#app/i18n/use-i18n.ts";

const SEEN_KEY = "hamsafar:first-page-modal";

/**
 * The agency's first-page message (advtop1 / showContentFirstPageModal): shown once per visit, in a
 * native modal dialog, which traps focus, closes on Escape and returns focus where it was.
 */
export function FirstPageModal({ text }: { text: string | null }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!text || !element) return;
    try {
      if (sessionStorage.getItem(SEEN_KEY) === text) return;
      sessionStorage.setItem(SEEN_KEY, text);
    } catch {
      // Storage can be unavailable (private modes); showing the message again is harmless.
    }
    if (!element.open) element.showModal();
  }, [text]);
  if (!text) return null;
  return (
    <dialog
      ref={dialog}
      aria-labelledby="first-page-modal-title"
      className="m-auto max-w-md rounded-xl p-0 shadow-2xl backdrop:bg-black/40"
    >
      <div className="p-6">
        <h2 id="first-page-modal-title" className="mb-3 text-lg font-bold">
          {t("home.firstModal.title")}
        </h2>
        <p className="mb-5 leading-8">{text}</p>
        <form method="dialog">
          <button type="submit" className="min-h-11 rounded-lg bg-brand px-5 py-2.5 font-bold text-on-brand">
            {t("home.firstModal.close")}
          </button>
        </form>
      </div>
    </dialog>
  );
}
