/**
 * What every page does in the browser beyond its own content (issue 3, spec §3 and §4): toasts,
 * the route loading bar, a fade between pages, the offline banner, the browser flags, a reload
 * when a chunk fails to load, and reports of DOM appendChild failures.
 *
 * Mount `<ClientShell>{children}</ClientShell>` once around the page in the root layout. The
 * toasts' provider is here (the browser flags are hooks: useClientState); the behaviours
 * (client-extras.tsx) load after hydration, since nothing of them shows at first paint.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "#app/components/search/use-hydrated.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { ToastProvider } from "./toast.tsx";

const NoBehaviour = (): ReactNode => null;

// A chunk that cannot load (offline, a new deployment) leaves the page without these extras rather
// than throwing into the root error boundary: the page itself works without them.
const ClientBehaviour = lazy<ComponentType>(() => import("./client-extras.tsx").catch(() => ({ default: NoBehaviour })));

/** The toasts' provider around the page, and the behaviours after it once hydrated. */
export function ClientShell({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  // The behaviours' messages come with the page: the offline banner must speak without the network.
  useI18n().later("client.offline", "client.pageLoading", "client.dismissNotification");
  return (
    <ToastProvider
      toaster={
        hydrated ? (
          <Suspense fallback={null}>
            <ClientBehaviour />
          </Suspense>
        ) : null
      }
    >
      {children}
    </ToastProvider>
  );
}

export { useClientState, type ClientState, type WindowSizeClass } from "./client-state.tsx";
export { useToast, type ToastApi, type ToastMessage } from "./toast.tsx";
export { reportClientError } from "./error-report.ts";
