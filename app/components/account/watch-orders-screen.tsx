import { WATCH_SERVICES } from "#core/alerts/watch.ts";
import { useId, useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { WatchPage, WatchPageKind, WatchRefusal, WatchRow } from "#app/account/watch-orders.server.ts";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { DateField } from "#app/components/search/date-field.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { CalendarKind } from "#core/search/dates.ts";
import { PanelFrame } from "./panel-frame.tsx";

type SignedInPage = Extract<WatchPage, { signedIn: true }>;

const SERVICES = WATCH_SERVICES;

/** A text field of the form, its label, error and what was typed last. */
function TextField(props: {
  name: string;
  label: string;
  value: string;
  error: string | null;
  hint?: string;
  inputMode?: "numeric" | "text";
  dir?: "ltr";
}) {
  const id = useId();
  return (
    <div className="search-field">
      <label htmlFor={id} className="search-label">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        className="search-input"
        defaultValue={props.value}
        inputMode={props.inputMode}
        dir={props.dir}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined}
      />
      {props.hint ? (
        <p id={`${id}-hint`} className="booking-note">
          {props.hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} message={props.error} />
    </div>
  );
}

/** A date in the page's calendar (Persian in fa), typed or picked. */
function WatchDate(props: { name: string; label: string; initial: string; error: string | null; calendar: CalendarKind; min: string }) {
  const [value, setValue] = useState(props.initial);
  return (
    <DateField
      name={props.name}
      label={props.label}
      value={value}
      error={props.error}
      onChange={setValue}
      calendar={props.calendar}
      min={props.min}
    />
  );
}

function Row({ row, kind, csrf }: { row: WatchRow; kind: WatchPageKind; csrf: string }) {
  const { t, number } = useI18n();
  const toman = useToman();
  const navigation = useNavigation();
  const prefix = kind === "auto-reserve" ? "autoReserve" : "desiredPrice";
  return (
    <li className="passenger-card account-person">
      <h3 className="account-person-name">
        {t(`nav.${row.service}` as MessageKey)} <bdi dir="ltr">{row.route}</bdi>
      </h3>
      <dl className="account-facts">
        <div>
          <dt>{t("watchOrder.page.dates")}</dt>
          <dd>
            <bdi dir="ltr">{row.dates}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t(kind === "auto-reserve" ? "watchOrder.page.cap" : "watchOrder.page.price")}</dt>
          <dd>{toman(row.amount)}</dd>
        </div>
        <div>
          <dt>{t("watchOrder.page.state")}</dt>
          <dd>
            {t(`${prefix}.status.${row.status}` as MessageKey)}
            {row.endedReason ? ` (${t(`watchOrder.reason.${row.endedReason}` as MessageKey)})` : null}
            {row.reference ? (
              <>
                {" "}
                {t("watchOrder.page.reference")} <bdi dir="ltr">{row.reference}</bdi>
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      <details>
        <summary>{t("watchOrder.page.history")}</summary>
        <ol className="watch-history">
          {row.history.map((line, index) => (
            <li key={index}>
              {t(`watchOrder.event.${line.kind}` as MessageKey)} — <bdi dir="ltr">{line.date}</bdi> <bdi dir="ltr">{line.time}</bdi>
            </li>
          ))}
        </ol>
      </details>
      {row.open ? (
        <Form method="post" className="account-person-actions">
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={row.id} />
          <button type="submit" className="booking-secondary account-danger" disabled={navigation.state !== "idle"}>
            {t(kind === "auto-reserve" ? "watchOrder.page.remove" : "watchOrder.page.cancel")}
            <span className="sr-only">
              {" "}
              {row.route} {number(row.amount)}
            </span>
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** The two pages of issue 22 in the user panel: the form to add one, and the list with state and history. */
export function WatchOrdersScreen({ page, kind, result }: { page: WatchPage; kind: WatchPageKind; result: WatchRefusal | null }) {
  const { t } = useI18n();
  const title = t(kind === "auto-reserve" ? "account.nav.autoReserve" : "account.nav.desiredPrice");
  if (!page.signedIn)
    return (
      <div className="booking-page">
        <h1 className="booking-heading">{title}</h1>
        <p className="passenger-card" role="alert">
          {t("autoReserve.error.loginRequired")}
        </p>
        <p>
          <Link to={page.loginHref} className="booking-submit">
            {t("watchOrder.page.signIn")}
          </Link>
        </p>
      </div>
    );
  return <SignedIn page={page} kind={kind} result={result} title={title} />;
}

function SignedIn({ page, kind, result, title }: { page: SignedInPage; kind: WatchPageKind; result: WatchRefusal | null; title: string }) {
  const { t, number } = useI18n();
  const toman = useToman();
  const navigation = useNavigation();
  const values = result?.values ?? page.prefill;
  const available = result?.available ?? page.available;
  const error = (name: string): string | null => {
    const code = result?.errors[name];
    if (!code) return null;
    if (code === "BUSY") return t(kind === "auto-reserve" ? "autoReserve.error.busy" : "desiredPrice.error.busy");
    return t(`watchOrder.error.${code}`, { available: number(available), days: number(page.maxRangeDays) });
  };
  const chosen = new Set((result?.values.passengerIds ?? "").split(",").filter(Boolean));
  const serviceId = useId();
  const fields: ReactNode =
    kind === "auto-reserve" ? (
      <>
        <WatchDate
          name="date"
          label={t("watchOrder.page.date")}
          initial={values.date ?? ""}
          error={error("date")}
          calendar={page.calendar}
          min={page.today}
        />
        <TextField
          name="timeFrom"
          label={t("watchOrder.page.timeFrom")}
          value={values.timeFrom ?? ""}
          error={error("timeFrom")}
          hint={t("watchOrder.page.timeHint")}
          dir="ltr"
        />
        <TextField name="timeTo" label={t("watchOrder.page.timeTo")} value={values.timeTo ?? ""} error={error("timeTo")} dir="ltr" />
        <TextField name="cap" label={t("watchOrder.page.cap")} value={values.cap ?? ""} error={error("cap")} inputMode="numeric" />
        {values.offerId ? <input type="hidden" name="offerId" value={values.offerId} /> : null}
      </>
    ) : (
      <>
        <WatchDate
          name="dateFrom"
          label={t("watchOrder.page.dateFrom")}
          initial={values.dateFrom ?? values.date ?? ""}
          error={error("dateFrom")}
          calendar={page.calendar}
          min={page.today}
        />
        <WatchDate
          name="dateTo"
          label={t("watchOrder.page.dateTo")}
          initial={values.dateTo ?? values.date ?? ""}
          error={error("dateTo")}
          calendar={page.calendar}
          min={page.today}
        />
        <TextField
          name="adults"
          label={t("watchOrder.page.adults")}
          value={values.adults ?? "1"}
          error={error("adults")}
          inputMode="numeric"
        />
        <TextField
          name="children"
          label={t("watchOrder.page.children")}
          value={values.children ?? "0"}
          error={error("children")}
          inputMode="numeric"
        />
        <TextField
          name="infants"
          label={t("watchOrder.page.infants")}
          value={values.infants ?? "0"}
          error={error("infants")}
          inputMode="numeric"
        />
        <TextField name="price" label={t("watchOrder.page.price")} value={values.price ?? ""} error={error("price")} inputMode="numeric" />
        <WatchDate
          name="latestAttempt"
          label={t("watchOrder.page.latestAttempt")}
          initial={values.latestAttempt ?? ""}
          error={error("latestAttempt")}
          calendar={page.calendar}
          min={page.today}
        />
      </>
    );
  return (
    <PanelFrame frame={page.frame} current={kind === "auto-reserve" ? "account-auto-reserve" : "account-desired-price"} title={title}>
      <p className="booking-note">
        {t(kind === "auto-reserve" ? "watchOrder.page.autoReserveIntro" : "watchOrder.page.desiredPriceIntro")}
      </p>
      {page.notice ? (
        <p className="passenger-card" role="status">
          {t(page.notice === "added" ? "watchOrder.page.added" : "watchOrder.page.removed")}
        </p>
      ) : null}
      <p className="passenger-card">
        {t("watchOrder.page.available")} <strong>{toman(available)}</strong>
      </p>
      <section className="account-form-section" aria-labelledby="watch-form-heading">
        <h2 id="watch-form-heading" className="booking-subheading">
          {t(kind === "auto-reserve" ? "watchOrder.page.addAutoReserve" : "watchOrder.page.addOrder")}
        </h2>
        <Form method="post" className="booking-form" noValidate>
          <CsrfField token={page.frame.csrf} />
          <input type="hidden" name="intent" value="add" />
          <fieldset className="passenger-card">
            <legend>{t("watchOrder.page.route")}</legend>
            <div className="search-field">
              <label htmlFor={serviceId} className="search-label">
                {t("watchOrder.page.service")}
              </label>
              <select
                id={serviceId}
                name="service"
                className="search-input"
                defaultValue={values.service ?? "flight"}
                aria-invalid={error("service") ? true : undefined}
              >
                {SERVICES.map((service) => (
                  <option key={service} value={service}>
                    {t(`nav.${service}`)}
                  </option>
                ))}
              </select>
              <FieldMessage id={`${serviceId}-error`} message={error("service")} />
            </div>
            <TextField
              name="from"
              label={t("watchOrder.page.from")}
              value={values.from ?? ""}
              error={error("from")}
              hint={t("watchOrder.page.codeHint")}
              dir="ltr"
            />
            <TextField name="to" label={t("watchOrder.page.to")} value={values.to ?? ""} error={error("to")} dir="ltr" />
            {fields}
          </fieldset>
          <fieldset className="passenger-card" aria-describedby={error("passengerIds") ? "watch-passengers-error" : undefined}>
            <legend>{t("watchOrder.page.passengers")}</legend>
            {kind === "desired-price" ? <p className="booking-note">{t("watchOrder.page.passengersOptional")}</p> : null}
            {page.passengers.length === 0 ? <p>{t("watchOrder.page.noPassengers")}</p> : null}
            {page.passengers.map((person) => (
              <label key={person.id} className="watch-passenger">
                <input type="checkbox" name="passengerIds" value={person.id} defaultChecked={chosen.has(person.id)} /> {person.name}
                {person.type ? ` (${t(`watchOrder.type.${person.type}`)})` : null}
              </label>
            ))}
            <FieldMessage id="watch-passengers-error" message={error("passengerIds")} />
            <p>
              <Link to={page.addPassengerHref}>{t("watchOrder.page.addPassenger")}</Link>
            </p>
          </fieldset>
          <button type="submit" className="booking-submit account-submit" disabled={navigation.state !== "idle"}>
            {t(kind === "auto-reserve" ? "watchOrder.page.submitAutoReserve" : "watchOrder.page.submitOrder")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="watch-list-heading">
        <h2 id="watch-list-heading" className="booking-subheading">
          {t(kind === "auto-reserve" ? "watchOrder.page.autoReserveList" : "watchOrder.page.orderList")}
        </h2>
        <FieldMessage id="watch-list-error" message={error("list")} />
        {page.rows.length === 0 ? (
          <p className="passenger-card account-empty">{t("watchOrder.page.empty")}</p>
        ) : (
          <ul className="account-people">
            {page.rows.map((row) => (
              <Row key={row.id} row={row} kind={kind} csrf={page.frame.csrf} />
            ))}
          </ul>
        )}
      </section>
    </PanelFrame>
  );
}
