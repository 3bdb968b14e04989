import { Suspense, lazy, memo, type ComponentProps } from "react";
import type { SearchForm } from "./search-form.tsx";

type SearchFormProps = ComponentProps<typeof SearchForm>;

/**
 * The server renders the search form in place, with the page. The browser fetches the form's code
 * as a chunk of its own when hydration reaches it, so the page becomes interactive without it
 * (ADR 0039): until the chunk arrives React keeps the server's HTML of the form, which works as a
 * plain GET form, and hydrates it then. What a visitor types meanwhile is kept (SearchForm adopts it).
 */
const ServerSearchForm = import.meta.env.SSR ? (await import("./search-form.tsx")).SearchForm : null;
const BrowserSearchForm = lazy(() => import("./search-form.tsx").then((module) => ({ default: module.SearchForm })));

/**
 * Memoised: React gives up a boundary it has not hydrated yet, and shows its fallback, when the
 * boundary gets new props outside a transition; a page re-rendering for its own reasons must not
 * pass it any. (The fallback is otherwise seen only on a client navigation that beats the chunk.)
 */
export const SearchFormIsland = memo(function SearchFormIsland(props: SearchFormProps) {
  const Form = ServerSearchForm ?? BrowserSearchForm;
  return (
    <Suspense fallback={null}>
      <Form {...props} />
    </Suspense>
  );
});
