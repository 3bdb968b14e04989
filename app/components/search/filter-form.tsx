import type { ReactNode } from "react";
import { Form, useLocation, useSubmit } from "react-router";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { FilterActions } from "../flights/result-parts.tsx";

/**
 * The filter panel every results page shares (buses, trains, hotels): a GET form to the same page
 * that keeps the search in hidden fields, so filters work without JavaScript; with JavaScript a
 * change applies at once. A search box (`type="search"`) waits for Enter or the apply button, so
 * typing a name does not reload the list at every letter.
 */

/** The query of a results page without the given parameters: what the filter form keeps and "clear" leads back to. */
export function keptParams(search: string, dropped: readonly string[]): [string, string][] {
  return [...new URLSearchParams(search).entries()].filter(([name]) => !dropped.includes(name));
}

export function FilterForm({ id, keep, children }: { id: string; keep: [string, string][]; children: ReactNode }) {
  const { t } = useI18n();
  const submit = useSubmit();
  const { pathname } = useLocation();
  return (
    <Form
      id={id}
      method="get"
      action={pathname}
      className="flight-filters"
      aria-label={t("flights.filters")}
      onChange={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === "search") return;
        void submit(event.currentTarget, { preventScrollReset: true, replace: true });
      }}
    >
      {keep.map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <h2 className="flight-filters-title">{t("flights.filters")}</h2>
      {children}
      <FilterActions keep={keep} />
    </Form>
  );
}

/** One choice of a list filter: the value it sends, its name on the page and how many results it keeps. */
export interface FacetChoice {
  value: string;
  text: string;
  count: number;
  checked: boolean;
}

/**
 * A list filter: one checkbox per choice with its count. With `disableEmpty`, a choice that keeps
 * nothing cannot be chosen unless it already is (so a fixed list, such as price bands, never leads
 * to an empty page by itself).
 */
export function FacetGroup({
  legend,
  name,
  choices,
  disableEmpty = false,
}: {
  legend: string;
  name: string;
  choices: readonly FacetChoice[];
  disableEmpty?: boolean;
}) {
  const { number } = useI18n();
  return (
    <fieldset>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="filter-option">
          <input
            type="checkbox"
            name={name}
            value={choice.value}
            defaultChecked={choice.checked}
            disabled={disableEmpty && choice.count === 0 && !choice.checked}
          />
          <span>{choice.text}</span>
          <span className="filter-count">{number(choice.count)}</span>
        </label>
      ))}
    </fieldset>
  );
}
