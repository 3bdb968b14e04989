import type { HotelListing } from "#core/hotels/hotel.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

/**
 * Where the hotels of a list are. A tenant with a map token (site config `mapToken`) gets a map;
 * a real tile map needs its provider's script and tiles, which the storefront cannot load (it
 * serves everything itself and runs offline in tests), so the map is a static SVG that places
 * each hotel by its coordinates relative to the others: north up, east right, longitude narrowed
 * by the latitude's cosine so distances keep their proportions. Each marker is a link to its card
 * and carries the hotel's name; a numbered list of names and addresses follows for everyone.
 * Without a token the page shows that list alone.
 */

type Placed = Pick<HotelListing, "hotelId" | "name" | "address" | "location">;

const WIDTH = 400;
const HEIGHT = 260;
const PADDING = 24;
const MARKER_RADIUS = 11;
/** Enough to clear a crowded street; past it a marker may overlap rather than loop on. */
const MAX_NUDGES = 200;

/** The hotels' positions in the drawing, each coordinate scaled into the box with the same factor on both axes. */
export function mapPositions(hotels: readonly Placed[]): { x: number; y: number }[] {
  if (hotels.length === 0) return [];
  const middleLat = hotels.reduce((sum, hotel) => sum + hotel.location.lat, 0) / hotels.length;
  const squeeze = Math.cos((middleLat * Math.PI) / 180);
  const xs = hotels.map((hotel) => hotel.location.lng * squeeze);
  const ys = hotels.map((hotel) => hotel.location.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(spanX > 0 ? (WIDTH - 2 * PADDING) / spanX : Infinity, spanY > 0 ? (HEIGHT - 2 * PADDING) / spanY : Infinity);
  // One hotel, or all at one spot: the middle of the box.
  const factor = Number.isFinite(scale) ? scale : 0;
  const offsetX = (WIDTH - spanX * factor) / 2;
  const offsetY = (HEIGHT - spanY * factor) / 2;
  const placed: { x: number; y: number }[] = [];
  xs.forEach((x, index) => {
    let point = { x: offsetX + (x - minX) * factor, y: offsetY + (maxY - ys[index]!) * factor };
    // Hotels on one street would hide each other: a marker that would cover another steps aside, round and round.
    for (
      let step = 1;
      step <= MAX_NUDGES && placed.some((other) => Math.hypot(other.x - point.x, other.y - point.y) < MARKER_RADIUS * 2);
      step += 1
    ) {
      const angle = step * 2.4;
      const reach = MARKER_RADIUS * 2 * Math.sqrt(step);
      point = {
        x: Math.min(WIDTH - MARKER_RADIUS, Math.max(MARKER_RADIUS, offsetX + (x - minX) * factor + reach * Math.cos(angle))),
        y: Math.min(HEIGHT - MARKER_RADIUS, Math.max(MARKER_RADIUS, offsetY + (maxY - ys[index]!) * factor + reach * Math.sin(angle))),
      };
    }
    placed.push(point);
  });
  return placed.map(({ x, y }) => ({ x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 }));
}

function ResultsMap({ hotels }: { hotels: readonly Placed[] }) {
  const { t, number } = useI18n();
  const positions = mapPositions(hotels);
  return (
    <figure className="hotel-map">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label={t("hotelResults.map.label")}
        className="hotel-map-drawing"
        width={WIDTH}
        height={HEIGHT}
      >
        <rect x="0" y="0" width={WIDTH} height={HEIGHT} rx="8" className="hotel-map-ground" />
        {hotels.map((hotel, index) => {
          const { x, y } = positions[index]!;
          return (
            <a key={hotel.hotelId} href={`#hotel-${hotel.hotelId}`} aria-label={hotel.name}>
              <title>{hotel.name}</title>
              <circle cx={x} cy={y} r={MARKER_RADIUS} className="hotel-map-marker" />
              <text x={x} y={y} textAnchor="middle" dominantBaseline="central" className="hotel-map-number" aria-hidden="true">
                {number(index + 1)}
              </text>
            </a>
          );
        })}
      </svg>
      <figcaption className="offer-meta">{t("hotelResults.map.note")}</figcaption>
    </figure>
  );
}

/** The map (with a token) and, always, the numbered names and addresses; the numbers match the cards'. */
export function HotelMap({ hotels, mapped }: { hotels: readonly Placed[]; mapped: boolean }) {
  const { t, number } = useI18n();
  if (hotels.length === 0) return null;
  return (
    <section aria-labelledby="hotel-places" className="hotel-places">
      <h2 id="hotel-places" className="flight-leg-title">
        {t(mapped ? "hotelResults.map.title" : "hotelResults.addresses.title")}
      </h2>
      {mapped ? <ResultsMap hotels={hotels} /> : null}
      <ol className="hotel-addresses">
        {hotels.map((hotel, index) => (
          <li key={hotel.hotelId}>
            <span className="hotel-card-number" aria-hidden="true">
              {number(index + 1)}
            </span>
            <a href={`#hotel-${hotel.hotelId}`}>{hotel.name}</a>
            <span className="hotel-card-address">{hotel.address}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
