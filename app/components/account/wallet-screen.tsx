import { Link } from "react-router";
import type { WalletEntryRow, WalletPage } from "#app/account/wallet.server.ts";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { PanelFrame } from "./panel-frame.tsx";

/**
 * Tomans with a written sign, so colour is never the only sign of a debit or a debt. The sign and
 * digits are one left-to-right isolate: in a right-to-left line the sign stays left of the digits,
 * as Persian writes it (and as Intl writes "−۱۲۳"), instead of drifting to the other end.
 */
function useSignedToman() {
  const { t, number } = useI18n();
  return (sign: "+" | "−" | "", tomans: number) => t("booking.price.amount", { amount: `\u2066${sign}${number(tomans)}\u2069` });
}

function EntryRow({ entry }: { entry: WalletEntryRow }) {
  const { t } = useI18n();
  const signed = useSignedToman();
  const incoming = entry.direction === "in";
  return (
    <li className="wallet-entry">
      <div className="wallet-entry-what">
        <p className="wallet-entry-reason">{t(`wallet.kind.${entry.kind}`)}</p>
        <p className="wallet-entry-when">
          {/* Day and clock apart, with no dot between: in Persian digits a dot reads as a zero. */}
          <time dateTime={entry.at}>
            <bdi dir="ltr">{entry.date}</bdi> <bdi dir="ltr">{entry.time}</bdi>
          </time>
        </p>
        {entry.link ? (
          <p className="wallet-entry-link">
            <Link to={entry.link.href}>
              {t(entry.link.kind === "booking" ? "wallet.entry.booking" : "wallet.entry.payment")}{" "}
              <bdi dir="ltr">{entry.link.reference}</bdi>
            </Link>
          </p>
        ) : null}
      </div>
      <p className={`wallet-amount ${incoming ? "wallet-amount-in" : "wallet-amount-out"}`}>
        <span className="sr-only">{t(incoming ? "wallet.entry.in" : "wallet.entry.out")}: </span>
        {signed(incoming ? "+" : "−", entry.amount)}
      </p>
    </li>
  );
}

/** `/account/wallet`: balance, credit and spendable amount, the way to top up, and every movement newest first. */
export function WalletScreen({ page }: { page: WalletPage }) {
  const { t } = useI18n();
  const toman = useToman();
  const signed = useSignedToman();
  return (
    <PanelFrame frame={page.frame} current="account-wallet" title={t("wallet.title")}>
      <section className="passenger-card wallet-summary" aria-labelledby="wallet-balance-label">
        <div className="wallet-balance">
          <p id="wallet-balance-label" className="wallet-balance-label">
            {t("wallet.balance")}
          </p>
          <p className={`wallet-balance-value${page.balance < 0 ? " wallet-balance-owed" : ""}`}>
            {signed(page.balance < 0 ? "−" : "", Math.abs(page.balance))}
          </p>
          {page.balance < 0 ? <p className="booking-hint">{t("wallet.owedHint")}</p> : null}
        </div>
        <dl className="account-facts wallet-facts">
          <div>
            <dt>{t("wallet.creditLimit")}</dt>
            <dd>{toman(page.creditLimit)}</dd>
          </div>
          <div>
            <dt>{t("wallet.available")}</dt>
            <dd>{signed(page.available < 0 ? "−" : "", Math.abs(page.available))}</dd>
          </div>
        </dl>
        <p className="wallet-actions">
          <Link to={page.topupHref} className="offer-select">
            {t("wallet.topup")}
          </Link>
        </p>
      </section>
      <section className="passenger-card wallet-history" aria-labelledby="wallet-history-heading">
        <h2 id="wallet-history-heading" className="booking-subheading">
          {t("wallet.history")}
        </h2>
        {page.entries.length > 0 ? (
          <ul className="wallet-entries">
            {page.entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        ) : (
          <p className="account-empty">{t(page.newestHref ? "wallet.noOlder" : "wallet.empty")}</p>
        )}
        {page.olderHref || page.newestHref ? (
          <nav className="wallet-pages" aria-label={t("wallet.pages")}>
            {page.newestHref ? (
              <Link to={page.newestHref} className="booking-secondary">
                {t("wallet.newest")}
              </Link>
            ) : null}
            {page.olderHref ? (
              <Link to={page.olderHref} className="booking-secondary">
                {t("wallet.older")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </PanelFrame>
  );
}
