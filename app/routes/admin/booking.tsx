import type { ReactNode } from "react";
import { Link } from "react-router";
import { bookingFileLoader, type BookingFile } from "#app/admin/bookings.server.ts";
import type { When } from "#app/admin/when.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/booking";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context, params }: Route.LoaderArgs) {
  return bookingFileLoader(request, context, params.hashId);
}

export const meta = adminMeta("adminOps.booking.title");

function Time({ when }: { when: When }) {
  return (
    <time dateTime={when.at}>
      <bdi dir="ltr">{when.date}</bdi> <bdi dir="ltr">{when.time}</bdi>
    </time>
  );
}

/** A titled table of one part of the file, or a line saying it has none. */
function Part({
  id,
  title,
  empty,
  columns,
  rows,
}: {
  id: string;
  title: MessageKey;
  empty: boolean;
  columns: MessageKey[];
  rows: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <section className="admin-part" aria-labelledby={id}>
      <h2 id={id} className="admin-subtitle">
        {t(title)}
      </h2>
      {empty ? (
        <p className="admin-empty">{t("adminOps.booking.none")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {t(column)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{rows}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Summary({ file }: { file: BookingFile }) {
  const { t } = useI18n();
  const facts: [MessageKey, ReactNode][] = [
    ["adminOps.bookings.service", t(`nav.${file.service}`)],
    ["adminOps.bookings.status", t(`booking.status.${file.status}`)],
    ["adminOps.bookings.total", t("adminOps.tomans", { amount: file.total })],
    ["adminOps.bookings.created", <Time key="created" when={file.created} />],
    [
      "adminOps.bookings.mobile",
      <bdi key="mobile" dir="ltr">
        {file.mobile}
      </bdi>,
    ],
  ];
  if (file.email)
    facts.push([
      "adminOps.booking.email",
      <bdi key="email" dir="ltr">
        {file.email}
      </bdi>,
    ]);
  if (file.discount)
    facts.push([
      "adminOps.booking.discount",
      <bdi key="discount" dir="ltr">
        {file.discount}
      </bdi>,
    ]);
  if (file.company) facts.push(["adminOps.booking.company", file.company]);
  return (
    <dl className="admin-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/admin/bookings/:hashId`: everything about one booking, for answering a traveller. Reads only. */
export default function AdminBooking({ loaderData }: Route.ComponentProps) {
  const { t, number, locale } = useI18n();
  return (
    <AdminScreen data={loaderData} current="admin-bookings" title={t("adminOps.booking.title")}>
      {(file) => (
        <>
          <p>
            <Link to={href(locale, "admin-bookings")}>{t("adminOps.booking.back")}</Link>
          </p>
          <p className="admin-subtitle">
            {t("adminOps.bookings.reference")}: <bdi dir="ltr">{file.reference}</bdi>
          </p>
          <Summary file={file} />
          <Part
            id="booking-history"
            title="adminOps.booking.history"
            empty={file.history.length === 0}
            columns={["adminOps.booking.col.when", "adminOps.booking.col.change", "adminOps.booking.col.cause"]}
            rows={file.history.map((change, index) => (
              <tr key={index}>
                <td>
                  <Time when={change.when} />
                </td>
                <td>
                  {change.from ? `${t(`booking.status.${change.from}`)} ← ` : ""}
                  {t(`booking.status.${change.to}`)}
                  <span className="admin-muted">
                    <code dir="ltr">{change.event}</code>
                  </span>
                </td>
                <td dir="auto">{change.cause}</td>
              </tr>
            ))}
          />
          <Part
            id="booking-items"
            title="adminOps.booking.items"
            empty={file.items.length === 0}
            columns={[
              "adminOps.booking.col.position",
              "adminOps.bookings.service",
              "adminOps.booking.col.supplier",
              "adminOps.booking.col.seats",
              "adminOps.bookings.total",
            ]}
            rows={file.items.map((item) => (
              <tr key={item.position}>
                <td>{number(item.position)}</td>
                <td>
                  <code dir="ltr">{item.service}</code>
                  <span className="admin-muted">
                    <bdi dir="ltr">{item.offerId}</bdi>
                  </span>
                </td>
                <td>
                  <code dir="ltr">{item.supplier}</code>
                </td>
                <td>{item.seats}</td>
                <td>{t("adminOps.tomans", { amount: item.price })}</td>
              </tr>
            ))}
          />
          <Part
            id="booking-passengers"
            title="adminOps.booking.passengers"
            empty={file.passengers.length === 0}
            columns={[
              "adminOps.booking.col.position",
              "adminOps.booking.col.name",
              "adminOps.booking.col.birth",
              "adminOps.booking.col.document",
            ]}
            rows={file.passengers.map((passenger) => (
              <tr key={passenger.position}>
                <td>{number(passenger.position)}</td>
                <td>
                  {passenger.name}
                  {passenger.latinName ? (
                    <span className="admin-muted">
                      <bdi dir="ltr">{passenger.latinName}</bdi>
                    </span>
                  ) : null}
                </td>
                <td>
                  <bdi dir="ltr">{passenger.birthDate}</bdi>
                </td>
                <td>
                  <bdi dir="ltr">{passenger.document ?? "—"}</bdi>
                </td>
              </tr>
            ))}
          />
          <Part
            id="booking-payments"
            title="adminOps.booking.payments"
            empty={file.payments.length === 0}
            columns={[
              "adminOps.booking.col.when",
              "adminOps.booking.col.gateway",
              "adminOps.bookings.total",
              "adminOps.booking.col.paymentStatus",
              "adminOps.booking.col.bankReference",
            ]}
            rows={file.payments.map((payment, index) => (
              <tr key={index}>
                <td>
                  <Time when={payment.when} />
                </td>
                <td>
                  <code dir="ltr">{payment.gateway}</code>
                  {payment.card ? (
                    <span className="admin-muted">
                      <bdi dir="ltr">{payment.card}</bdi>
                    </span>
                  ) : null}
                </td>
                <td>
                  {t("adminOps.tomans", { amount: payment.amount })}
                  {payment.wallet ? <span className="admin-muted">{t("adminOps.booking.wallet", { amount: payment.wallet })}</span> : null}
                </td>
                <td>
                  <code dir="ltr">{payment.status}</code>
                </td>
                <td>
                  <bdi dir="ltr">{payment.referenceId ?? "—"}</bdi>
                </td>
              </tr>
            ))}
          />
          <Part
            id="booking-tickets"
            title="adminOps.booking.tickets"
            empty={file.tickets.length === 0}
            columns={[
              "adminOps.booking.col.position",
              "adminOps.booking.col.passenger",
              "adminOps.booking.col.pnr",
              "adminOps.booking.col.ticket",
            ]}
            rows={file.tickets.map((ticket, index) => (
              <tr key={index}>
                <td>{number(ticket.item)}</td>
                <td>{number(ticket.passenger)}</td>
                <td>
                  <bdi dir="ltr">{ticket.pnr}</bdi>
                </td>
                <td>
                  <bdi dir="ltr">{ticket.ticketNumber}</bdi>
                </td>
              </tr>
            ))}
          />
          <Part
            id="booking-refund"
            title="adminOps.booking.refund"
            empty={file.refund === null}
            columns={[
              "adminOps.booking.col.when",
              "adminOps.refunds.col.reference",
              "adminOps.refunds.col.amount",
              "adminOps.booking.col.penalty",
              "adminOps.refunds.col.destination",
            ]}
            rows={
              file.refund ? (
                <tr>
                  <td>
                    <Time when={file.refund.when} />
                  </td>
                  <td>
                    <bdi dir="ltr">{file.refund.reference}</bdi>
                    <span className="admin-muted">
                      <code dir="ltr">{file.refund.status}</code>
                    </span>
                  </td>
                  <td>{t("adminOps.tomans", { amount: file.refund.amount })}</td>
                  <td>{t("adminOps.tomans", { amount: file.refund.penalty })}</td>
                  <td>{t(file.refund.destination === "card" ? "adminOps.refunds.card" : "adminOps.refunds.wallet")}</td>
                </tr>
              ) : null
            }
          />
          <Part
            id="booking-sms"
            title="adminOps.booking.sms"
            empty={file.messages.length === 0}
            columns={["adminOps.booking.col.when", "adminOps.sms.col.mobile", "adminOps.sms.col.text"]}
            rows={file.messages.map((message) => (
              <tr key={message.id}>
                <td>
                  <Time when={message.when} />
                </td>
                <td>
                  <bdi dir="ltr">{message.mobile}</bdi>
                </td>
                <td>
                  <p className="admin-sms-text" dir="auto">
                    {message.text}
                  </p>
                </td>
              </tr>
            ))}
          />
        </>
      )}
    </AdminScreen>
  );
}
