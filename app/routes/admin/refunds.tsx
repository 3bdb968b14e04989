import { Form, useActionData } from "react-router";
import { refundsAction, refundsLoader, type RefundMarkError, type RefundRefusal, type RefundRow } from "#app/admin/refunds.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/refunds";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return refundsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return refundsAction(request, context);
}

export const meta = adminMeta("adminOps.refunds.title");

const ERROR_MESSAGES: Record<RefundMarkError, MessageKey> = {
  BANK_REFERENCE_INVALID: "adminOps.refunds.bankReferenceInvalid",
  NOT_FOUND: "adminOps.refunds.notFound",
  ALREADY_PAID: "adminOps.refunds.alreadyPaid",
  NOT_A_CARD_REFUND: "adminOps.refunds.notCard",
};

/** One card refund's "mark paid" form: the bank's reference of the transfer is required. */
function MarkPaid({ row, csrf, maxLength, refusal }: { row: RefundRow; csrf: string; maxLength: number; refusal: RefundRefusal | null }) {
  const { t } = useI18n();
  const id = `refund-${row.reference}-bank`;
  const fieldError = refusal?.error === "BANK_REFERENCE_INVALID";
  return (
    <Form method="post" className="admin-inline-form" noValidate>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="reference" value={row.reference} />
      <label htmlFor={id}>{t("adminOps.refunds.bankReference")}</label>
      <input
        id={id}
        name="bankReference"
        dir="ltr"
        autoComplete="off"
        required
        maxLength={maxLength}
        defaultValue={refusal?.bankReference ?? ""}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? `${id}-error` : undefined}
      />
      {fieldError ? (
        <p id={`${id}-error`} className="admin-error">
          {t("adminOps.refunds.bankReferenceInvalid")}
        </p>
      ) : null}
      <button type="submit" className="admin-button" aria-label={t("adminOps.refunds.markPaidLabel", { reference: row.reference })}>
        {t("adminOps.refunds.markPaid")}
      </button>
    </Form>
  );
}

/** `/admin/refunds`: the refunds the agency still owes, oldest first; operators record a card transfer once. */
export default function AdminRefunds({ loaderData }: Route.ComponentProps) {
  const { t, number } = useI18n();
  const refusal = useActionData<RefundRefusal>() ?? null;
  return (
    <AdminScreen data={loaderData} current="admin-refunds" title={t("adminOps.refunds.title")}>
      {(page, frame) => (
        <>
          {page.notice ? (
            <p className="admin-notice" role="status">
              {t(page.notice.notified ? "adminOps.refunds.paidNotified" : "adminOps.refunds.paidNotNotified", {
                reference: page.notice.reference,
              })}
            </p>
          ) : null}
          <p className="admin-intro">{t("adminOps.refunds.intro")}</p>
          {refusal && refusal.error !== "BANK_REFERENCE_INVALID" ? (
            <p className="admin-error" role="alert">
              {t(ERROR_MESSAGES[refusal.error])}
            </p>
          ) : null}
          <p className="admin-count" role="status">
            {t("adminOps.refunds.count", { count: number(page.rows.length) })}
          </p>
          {page.rows.length === 0 ? (
            <p className="admin-empty">{t("adminOps.refunds.empty")}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="sr-only">{t("adminOps.refunds.title")}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t("adminOps.refunds.col.reference")}</th>
                    <th scope="col">{t("adminOps.refunds.col.booking")}</th>
                    <th scope="col">{t("adminOps.refunds.col.amount")}</th>
                    <th scope="col">{t("adminOps.refunds.col.destination")}</th>
                    <th scope="col">{t("adminOps.refunds.col.requested")}</th>
                    {page.canWrite ? <th scope="col">{t("adminOps.refunds.col.action")}</th> : null}
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((row) => (
                    <tr key={row.reference} data-reference={row.reference}>
                      <td>
                        <bdi dir="ltr">{row.reference}</bdi>
                      </td>
                      <td>
                        <bdi dir="ltr">{row.bookingReference}</bdi>
                      </td>
                      <td>{t("adminOps.tomans", { amount: row.amount })}</td>
                      <td>
                        {row.destination === "card" ? (
                          <>
                            {t("adminOps.refunds.card")} <bdi dir="ltr">{row.sheba}</bdi>
                          </>
                        ) : (
                          t("adminOps.refunds.wallet")
                        )}
                      </td>
                      <td>
                        <time dateTime={row.requested.at}>
                          <bdi dir="ltr">{row.requested.date}</bdi> <bdi dir="ltr">{row.requested.time}</bdi>
                        </time>
                      </td>
                      {page.canWrite ? (
                        <td>
                          {row.destination === "card" ? (
                            <MarkPaid
                              row={row}
                              csrf={frame.csrf}
                              maxLength={page.maxLength}
                              refusal={refusal?.reference === row.reference ? refusal : null}
                            />
                          ) : (
                            <span className="admin-muted">{t("adminOps.refunds.walletAuto")}</span>
                          )}
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </AdminScreen>
  );
}
