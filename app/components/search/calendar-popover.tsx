import { useContext, useState, type RefObject } from "react";
import { Button, Calendar, CalendarCell, CalendarGrid, CalendarStateContext, Dialog, I18nProvider, Popover } from "react-aria-components";
import { GregorianCalendar, PersianCalendar, parseDate, toCalendar, type CalendarIdentifier } from "@internationalized/date";
import type { Locale } from "#core/i18n/locales.ts";
import { dateLocaleTag, type CalendarKind } from "#core/search/dates.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

const GREGORIAN = new GregorianCalendar();

/** Only the two calendars the storefront shows, so the rest of the world's calendars stay out of the bundle. */
function createCalendar(identifier: CalendarIdentifier) {
  return identifier === "persian" ? new PersianCalendar() : new GregorianCalendar();
}

/**
 * The month and year over one grid, written "آذر ۱۴۰۵" (CLDR's Persian pattern puts the year
 * first). The first caption is the grid's live heading, announced as the month changes.
 */
function MonthCaption({ offset, locale, calendar }: { offset: number; locale: Locale; calendar: CalendarKind }) {
  const state = useContext(CalendarStateContext);
  if (!state) return null;
  const month = state.visibleRange.start.add({ months: offset });
  const formatter = new Intl.DateTimeFormat(dateLocaleTag(locale, calendar), { month: "long", year: "numeric", timeZone: state.timeZone });
  const parts = formatter.formatToParts(month.toDate(state.timeZone));
  const text = `${parts.find((part) => part.type === "month")?.value ?? ""} ${parts.find((part) => part.type === "year")?.value ?? ""}`;
  return (
    <h3 className="calendar-heading" aria-live={offset === 0 ? "polite" : undefined}>
      {text}
    </h3>
  );
}

/** The calendar grid of a date field, react-aria's Calendar in a popover; loaded when first opened. */
export default function CalendarPopover(props: {
  triggerRef: RefObject<HTMLButtonElement | null>;
  label: string;
  value: string | null;
  min?: string;
  max?: string;
  openOn?: string;
  calendar: CalendarKind;
  onCalendarChange?: (calendar: CalendarKind) => void;
  onSelect: (iso: string) => void;
  onClose: () => void;
}) {
  const { t, locale } = useI18n();
  const [wide] = useState(() => typeof window !== "undefined" && window.matchMedia("(min-width: 720px)").matches);
  const months = wide ? 2 : 1;
  const value = props.value ? parseDate(props.value) : null;
  const focusOn = value ?? (props.openOn ? parseDate(props.openOn) : props.min ? parseDate(props.min) : undefined);
  return (
    // The provider wraps the popover too: react-aria sets the popover's direction from its locale.
    <I18nProvider locale={dateLocaleTag(locale, props.calendar)}>
      <Popover
        triggerRef={props.triggerRef}
        isOpen
        onOpenChange={(open) => !open && props.onClose()}
        placement="bottom"
        className="calendar-popover"
      >
        <Dialog aria-label={props.label} className="calendar-dialog">
          <Calendar
            aria-label={props.label}
            autoFocus
            value={value}
            defaultFocusedValue={focusOn}
            minValue={props.min ? parseDate(props.min) : undefined}
            maxValue={props.max ? parseDate(props.max) : undefined}
            onChange={(picked) => props.onSelect(toCalendar(picked, GREGORIAN).toString())}
            createCalendar={createCalendar}
            visibleDuration={{ months }}
            className="calendar"
          >
            <header className="calendar-header">
              <Button slot="previous" className="calendar-nav" aria-label={t("search.date.previous")}>
                <span aria-hidden="true">‹</span>
              </Button>
              <Button slot="next" className="calendar-nav" aria-label={t("search.date.next")}>
                <span aria-hidden="true">›</span>
              </Button>
            </header>
            <div className="calendar-months">
              {Array.from({ length: months }, (_, offset) => (
                <div key={offset} className="calendar-month">
                  <MonthCaption offset={offset} locale={locale} calendar={props.calendar} />
                  <CalendarGrid offset={{ months: offset }} className="calendar-grid" weekdayStyle={locale === "en" ? "short" : "narrow"}>
                    {(date) => <CalendarCell date={date} className="calendar-cell" />}
                  </CalendarGrid>
                </div>
              ))}
            </div>
          </Calendar>
          <footer className="calendar-footer">
            {props.onCalendarChange ? (
              <button
                type="button"
                className="calendar-switch"
                onClick={() => props.onCalendarChange?.(props.calendar === "persian" ? "gregorian" : "persian")}
              >
                {props.calendar === "persian" ? t("search.date.showGregorian") : t("search.date.showPersian")}
              </button>
            ) : null}
            <button type="button" className="calendar-close" onClick={props.onClose}>
              {t("search.date.close")}
            </button>
          </footer>
        </Dialog>
      </Popover>
    </I18nProvider>
  );
}
