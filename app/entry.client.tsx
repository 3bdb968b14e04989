import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadCatalog } from "./i18n/load-catalog.ts";
import { handleMissingMessages, loadCatalogOnIntent, pageLocale, readPageMessages } from "./i18n/page-messages.ts";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

const locale = pageLocale();
handleMissingMessages();
loadCatalogOnIntent(locale);

// The server sent the messages this page rendered with its HTML: hydration needs nothing else.
// A document without them (an error page not rendered by React, an old cached copy) hydrates
// with the whole catalog instead; if that cannot load either, it stays as the server sent it.
if (readPageMessages()) hydrate();
else
  loadCatalog(locale).then(hydrate, (error: unknown) =>
    console.warn("The page's messages could not be loaded; it stays as the server sent it.", error),
  );
