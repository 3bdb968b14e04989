import { Link, useLocation } from "react-router";
import type { InsuranceCover, InsuranceOffer, InsuranceZone } from "#core/insurance/insurance.ts";
import { SCHENGEN_MIN_COVER_EUR } from "#core/insurance/insurance.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { InsuranceResults, InsuranceResultsOutcome, OverAgeTraveller } from "#app/search/insurance-results.server.ts";
import { INSURANCE_SORTS, INSURER_PARAM, type InsuranceSort } from "./params.ts";
import { SortLinks, StaleNotice, useMoney } from "../flights/result-parts.tsx";
import { FacetGroup, FilterForm, keptParams } from "../search/filter-form.tsx";

/**
 * The plans of a travel insurance search (issue 21 §3): an insurer filter, price and cover sorts,
 * one card per plan with its cover in euros, the oldest age it takes and each traveller's price;
 * above them the Schengen rule and, for a traveller an insurer finds too old, the plans that
 * still take them.
 */

const ZONE_LABELS: Record<InsuranceZone, MessageKey> = {
  neighbours: "insurancePages.zone.neighbours",
  asia: "insurancePages.zone.asia",
  schengen: "insurancePages.zone.schengen",
  europe: "insurancePages.zone.europe",
  worldwide: "insurancePages.zone.worldwide",
};

const SORT_LABELS: Record<InsuranceSort, MessageKey> = {
  price: "insurancePages.sort.price",
  cover: "insurancePages.sort.cover",
};

/** The cover lines a card lists, in this order. */
const COVER_LINES: { key: keyof InsuranceCover; label: MessageKey }[] = [
  { key: "medical", label: "insurancePages.cover.medical" },
  { key: "evacuation", label: "insurancePages.cover.evacuation" },
  { key: "baggageLoss", label: "insurancePages.cover.baggage" },
  { key: "flightDelay", label: "insurancePages.cover.delay" },
  { key: "covid", label: "insurancePages.cover.covid" },
];

function useEuros() {
  const { t, number } = useI18n();
  return (amount: number) => t("insurancePages.euros", { amount: number(amount) });
}

function CoverList({ cover }: { cover: InsuranceCover }) {
  const { t } = useI18n();
  const euros = useEuros();
  const text = (value: number | boolean | null) =>
    typeof value === "boolean"
      ? t(value ? "insurancePages.cover.yes" : "insurancePages.cover.no")
      : value === null
        ? t("insurancePages.cover.no")
        : euros(value);
  return (
    <dl className="insurance-cover">
      {COVER_LINES.map(({ key, label }) => (
        <div key={key}>
          <dt>{t(label)}</dt>
          <dd>{text(cover[key])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Each traveller's price under the plan, or why the plan does not take them. */
function TravellerPrices({ offer }: { offer: InsuranceOffer }) {
  const { t } = useI18n();
  const money = useMoney();
  return (
    <ul className="insurance-travellers">
      {offer.quotes.map((quote, index) => (
        <li key={index} className={quote.accepted ? undefined : "offer-warning"}>
          <span>{t("insurancePages.traveller", { n: index + 1, age: quote.age })}</span>
          <span>{quote.accepted ? money(quote.price) : t("insurancePages.tooOld", { max: offer.maxAge })}</span>
        </li>
      ))}
    </ul>
  );
}

function PlanCard({ offer }: { offer: InsuranceResults["offers"][number] }) {
  const { t } = useI18n();
  const money = useMoney();
  return (
    <li className={`offer-card insurance-plan${offer.acceptsAll ? "" : " insurance-plan-refused"}`}>
      <div className="offer-airline">
        <div>
          <h3 className="offer-airline-name">{offer.name}</h3>
          <p className="offer-meta">
            {offer.insurer.name} · {t(ZONE_LABELS[offer.zone])}
          </p>
        </div>
      </div>
      <div className="insurance-plan-body">
        <CoverList cover={offer.cover} />
        <ul className="offer-facts">
          <li>{t("insurancePages.maxAge", { age: offer.maxAge })}</li>
          <li>{t("search.daysUpTo", { count: offer.maxDays })}</li>
        </ul>
        <TravellerPrices offer={offer} />
      </div>
      <div className="offer-price">
        {/* A plan refusing someone has no price for the party: only the travellers' lines say what it would charge whom. */}
        {offer.acceptsAll ? (
          <>
            <p className="offer-price-adult">{money(offer.total)}</p>
            <p className="offer-price-total">{t("insurancePages.total", { count: offer.quotes.length })}</p>
          </>
        ) : null}
        {offer.reserveHref ? (
          <Link
            to={offer.reserveHref}
            className="offer-select"
            aria-label={t("insurancePages.chooseFor", { plan: offer.name, insurer: offer.insurer.name, price: money(offer.total) })}
          >
            {t("insurancePages.choose")}
          </Link>
        ) : (
          <p className="insurance-not-all">{t("insurancePages.notForAll")}</p>
        )}
      </div>
    </li>
  );
}

/** Travellers some insurer finds too old: which plans still take each, or that none does. */
function OverAgeNotice({ travellers }: { travellers: OverAgeTraveller[] }) {
  const { t } = useI18n();
  if (travellers.length === 0) return null;
  return (
    <div className="insurance-over-age" role="status">
      {travellers.map((traveller) =>
        traveller.acceptedBy.length > 0 ? (
          <div key={traveller.index}>
            <p>{t("insurancePages.overAge.some", { n: traveller.index + 1, age: traveller.age })}</p>
            <ul>
              {traveller.acceptedBy.map((plan) => (
                <li key={plan.planId}>{t("insurancePages.overAge.plan", { plan: plan.name, insurer: plan.insurer, max: plan.maxAge })}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p key={traveller.index} className="insurance-over-age-none">
            {t("insurancePages.overAge.none", { n: traveller.index + 1, age: traveller.age })}
          </p>
        ),
      )}
    </div>
  );
}

function Filters({ results }: { results: InsuranceResults }) {
  const { t } = useI18n();
  const { search } = useLocation();
  return (
    <FilterForm id="insurance-filters" keep={keptParams(search, [INSURER_PARAM])}>
      <FacetGroup legend={t("insurancePages.filter.insurer")} name={INSURER_PARAM} choices={results.insurers} />
    </FilterForm>
  );
}

function Results({ results }: { results: InsuranceResults }) {
  const { t, number } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <div className="flight-results insurance-results">
      <StaleNotice searchedAt={results.searchedAt} />
      {results.schengen ? (
        <p className="insurance-schengen" role="note">
          {t("insurancePages.schengen", { amount: number(SCHENGEN_MIN_COVER_EUR) })}
        </p>
      ) : null}
      <OverAgeNotice travellers={results.overAge} />
      <div className="flight-results-body">
        {results.found > 0 ? <Filters results={results} /> : null}
        <div>
          {results.found > 0 ? (
            <>
              <a href="#insurance-filters" className="filters-jump">
                {t("flights.filters")}
              </a>
              <SortLinks
                sorts={INSURANCE_SORTS}
                current={results.sort}
                label={(sort) => SORT_LABELS[sort]}
                param={(sort) => (sort === "price" ? null : sort)}
              />
            </>
          ) : null}
          <section aria-label={t("insurancePages.listTitle")} className="flight-leg">
            <p className="flight-count" role="status">
              {results.offers.length === results.found
                ? t("insurancePages.found", { count: results.found })
                : t("insurancePages.shown", { count: results.offers.length, found: results.found })}
            </p>
            {results.offers.length === 0 ? (
              <div className="flight-empty" role="status">
                {results.found > 0 ? (
                  <>
                    <p>{t("insurancePages.emptyFiltered")}</p>
                    <Link to={`${pathname}?${new URLSearchParams(keptParams(search, [INSURER_PARAM])).toString()}`} replace>
                      {t("flights.filter.clear")}
                    </Link>
                  </>
                ) : (
                  <p>{t("insurancePages.empty")}</p>
                )}
              </div>
            ) : (
              <ol className="offer-list">
                {results.offers.map((offer) => (
                  <PlanCard key={offer.offerId} offer={offer} />
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

/** The plans of a search, or why they cannot be shown (no insurer configured, the insurer failed). */
export function InsuranceResultsView({ outcome }: { outcome: InsuranceResultsOutcome }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  if (outcome.ok) return <Results results={outcome} />;
  return (
    <div className="flight-empty" role="alert">
      <p>{t("insurancePages.unavailable")}</p>
      <Link to={`${pathname}${search}`} replace>
        {t("flights.searchAgain")}
      </Link>
    </div>
  );
}
