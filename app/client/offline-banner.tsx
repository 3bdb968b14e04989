/** A banner while the browser is offline, in the page's language, announced politely. */
import { useI18n } from "#app/i18n/use-i18n.ts";
import { useClientState } from "./client-state.tsx";

export function OfflineBanner() {
  const { online } = useClientState();
  const { t, later } = useI18n();
  // Shown when the network is gone, when the language could not be fetched: it comes with the page.
  later("client.offline");
  // The live region is always there; only its content comes and goes, so the change is announced.
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center px-4 pt-2">
      {online ? null : (
        <p className="offline-banner pointer-events-auto rounded-lg bg-gray-900 px-4 py-2 text-center text-white shadow-lg" data-offline="">
          {t("client.offline")}
        </p>
      )}
    </div>
  );
}
