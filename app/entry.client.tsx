import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, isLocale } from "#core/i18n/locales.ts";
import { loadCatalog } from "./i18n/load-catalog.ts";

const lang = document.documentElement.lang;

// The page's messages come first: hydrating without them would replace the server's text with keys.
// If they cannot be loaded, the page stays as the server sent it, which works without JavaScript.
loadCatalog(isLocale(lang) ? lang : DEFAULT_LOCALE).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (error: unknown) => console.warn("The page's messages could not be loaded; it stays as the server sent it.", error),
);
