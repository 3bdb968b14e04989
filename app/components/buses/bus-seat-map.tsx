import { useEffect, useRef, useState, type FormEvent } from "react";
import type { MessageKey } from "#core/i18n/messages.ts";
import { localizePath } from "#core/i18n/locales.ts";
import type { Passengers } from "#core/search/search-forms.ts";
import { useHydrated } from "#app/components/search/use-hydrated.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { ChosenBus, DrawnSeat } from "#app/search/bus-results.server.ts";
import { clockTime } from "../flights/result-parts.tsx";

/**
 * What a seat looks like and how a screen reader names it. Taken seats say by whom; a free seat that
 * the gender rules keep for one gender (spec §5: the first row, a stranger beside it) says for whom.
 * Each kind has its own mark and pattern as well as its colour.
 */
type SeatKind = "free" | "women" | "men" | "closed" | "takenFemale" | "takenMale" | "taken";

function kindOf(seat: DrawnSeat): SeatKind {
  if (seat.status === "taken") return seat.gender === "female" ? "takenFemale" : seat.gender === "male" ? "takenMale" : "taken";
  if (seat.allowed.length === 2) return "free";
  if (seat.allowed.length === 0) return "closed";
  return seat.allowed[0] === "female" ? "women" : "men";
}

const SEAT_TEXT: Record<SeatKind, MessageKey> = {
  free: "bus.seat.free",
  women: "bus.seat.womenOnly",
  men: "bus.seat.menOnly",
  closed: "bus.seat.closed",
  takenFemale: "bus.seat.takenFemale",
  takenMale: "bus.seat.takenMale",
  taken: "bus.seat.taken",
};

/** The mark drawn on a seat besides its colour: ♀ and ♂ for whom it is taken or kept. */
const SEAT_MARK: Partial<Record<SeatKind, string>> = { women: "♀", men: "♂", takenFemale: "♀", takenMale: "♂", closed: "×", taken: "■" };

const LEGEND: { kind: SeatKind | "selected"; text: MessageKey }[] = [
  { kind: "free", text: "bus.legend.free" },
  { kind: "selected", text: "bus.legend.selected" },
  { kind: "women", text: "bus.legend.womenOnly" },
  { kind: "men", text: "bus.legend.menOnly" },
  { kind: "takenFemale", text: "bus.legend.takenFemale" },
  { kind: "takenMale", text: "bus.legend.takenMale" },
];

const isOpen = (kind: SeatKind) => kind === "free" || kind === "women" || kind === "men";

/** One seat: a real checkbox (Tab and Space work), named by its number and state, drawn where it sits. */
function Seat({ seat, picked, onToggle }: { seat: DrawnSeat; picked: boolean; onToggle: (seat: number, checked: boolean) => void }) {
  const { t, number } = useI18n();
  const kind = kindOf(seat);
  const mark = SEAT_MARK[kind];
  return (
    <label className={`bus-seat bus-seat-${kind}`} style={{ gridRow: seat.row + 1, gridColumn: seat.column }}>
      <input
        type="checkbox"
        name="seat"
        value={seat.number}
        className="bus-seat-input"
        disabled={!isOpen(kind)}
        checked={picked}
        onChange={(event) => onToggle(seat.number, event.currentTarget.checked)}
      />
      <span className="bus-seat-number" aria-hidden="true">
        {number(seat.number)}
      </span>
      {mark ? (
        <span className="bus-seat-mark" aria-hidden="true">
          {mark}
        </span>
      ) : null}
      <span className="sr-only">{t(SEAT_TEXT[kind], { number: seat.number })}</span>
    </label>
  );
}

function Legend() {
  const { t } = useI18n();
  return (
    <div className="bus-seat-legend">
      <h4 className="sr-only">{t("bus.legend.title")}</h4>
      <ul>
        {LEGEND.map(({ kind, text }) => (
          <li key={kind}>
            <span className={`bus-seat bus-seat-sample bus-seat-${kind}`} aria-hidden="true">
              {kind === "selected" ? "✓" : (SEAT_MARK[kind] ?? "")}
            </span>
            {t(text)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The seat map of one bus (issue 19 §2): the coach seen from above, front at the top, the driver
 * on his side and the aisle left empty; it mirrors nothing on right-to-left pages, since it draws a
 * real bus. It is a GET form of one checkbox per seat to the passengers page, so it works without
 * JavaScript (the passengers page judges what was checked). With JavaScript the choice follows the
 * party: a seat is chosen or released by a click or Space, a choice beyond the party is refused
 * with a message, and a live region says how many are chosen.
 */
export function BusSeatMap({
  chosen,
  party,
  date,
  routeId,
}: {
  chosen: Extract<ChosenBus, { ok: true }>;
  party: Passengers;
  date: string;
  routeId: string;
}) {
  const { t, digits, locale, later } = useI18n();
  // Kept as text when a click is refused: they come with the page.
  later("bus.map.tooMany", "bus.map.chooseAll");
  const { offer, layout, seats } = chosen;
  const needed = party.adults + party.children;
  const [picked, setPicked] = useState<number[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Until the page runs its script the button cannot count, so it just says continue.
  const live = useHydrated();
  // The map opens from a link that is replaced by "close": focus moves to the map, so keyboard and screen reader users land in it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), [offer.offerId]);
  const remaining = Math.max(0, needed - picked.length);

  const toggle = (seatNumber: number, checked: boolean) => {
    if (!checked) {
      setPicked((current) => current.filter((value) => value !== seatNumber));
      setRefusal(null);
    } else if (picked.length >= needed) {
      setRefusal(t("bus.map.tooMany", { count: needed }));
    } else {
      setPicked((current) => [...current, seatNumber]);
      setRefusal(null);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (remaining === 0) return;
    event.preventDefault();
    setRefusal(t("bus.map.chooseAll", { count: remaining }));
  };

  const titleId = `seats-title-${offer.offerId}`;
  return (
    <section id="seats" className="bus-seats" aria-labelledby={titleId}>
      <h3 id={titleId} className="bus-seats-title" tabIndex={-1} ref={headingRef}>
        {t("bus.map.title", { company: offer.company.name, time: digits(clockTime(offer.departAt)) })}
      </h3>
      <p className="bus-seats-hint">{t("bus.map.hint")}</p>
      {party.infants > 0 ? <p className="bus-seats-hint">{t("bus.map.infants", { count: party.infants })}</p> : null}
      <form method="get" action={localizePath(locale, `/bus/${routeId}/passengers`)} onSubmit={submit} className="bus-seats-form">
        <input type="hidden" name="offer" value={offer.offerId} />
        <input type="hidden" name="date" value={date} />
        <input type="hidden" name="adults" value={String(party.adults)} />
        <input type="hidden" name="children" value={String(party.children)} />
        <input type="hidden" name="infants" value={String(party.infants)} />
        <div className="bus-seats-body">
          <fieldset className="bus-coach">
            <legend className="sr-only">{t("bus.map.legend", { count: needed })}</legend>
            {/* A bus has a left and a right: the drawing keeps them on every page. */}
            <div
              className="bus-coach-grid"
              dir="ltr"
              style={{
                gridTemplateColumns: `repeat(${layout.columns}, var(--bus-seat-size))`,
                gridTemplateRows: `auto repeat(${layout.rows}, var(--bus-seat-size))`,
              }}
            >
              <p className="bus-coach-front" style={{ gridRow: 1, gridColumn: `1 / ${layout.columns + 1}` }}>
                <span className={`bus-driver bus-driver-${layout.driverSide}`}>
                  <span aria-hidden="true">⊙ </span>
                  {t("bus.map.driver")}
                </span>
              </p>
              {seats.map((seat) => (
                <Seat key={seat.number} seat={seat} picked={picked.includes(seat.number)} onToggle={toggle} />
              ))}
            </div>
          </fieldset>
          <Legend />
        </div>
        <p className="bus-seats-count" role="status">
          {t("bus.map.chosen", { chosen: picked.length, needed })}
        </p>
        {refusal ? (
          <p className="bus-seats-refusal" role="alert">
            {refusal}
          </p>
        ) : null}
        <button type="submit" className="offer-select bus-seats-submit">
          {!live
            ? t("bus.map.continue")
            : remaining > 0
              ? t("bus.map.remaining", { count: remaining })
              : t("bus.map.continueWith", { count: needed })}
        </button>
      </form>
    </section>
  );
}
