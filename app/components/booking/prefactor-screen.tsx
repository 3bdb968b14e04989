import { useCallback, useState } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { CsrfField } from "#app/components/csrf-field.tsx";
import type { PrefactorPage } from "#app/booking/flight-booking.server.ts";
import type { PayRefusal } from "#app/booking/payment.server.ts";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { gatewayName, GENDER_MESSAGE, PASSENGER_HEADING_MESSAGE } from "#core/i18n/code-messages.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { HoldCountdown } from "./hold-countdown.tsx";
import { PurchaseSteps } from "./purchase-steps.tsx";
import { ItemSummaries, PriceBreakdown, shownParty, PriceGroups, ReferenceFacts, TripLegs } from "./trip-summary.tsx";
import { BankForm } from "./bank-form.tsx";
import { CardToCardPanel, PaymentLinkPanel } from "./pay-by-others.tsx";

/** What a hold keeps, in a service's own words where seats are not it (a hotel holds rooms). */
const HELD_NOTE: Partial<Record<string, MessageKey>> = {
  hotel: "hotelPurchase.heldUntil",
  intHotel: "hotelPurchase.heldUntil",
};

/**
 * The verify-information step: the itinerary, the passengers, every part of the price and the
 * time left on the hold. Edit goes back to the filled form; pay is the next step (issue 7).
 */
/**
 * The wallet's choice (issue 10), for the booking's own signed-in account with money in its wallet:
 * pay from the wallet alone when it covers the total, else use it and pay the rest at the bank.
 */
function WalletChoice({ wallet, total }: { wallet: NonNullable<PrefactorPage["wallet"]>; total: number }) {
  const { t, number } = useI18n();
  return (
    <fieldset className="gateway-choice">
      <legend className="booking-label">{t("wallet.pay.choice")}</legend>
      <p className="trip-leg-meta">{t("wallet.pay.available", { amount: number(wallet.available) })}</p>
      <label className="booking-radio">
        <input type="radio" name="wallet" value={wallet.covers ? "full" : "part"} defaultChecked />
        {wallet.covers
          ? `${t("wallet.pay.full")} (${t("booking.price.amount", { amount: number(total) })})`
          : t("wallet.pay.part", { wallet: number(wallet.part), rest: number(wallet.rest) })}
      </label>
      <label className="booking-radio">
        <input type="radio" name="wallet" value="" />
        {t("wallet.pay.card")}
      </label>
    </fieldset>
  );
}

/** Why the pay button did not go through, as one line under it. */
const WALLET_REFUSALS = ["INSUFFICIENT_FUNDS", "IN_PROGRESS", "WALLET_NOT_ALLOWED", "WALLET_AMOUNT_INVALID"] as const;

export function PrefactorScreen({
  page,
  payResult,
  bankPost,
}: {
  page: PrefactorPage;
  payResult: PayRefusal | null;
  bankPost: { url: string; fields: Record<string, string> } | null;
}) {
  const { t, digits, number } = useI18n();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [timedOut, setTimedOut] = useState(false);
  // When the countdown ends, the server is asked again: it decides whether the hold is over.
  const onExpire = useCallback(() => {
    setTimedOut(true);
    void revalidator.revalidate();
  }, [revalidator]);
  const payable = page.payable && !timedOut && payResult !== "EXPIRED";
  const status = timedOut && page.status === "held" ? "expired" : page.status;

  return (
    <div className="booking-page">
      <PurchaseSteps current="verify" service={page.service} />
      <h1 className="booking-heading">{t("booking.prefactor.heading")}</h1>
      {page.saved ? (
        <p className="booking-alert booking-alert-info" role="status">
          {t("booking.prefactor.saved")}
        </p>
      ) : null}
      <div className="booking-layout">
        <div className="booking-form">
          <section className="passenger-card" aria-labelledby="prefactor-reference">
            <ReferenceFacts labelId="prefactor-reference" reference={page.reference} status={status} />
            {page.offers.length > 0 ? <TripLegs offers={page.offers} /> : <ItemSummaries items={page.items} />}
          </section>
          {page.breakdown ? (
            <section className="passenger-card" aria-labelledby="prefactor-breakdown">
              <h2 id="prefactor-breakdown" className="booking-subheading">
                {t("booking.breakdown.heading")}
              </h2>
              <PriceGroups groups={page.breakdown} labelId="prefactor-breakdown" />
            </section>
          ) : null}
          <section className="passenger-card" aria-labelledby="prefactor-passengers">
            <h2 id="prefactor-passengers" className="booking-subheading">
              {t("booking.prefactor.passengers")}
            </h2>
            <ul className="prefactor-passengers">
              {page.passengers.map((passenger, index) => (
                <li key={index}>
                  <p className="prefactor-passenger-name">
                    {passenger.name}
                    {passenger.latinName ? (
                      <>
                        {" "}
                        (<bdi dir="ltr">{passenger.latinName}</bdi>)
                      </>
                    ) : null}
                  </p>
                  <p className="trip-leg-meta">
                    {t(PASSENGER_HEADING_MESSAGE[passenger.type], { n: "" }).trim()} · {t(GENDER_MESSAGE[passenger.gender])} ·{" "}
                    <bdi>{passenger.birthDate}</bdi>
                    {passenger.id ? <> · {t("booking.prefactor.nationalCode", { code: passenger.id })}</> : null}
                    {passenger.passport ? <> · {t("booking.prefactor.passport", { number: passenger.passport })}</> : null}
                    {passenger.wheelchair ? <> · {t("booking.prefactor.wheelchair")}</> : null}
                  </p>
                </li>
              ))}
            </ul>
            <p className="trip-leg-meta">
              {t("booking.prefactor.contact")}: <bdi dir="ltr">{page.contact.mobile}</bdi>
              {page.contact.email ? (
                <>
                  {" "}
                  · <bdi dir="ltr">{page.contact.email}</bdi>
                </>
              ) : null}
            </p>
            {page.company ? (
              <p className="trip-leg-meta">
                {t("booking.prefactor.company")}: <bdi>{page.company.name}</bdi> (<bdi dir="ltr">{digits(page.company.nationalId)}</bdi>)
              </p>
            ) : null}
            {status === "held" ? (
              <p>
                <Link to={page.editHref} className="booking-secondary">
                  {t("booking.prefactor.edit")}
                </Link>
              </p>
            ) : null}
          </section>
        </div>
        <aside className="booking-aside" aria-labelledby="prefactor-price">
          <h2 id="prefactor-price" className="booking-subheading">
            {t("booking.price.total")}
          </h2>
          {payable ? (
            <HoldCountdown expiresAt={page.expiresAt} serverNow={page.serverNow} onExpire={onExpire} heldNote={HELD_NOTE[page.service]} />
          ) : null}
          <PriceBreakdown price={page.price} party={shownParty(page.service, page.party)} />
          {payable ? (
            <Form method="post">
              <CsrfField token={page.csrf} />
              {page.wallet ? <WalletChoice wallet={page.wallet} total={page.price.total} /> : null}
              <GatewayChoice gateways={page.gateways} />
              <button type="submit" className="booking-submit" disabled={navigation.state !== "idle"}>
                {navigation.state !== "idle" ? t("payment.redirecting") : t("booking.prefactor.pay", { amount: number(page.price.total) })}
              </button>
            </Form>
          ) : null}
          {bankPost ? <BankForm post={bankPost} /> : null}
          {/* Issue 23 §2: someone else pays, by a link or card-to-card. */}
          {payable && page.payByOthers ? (
            <>
              {page.payByOthers.link ? <PaymentLinkPanel csrf={page.csrf} /> : null}
              {page.payByOthers.card ? <CardToCardPanel card={page.payByOthers.card} csrf={page.csrf} /> : null}
            </>
          ) : null}
          {payResult && (WALLET_REFUSALS as readonly string[]).includes(payResult) ? (
            <p className="booking-alert" role="alert">
              {t(`wallet.pay.error.${payResult as (typeof WALLET_REFUSALS)[number]}`)}
            </p>
          ) : null}
          {payResult === "UNAVAILABLE" && payable ? (
            <p className="booking-alert booking-alert-info" role="status">
              {t("payment.gatewayUnavailable")}
            </p>
          ) : null}
          {status === "expired" || payResult === "EXPIRED" ? (
            <div className="booking-alert" role="alert">
              <p>{t("booking.prefactor.expired")}</p>
              <Link to={page.searchHref}>{t("booking.prefactor.searchAgain")}</Link>
            </div>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

/** The agency's gateways to pay through, the first chosen; a single one goes as a hidden field. */
export function GatewayChoice({ gateways }: { gateways: readonly string[] }) {
  const { t, locale } = useI18n();
  if (gateways.length <= 1) return <input type="hidden" name="gateway" value={gateways[0] ?? ""} />;
  return (
    <fieldset className="gateway-choice">
      <legend className="booking-label">{t("payment.chooseGateway")}</legend>
      {gateways.map((gateway, index) => (
        <label key={gateway} className="booking-radio">
          <input type="radio" name="gateway" value={gateway} defaultChecked={index === 0} />
          {gatewayName(locale, gateway)}
        </label>
      ))}
    </fieldset>
  );
}
