import { Link, useLocation } from "react-router";
import { hotelListPath } from "#core/hotels/hotel-paths.ts";
import type { HotelDetails } from "#core/hotels/hotel.ts";
import { localizePath } from "#core/i18n/locales.ts";
import { translate } from "#core/i18n/messages.ts";
import { SearchFormIsland } from "#app/components/search/search-form-island.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { pageMeta } from "#app/page-meta.ts";
import { rootDataOf } from "#app/route-meta.ts";
import { HotelComments } from "./comments.tsx";
import { HotelGallery } from "./gallery.tsx";
import type { CommentRefusal, HotelPageData } from "./page-data.ts";
import { HotelFacts } from "./page-details.tsx";
import { RatingBreakdown } from "./rating-breakdown.tsx";
import { HotelRooms } from "./rooms.tsx";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The stay parameters a hotel page and its city's list share. */
const STAY_QUERY = ["checkIn", "checkOut", "room"];

/** The hotel's name and city as the title; a page for one stay stays out of search engines. */
export function hotelPageMeta(matches: readonly MatchLike[], page: HotelPageData | undefined) {
  const root = rootDataOf(matches);
  if (!page) return pageMeta(root, "");
  const city = page.city?.name ?? page.hotel.city;
  const tags = pageMeta(root, translate(root?.locale ?? "fa", "hotelPage.title", { hotel: page.hotel.name, city }), page.hotel.description);
  return page.stay ? [...tags, { name: "robots", content: "noindex" }] : tags;
}

/** Stars as a screen reader says them, drawn for the eye; a house without stars says what kind of house it is. */
function HotelStars({ hotel }: { hotel: HotelDetails }) {
  const { t } = useI18n();
  if (hotel.stars === 0) return <p className="hotel-stars">{t(`hotelPage.kind.${hotel.kind}`)}</p>;
  return (
    <p className="hotel-stars">
      <span aria-hidden="true">{"★".repeat(hotel.stars)}</span>
      <span className="sr-only">{t("hotelPage.stars", { count: hotel.stars })}</span>
    </p>
  );
}

/** Back to the city's list, with the stay the visitor searched. */
function Breadcrumb({ page }: { page: HotelPageData }) {
  const { t, locale } = useI18n();
  const { search } = useLocation();
  const { hotel } = page;
  const listPath = hotelListPath(hotel);
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of STAY_QUERY) for (const value of current.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  const city = page.city?.name ?? hotel.city;
  return (
    <nav aria-label={t("hotelPage.breadcrumb")} className="hotel-breadcrumb">
      <ol>
        <li>
          <Link to={localizePath(locale, page.service === "hotel" ? "/hotel" : "/outHotel")}>{t(`nav.${page.service}`)}</Link>
        </li>
        <li>
          <Link to={`${localizePath(locale, listPath)}${query ? `?${query}` : ""}`}>{t("results.heading.city", { city })}</Link>
        </li>
        <li aria-current="page">{hotel.name}</li>
      </ol>
    </nav>
  );
}

/** The stay form on this page: open and asking for dates when none are chosen, folded above the rooms otherwise. */
function StayForm({ page }: { page: HotelPageData }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  if (!page.form) return null;
  const form = (
    <div className="search-card">
      <SearchFormIsland key={JSON.stringify(page.form.fields) + JSON.stringify(page.form.errors)} state={page.form} action={pathname} />
    </div>
  );
  if (!page.stay)
    return (
      <section className="hotel-section hotel-dates" aria-labelledby="hotel-dates-heading">
        <h2 id="hotel-dates-heading" className="hotel-section-title">
          {t("hotelPage.dates.heading")}
        </h2>
        <p>{t("hotelPage.dates.body")}</p>
        {form}
      </section>
    );
  return (
    <details className="results-change hotel-change">
      <summary className="results-change-summary">{t("hotelPage.dates.change")}</summary>
      {form}
    </details>
  );
}

/** The hotel page (issue 20 §3): who the hotel is, its pictures, its rooms for the stay, what it offers, its rating and comments. */
export function HotelPageScreen({ page, refusal }: { page: HotelPageData; refusal: CommentRefusal | null }) {
  const { t, number } = useI18n();
  const { hotel } = page;
  return (
    <article className="hotel-page">
      <Breadcrumb page={page} />
      <header className="hotel-header">
        <h1 className="hotel-name">{hotel.name}</h1>
        <HotelStars hotel={hotel} />
        <p className="hotel-header-address">{hotel.address}</p>
        <p className="hotel-header-rating">
          <a href="#hotel-rating-heading">
            {t("hotelPage.rating.short", {
              score: number(hotel.ratingBreakdown.total, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
              count: hotel.ratingBreakdown.count,
            })}
          </a>
        </p>
      </header>
      <HotelGallery images={hotel.gallery} hotelName={hotel.name} />
      <div className="hotel-columns">
        <div className="hotel-main">
          <StayForm page={page} />
          <HotelRooms page={page} />
          <HotelFacts hotel={hotel} hasMap={page.hasMap} />
        </div>
        <aside className="hotel-aside">
          <RatingBreakdown rating={hotel.ratingBreakdown} />
        </aside>
      </div>
      <HotelComments page={page} refusal={refusal} />
    </article>
  );
}
