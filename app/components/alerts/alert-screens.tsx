import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type {
  AccountAlertsPage,
  AlertView,
  ConfirmAlertAnswer,
  ConfirmAlertPage,
  NewAlertPage,
  NewAlertRefusal,
  RemoveAlertPage,
} from "#app/alerts/alerts.server.ts";
import { PanelFrame } from "#app/components/account/panel-frame.tsx";
import { fieldId } from "#app/components/booking/form-fields.tsx";
import { CsrfField } from "#app/components/csrf-field.tsx";
import { FieldMessage } from "#app/components/search/field-message.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { AlertForm } from "./alert-form.tsx";

const STATUS_LABEL: Record<AlertView["status"], MessageKey> = {
  pending: "alerts.status.pending",
  active: "alerts.status.active",
  ended: "alerts.status.ended",
  removed: "alerts.status.removed",
};

const INTERVAL_LABEL: Record<number, MessageKey> = {
  30: "alerts.interval.30",
  60: "alerts.interval.60",
  180: "alerts.interval.180",
  360: "alerts.interval.360",
  720: "alerts.interval.720",
  1440: "alerts.interval.1440",
};

const SERVICE_LABEL: Record<AlertView["service"], MessageKey> = {
  flight: "nav.flight",
  internationalflight: "nav.internationalflight",
  train: "nav.train",
  bus: "nav.bus",
};

/** What an alert watches, in words: the route, the day, what it tells and how often. */
function AlertSummary({ alert, withRoute = true }: { alert: AlertView; withRoute?: boolean }) {
  const { t, number } = useI18n();
  return (
    <>
      {withRoute ? (
        <p>
          {t(SERVICE_LABEL[alert.service])}:{" "}
          {t("alerts.routeDate", { route: t("alerts.sms.route", { from: alert.route.from, to: alert.route.to }), date: alert.date })}
        </p>
      ) : null}
      <p>{alert.kind === "price-drop" ? t("alerts.kind.priceDrop", { percent: alert.percent ?? 0 }) : t("alerts.kind.seats")}</p>
      <p>{t(INTERVAL_LABEL[alert.intervalMinutes] ?? "alerts.interval.60")}</p>
      {alert.kind === "price-drop" && alert.baselinePrice !== null ? (
        <p>{t("alerts.account.baseline", { price: number(alert.baselinePrice) })}</p>
      ) : null}
    </>
  );
}

function eventText(t: ReturnType<typeof useI18n>["t"], number: (value: number) => string, entry: AlertView["history"][number]): string {
  switch (entry.kind) {
    case "fired":
      return entry.oldPrice !== null && entry.newPrice !== null
        ? t("alerts.event.firedPrice", { oldPrice: number(entry.oldPrice), newPrice: number(entry.newPrice) })
        : t("alerts.event.firedSeats", { seats: number(entry.seats ?? 0) });
    case "created":
      return t("alerts.event.created");
    case "confirmed":
      return t("alerts.event.confirmed");
    case "sms":
      return t("alerts.event.sms");
    case "ended":
      return t("alerts.event.ended");
    case "removed":
      return t("alerts.event.removed");
    default:
      return entry.kind;
  }
}

/** `/alerts/new`: the form again with what was wrong, or prefilled from a link. */
export function NewAlertScreen({ page, refusal }: { page: NewAlertPage; refusal: NewAlertRefusal | null }) {
  const { t } = useI18n();
  const values = refusal ? { ...refusal.values, mobile: refusal.values.mobile } : page.values;
  return (
    <div className="alert-page">
      <h1 className="booking-heading">{t("alerts.new.title")}</h1>
      <AlertForm
        idPrefix="new"
        values={values}
        options={page.options}
        csrf={page.csrf}
        signedIn={page.signedIn}
        errors={refusal?.errors ?? {}}
      />
      {page.resultsHref ? <Link to={page.resultsHref}>{t("alerts.new.back")}</Link> : null}
    </div>
  );
}

/** `/alerts/confirm/:id`: the sign-in code sent to a guest's number makes the alert active. */
export function ConfirmAlertScreen({ page, answer }: { page: ConfirmAlertPage; answer: ConfirmAlertAnswer | null }) {
  const { t } = useI18n();
  const alertRef = useRef<HTMLDivElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const error = answer && "error" in answer ? answer : null;
  useEffect(() => {
    if (error && error.error !== "FORMAT" && error.error !== "WRONG") alertRef.current?.focus();
    else if (!page.confirmed) codeRef.current?.focus();
  }, [error, page.confirmed]);
  const id = fieldId("alert-code");
  let fieldError: string | null = null;
  let alert: string | null = null;
  if (error?.error === "FORMAT") fieldError = t("auth.code.error.FORMAT");
  else if (error?.error === "WRONG") fieldError = t("auth.code.error.WRONG", { count: error.triesLeft ?? 0 });
  else if (error?.error === "SEND_FAILED") alert = t("alerts.confirm.notSent");
  else if (error) alert = t(`auth.code.error.${error.error}`);
  return (
    <div className="alert-page">
      <h1 className="booking-heading">{t("alerts.confirm.title")}</h1>
      <AlertSummary alert={page.alert} />
      {page.confirmed ? (
        <>
          <p className="booking-alert booking-alert-success" role="status">
            {t("alerts.confirm.done")}
          </p>
          <Link to={page.alert.resultsHref}>{t("alerts.account.see")}</Link>
        </>
      ) : (
        <>
          {alert ? (
            <div className="booking-alert" role="alert" tabIndex={-1} ref={alertRef}>
              {alert}
            </div>
          ) : null}
          {page.resent && !answer ? (
            <p className="booking-alert booking-alert-success" role="status">
              {t("auth.code.resent")}
            </p>
          ) : null}
          <p>{page.notSent ? t("alerts.confirm.notSent") : t("alerts.confirm.sent", { mobile: page.mobile })}</p>
          <Form method="post" className="alert-form" noValidate>
            <CsrfField token={page.csrf} />
            <div className="alert-field">
              <label htmlFor={id}>{t("auth.code.label")}</label>
              <input
                ref={codeRef}
                id={id}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                dir="ltr"
                maxLength={12}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-error` : undefined}
              />
              <FieldMessage id={`${id}-error`} message={fieldError} />
            </div>
            <button type="submit" className="alert-submit">
              {t("alerts.confirm.submit")}
            </button>
          </Form>
          <Form method="post">
            <CsrfField token={page.csrf} />
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="alert-button alert-button-secondary">
              {t("auth.code.resend")}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}

/** `/alerts/remove/:token`: the link of every SMS; one button removes the alert, signed in or not. */
export function RemoveAlertScreen({ page }: { page: RemoveAlertPage }) {
  const { t } = useI18n();
  const alert = page.alert!;
  return (
    <div className="alert-page">
      <h1 className="booking-heading">{t("alerts.remove.title")}</h1>
      <AlertSummary alert={alert} />
      {page.removed ? (
        <p className="booking-alert booking-alert-success" role="status">
          {t("alerts.remove.done")}
        </p>
      ) : (
        <Form method="post">
          <CsrfField token={page.csrf} />
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="alert-button">
            {t("alerts.remove.button")}
          </button>
        </Form>
      )}
    </div>
  );
}

/** `/account/alerts`: every alert of the traveller, its state and history, and a way to remove it. */
export function AccountAlertsScreen({ page }: { page: AccountAlertsPage }) {
  const { t, number } = useI18n();
  return (
    <PanelFrame frame={page.frame} current="account-alerts" title={t("alerts.account.title")}>
      {page.created ? (
        <p className="booking-alert booking-alert-success" role="status">
          {t("alerts.account.created")}
        </p>
      ) : null}
      {page.removed ? (
        <p className="booking-alert booking-alert-success" role="status">
          {t("alerts.account.removed")}
        </p>
      ) : null}
      {page.alerts.length === 0 ? <p>{t("alerts.account.empty")}</p> : null}
      <ul className="alert-list">
        {page.alerts.map((alert) => {
          const route = t("alerts.sms.route", { from: alert.route.from, to: alert.route.to });
          return (
            <li key={alert.id} className="alert-card" aria-labelledby={`alert-${alert.id}`}>
              <h2 id={`alert-${alert.id}`}>
                {t(SERVICE_LABEL[alert.service])}: {t("alerts.routeDate", { route, date: alert.date })}
              </h2>
              <p>
                <span className={`alert-state alert-state-${alert.status}`}>{t(STATUS_LABEL[alert.status])}</span>
              </p>
              <AlertSummary alert={alert} withRoute={false} />
              <details>
                <summary>{t("alerts.account.history")}</summary>
                <ol className="alert-history">
                  {alert.history.map((entry, index) => (
                    <li key={`${entry.at}-${index}`}>
                      <time dateTime={entry.at}>{entry.when}</time> — {eventText(t, (value) => number(value), entry)}
                    </li>
                  ))}
                </ol>
              </details>
              <p>
                <Link to={alert.resultsHref}>{t("alerts.account.see")}</Link>
              </p>
              {alert.status !== "removed" ? (
                <Form method="post">
                  <CsrfField token={page.frame.csrf} />
                  <input type="hidden" name="id" value={alert.id} />
                  <button
                    type="submit"
                    className="alert-button alert-button-secondary"
                    aria-label={t("alerts.account.removeLabel", { route })}
                  >
                    {t("alerts.account.remove")}
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </PanelFrame>
  );
}
