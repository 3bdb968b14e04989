import type { HotelRating } from "#core/hotels/hotel.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/** The parts of spec §3's `hotelRating`, in the spec's order; the total closes the list. */
const RATING_PARTS = ["quality", "facilities", "location", "price", "food", "relaxation", "staff", "cleaning"] as const;

/**
 * The guests' rating, part by part: each a labelled meter out of 10 with its number written beside
 * it (a meter alone is not read the same by every screen reader), then the total and how many rated.
 */
export function RatingBreakdown({ rating }: { rating: HotelRating }) {
  const { t, number } = useI18n();
  const score = (value: number) => number(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <section className="hotel-section hotel-rating" aria-labelledby="hotel-rating-heading">
      <h2 id="hotel-rating-heading" className="hotel-section-title">
        {t("hotelPage.rating.heading")}
      </h2>
      <p className="hotel-rating-total">
        <span className="hotel-rating-total-score">{t("hotelPage.rating.outOf", { score: score(rating.total) })}</span>{" "}
        <span className="hotel-rating-count">{t("hotelPage.rating.count", { count: rating.count })}</span>
      </p>
      <ul className="hotel-rating-parts">
        {RATING_PARTS.map((part) => (
          <li key={part} className="hotel-rating-part">
            <span id={`rating-${part}`} className="hotel-rating-label">
              {t(`hotelPage.rating.${part}`)}
            </span>
            <meter aria-labelledby={`rating-${part}`} min={0} max={10} low={5} high={8} optimum={10} value={rating[part]}>
              {score(rating[part])}
            </meter>
            <span className="hotel-rating-score" data-rating={part}>
              {score(rating[part])}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
