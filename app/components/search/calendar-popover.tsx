import { useState, type RefObject } from "react";
import { Button, Calendar, CalendarCell, CalendarGrid, Dialog, Heading, I18nProvider, Popover } from "react-aria-components";
import { GregorianCalendar, PersianCalendar, parseDate, toCalendar, type CalendarIdentifier } from "@internationalized/date";
import { dateLocaleTag, type CalendarKind } from "#core/search/dates.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";

const GREGORIAN = new GregorianCalendar();

/** Only the two calendars the storefront shows, so the rest of the world's calendars stay out of the bundle. */
function createCalendar(identifier: CalendarIdentifier) {
  return identifier === "persian" ? new PersianCalendar() : new GregorianCalendar();
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
    <Popover triggerRef={props.triggerRef} isOpen onOpenChange={(open) => !open && props.onClose()} placement="bottom" className="calendar-popover">
      <Dialog aria-label={props.label} className="calendar-dialog">
        <I18nProvider locale={dateLocaleTag(locale, props.calendar)}>
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
              <Heading className="calendar-heading" />
              <Button slot="next" className="calendar-nav" aria-label={t("search.date.next")}>
                <span aria-hidden="true">›</span>
              </Button>
            </header>
            <div className="calendar-months">
              {Array.from({ length: months }, (_, offset) => (
                <CalendarGrid key={offset} offset={{ months: offset }} className="calendar-grid" weekdayStyle="short">
                  {(date) => <CalendarCell date={date} className="calendar-cell" />}
                </CalendarGrid>
              ))}
            </div>
          </Calendar>
        </I18nProvider>
        <footer className="calendar-footer">
          {props.onCalendarChange ? (
            <button type="button" className="calendar-switch" onClick={() => props.onCalendarChange?.(props.calendar === "persian" ? "gregorian" : "persian")}>
              {props.calendar === "persian" ? t("search.date.showGregorian") : t("search.date.showPersian")}
            </button>
          ) : null}
          <button type="button" className="calendar-close" onClick={props.onClose}>
            {t("search.date.close")}
          </button>
        </footer>
      </Dialog>
    </Popover>
  );
}
