import { Form, useActionData } from "react-router";
import { creditAction, creditLoader, type CreditPage, type CreditRefusal, type CreditWalletView } from "#app/admin/credit.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { CommerceField } from "#app/components/admin/commerce-field.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { Route } from "./+types/credit";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return creditLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return creditAction(request, context);
}

export const meta = adminMeta("adminCommerce.credit.title");

function Wallet({ wallet }: { wallet: CreditWalletView }) {
  const { t } = useI18n();
  const figures: [Parameters<typeof t>[0], string][] = [
    ["adminCommerce.credit.balance", wallet.balance],
    ["adminCommerce.credit.limit", wallet.creditLimit],
    ["adminCommerce.credit.available", wallet.available],
  ];
  return (
    <section className="admin-part" aria-labelledby="credit-wallet-title">
      <h2 id="credit-wallet-title" className="admin-subtitle">
        {t("adminCommerce.credit.wallet", { mobile: "\u2068" + wallet.mobileShown + "\u2069" })}
      </h2>
      {wallet.opened ? null : <p className="admin-muted">{t("adminCommerce.credit.notOpened")}</p>}
      <dl className="admin-facts">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{t(label)}</dt>
            <dd>{t("adminOps.tomans", { amount: value })}</dd>
          </div>
        ))}
      </dl>
      {wallet.overdrawn ? <p className="admin-error">{t("adminCommerce.credit.notice.owes")}</p> : null}
      <h3 className="admin-subtitle">{t("adminCommerce.credit.history")}</h3>
      {wallet.history.length === 0 ? (
        <p className="admin-empty">{t("adminCommerce.credit.historyEmpty")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="sr-only">{t("adminCommerce.credit.history")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("adminCommerce.credit.col.when")}</th>
                <th scope="col">{t("adminCommerce.credit.col.limit")}</th>
                <th scope="col">{t("adminCommerce.credit.col.by")}</th>
                <th scope="col">{t("adminCommerce.credit.col.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {wallet.history.map((grant) => (
                <tr key={grant.id}>
                  <td>
                    <time dateTime={grant.at.at}>
                      <bdi dir="ltr">{grant.at.date}</bdi> <bdi dir="ltr">{grant.at.time}</bdi>
                    </time>
                  </td>
                  <td>{t("adminOps.tomans", { amount: grant.creditLimit })}</td>
                  <td>
                    <bdi dir="ltr">{grant.by}</bdi>
                  </td>
                  <td>
                    <p className="admin-sms-text" dir="auto">
                      {grant.reason}
                    </p>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SetLimit({
  page,
  wallet,
  csrf,
  refusal,
}: {
  page: CreditPage;
  wallet: CreditWalletView;
  csrf: string;
  refusal: CreditRefusal | null;
}) {
  const { t, number } = useI18n();
  return (
    // Posted to the wallet's own address, so a refused form is shown with the wallet it changes.
    <Form
      method="post"
      action={`?${new URLSearchParams({ mobile: wallet.mobile }).toString()}`}
      className="admin-form"
      aria-labelledby="credit-set-title"
      noValidate
    >
      <h2 id="credit-set-title" className="admin-subtitle">
        {t("adminCommerce.credit.set.title")}
      </h2>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="mobile" value={wallet.mobile} />
      <CommerceField
        id="credit-limit"
        name="limit"
        label="adminCommerce.credit.field.limit"
        value={refusal?.values.limit}
        error={refusal?.errors.limit}
        hint={t("adminCommerce.credit.hint.limit", { min: 0, max: number(page.limitMax) })}
        maxLength={20}
        ltr
        inputMode="numeric"
        required
      />
      <CommerceField
        id="credit-reason"
        name="reason"
        label="adminCommerce.credit.field.reason"
        value={refusal?.values.reason}
        error={refusal?.errors.reason}
        maxLength={page.reasonMax}
        required
      />
      <div className="admin-actions">
        <button type="submit" className="admin-button">
          {t("adminCommerce.credit.set.submit")}
        </button>
      </div>
    </Form>
  );
}

/** `/admin/credit`: find a traveller's wallet by mobile, see its credit, and (operators) change it with a reason. */
export default function AdminCredit({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const refusal = useActionData<CreditRefusal>() ?? null;
  return (
    <AdminScreen data={loaderData} current="admin-credit" title={t("adminCommerce.credit.title")}>
      {(page, frame) => (
        <>
          {page.notice && page.wallet ? (
            <p className="admin-notice" role="status">
              {page.notice === "changed"
                ? t("adminCommerce.credit.notice.changed", {
                    limit: page.wallet.creditLimit,
                    previous: page.wallet.history[1]?.creditLimit ?? t("adminCommerce.credit.none"),
                  })
                : t("adminCommerce.credit.notice.unchanged", { limit: page.wallet.creditLimit })}
            </p>
          ) : null}
          <p className="admin-intro">{t("adminCommerce.credit.intro")}</p>
          <Form method="get" className="admin-filters" aria-labelledby="credit-find-title">
            <h2 id="credit-find-title" className="sr-only">
              {t("adminCommerce.credit.find")}
            </h2>
            <CommerceField
              id="credit-mobile"
              name="mobile"
              label="adminCommerce.credit.field.mobile"
              value={page.mobile}
              error={page.mobileError ?? undefined}
              maxLength={20}
              ltr
              inputMode="tel"
              required
            />
            <div className="admin-actions">
              <button type="submit" className="admin-button">
                {t("adminCommerce.credit.findSubmit")}
              </button>
            </div>
          </Form>
          {page.notFound ? (
            <p className="admin-empty" role="status">
              {t("adminCommerce.credit.notFound", { mobile: "\u2068" + page.mobile + "\u2069" })}
            </p>
          ) : null}
          {page.wallet ? <Wallet wallet={page.wallet} /> : null}
          {page.wallet && page.canWrite ? <SetLimit page={page} wallet={page.wallet} csrf={frame.csrf} refusal={refusal} /> : null}
        </>
      )}
    </AdminScreen>
  );
}
