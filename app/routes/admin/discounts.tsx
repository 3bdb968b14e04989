import { Form, Link, useActionData } from "react-router";
import { DISCOUNT_SCREEN_STATUSES } from "#app/admin/discount-screen.ts";
import {
  discountsAction,
  discountsLoader,
  type DiscountFormState,
  type DiscountRefusal,
  type DiscountRow,
  type DiscountsPage,
} from "#app/admin/discounts.server.ts";
import { adminLinks, adminMeta } from "#app/admin/route-head.ts";
import { AdminScreen } from "#app/components/admin/admin-shell.tsx";
import { CommerceField } from "#app/components/admin/commerce-field.tsx";
import { AdminFilterForm, AdminResults } from "#app/components/admin/list-screen.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import { href } from "#app/links.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import type { Route } from "./+types/discounts";
import { headers as pageHeaders } from "#app/search/page-headers.ts";

export const headers = pageHeaders;

export const links = adminLinks;

export function loader({ request, context }: Route.LoaderArgs) {
  return discountsLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return discountsAction(request, context);
}

export const meta = adminMeta("adminCommerce.discounts.title");

const COLUMNS: MessageKey[] = [
  "adminCommerce.discounts.col.code",
  "adminCommerce.discounts.col.discount",
  "adminCommerce.discounts.col.terms",
  "adminCommerce.discounts.col.validity",
  "adminCommerce.discounts.col.uses",
  "adminCommerce.discounts.col.status",
];

function When({ when }: { when: DiscountRow["from"] }) {
  return (
    <time dateTime={when.at}>
      <bdi dir="ltr">{when.date}</bdi> <bdi dir="ltr">{when.time}</bdi>
    </time>
  );
}

function DiscountCells({ row, page }: { row: DiscountRow; page: DiscountsPage }) {
  const { t, locale } = useI18n();
  return (
    <>
      <td>
        <bdi dir="ltr">
          <code>{row.code}</code>
        </bdi>
      </td>
      <td>
        {row.kind === "fixed"
          ? t("adminOps.tomans", { amount: row.amount })
          : row.maxDiscount === null
            ? t("adminCommerce.discounts.percentOff", { percent: row.amount })
            : t("adminCommerce.discounts.percentCapped", { percent: row.amount, max: row.maxDiscount })}
      </td>
      <td>
        <ul className="admin-terms">
          <li>
            {row.services.length === 0
              ? t("adminCommerce.discounts.allServices")
              : row.services.map((service) => t(`service.${service}.title`)).join(locale === "en" ? ", " : "، ")}
          </li>
          {row.minTotal ? <li>{t("adminCommerce.discounts.minTotal", { amount: row.minTotal })}</li> : null}
          {row.perMobile ? <li>{t("adminCommerce.discounts.perMobile", { count: row.perMobile })}</li> : null}
          {row.note ? (
            <li className="admin-sms-text" dir="auto">
              {row.note}
            </li>
          ) : null}
          <li className="admin-muted">{t("adminCommerce.discounts.createdBy", { name: row.createdBy })}</li>
        </ul>
      </td>
      <td>
        <When when={row.from} />
        <br />
        <When when={row.until} />
      </td>
      <td>
        {row.maxUses === null
          ? t("adminCommerce.discounts.usesNoLimit", { uses: row.uses })
          : t("adminCommerce.discounts.usesOf", { uses: row.uses, max: row.maxUses })}
      </td>
      <td data-state={row.state}>
        {t(`adminCommerce.discounts.state.${row.state}`)}
        {page.canWrite && row.state !== "disabled" ? (
          <>
            {" "}
            <Link
              className="admin-link-button"
              to={`?${new URLSearchParams({ ...(page.query ? { status: page.status } : {}), confirm: row.code }).toString()}`}
              aria-label={t("adminCommerce.discounts.disableLabel", { code: row.code })}
            >
              {t("adminCommerce.discounts.disable")}
            </Link>
          </>
        ) : null}
      </td>
    </>
  );
}

/** "Disable" asks once more, on the server's page (no script needed), before the code is refused for good. */
function ConfirmDisable({ code, csrf }: { code: string; csrf: string }) {
  const { t, locale } = useI18n();
  return (
    <section
      className="admin-part admin-confirm"
      role="alertdialog"
      aria-labelledby="discount-confirm-title"
      aria-describedby="discount-confirm-text"
    >
      <h2 id="discount-confirm-title" className="admin-subtitle">
        {t("adminCommerce.discounts.confirm.title", { code: "\u2068" + code + "\u2069" })}
      </h2>
      <p id="discount-confirm-text">{t("adminCommerce.discounts.confirm.text")}</p>
      <Form method="post" className="admin-actions">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="intent" value="disable" />
        <input type="hidden" name="code" value={code} />
        {/* Focus lands on the decision, so a keyboard user is not left at the table. */}
        <button type="submit" className="admin-button admin-danger" autoFocus>
          {t("adminCommerce.discounts.confirm.yes")}
        </button>
        <Link to={href(locale, "admin-discounts")}>{t("adminCommerce.discounts.confirm.cancel")}</Link>
      </Form>
    </section>
  );
}

const EMPTY_FORM: DiscountFormState = {
  values: {
    code: "",
    kind: "percent",
    percent: "",
    max: "",
    amount: "",
    minTotal: "",
    from: "",
    until: "",
    maxUses: "",
    maxUsesPerMobile: "",
    note: "",
    services: [],
  },
  errors: {},
};

function CreateForm({ page, csrf, state }: { page: DiscountsPage; csrf: string; state: DiscountFormState }) {
  const { t } = useI18n();
  const { values, errors } = state;
  const refused = Object.keys(errors).length > 0;
  const field = (
    name: Exclude<keyof DiscountFormState["values"], "services" | "kind">,
    label: MessageKey,
    extra: Partial<Parameters<typeof CommerceField>[0]> = {},
  ) => (
    <CommerceField
      id={`discount-${name}`}
      name={name}
      label={label}
      value={values[name]}
      error={errors[name]}
      maxLength={32}
      ltr
      inputMode="numeric"
      {...extra}
    />
  );
  return (
    <Form method="post" className="admin-form" aria-labelledby="discount-create-title" noValidate>
      <h2 id="discount-create-title" className="admin-subtitle">
        {t("adminCommerce.discounts.create.title")}
      </h2>
      {refused ? (
        <p className="admin-error" role="alert">
          {t("adminCommerce.discounts.create.invalid")}
        </p>
      ) : null}
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="create" />
      {field("code", "adminCommerce.discounts.field.code", {
        inputMode: "text",
        required: true,
        maxLength: 40,
        hint: t("adminCommerce.discounts.field.codeHint", { min: 3, max: 32 }),
      })}
      <fieldset className="admin-fieldset admin-wide">
        <legend>{t("adminCommerce.discounts.field.kind")}</legend>
        <label className="admin-check">
          <input type="radio" name="kind" value="percent" defaultChecked={values.kind !== "fixed"} />
          {t("adminCommerce.discounts.kind.percent")}
        </label>
        <label className="admin-check">
          <input type="radio" name="kind" value="fixed" defaultChecked={values.kind === "fixed"} />
          {t("adminCommerce.discounts.kind.fixed")}
        </label>
      </fieldset>
      {field("percent", "adminCommerce.discounts.field.percent", { maxLength: 6 })}
      {field("max", "adminCommerce.discounts.field.max", { hint: t("adminCommerce.discounts.hint.optionalCap") })}
      {field("amount", "adminCommerce.discounts.field.amount")}
      {field("minTotal", "adminCommerce.discounts.field.minTotal", { hint: t("adminCommerce.discounts.hint.optionalLimit") })}
      {field("from", "adminCommerce.discounts.field.from", {
        maxLength: 40,
        hint: t("adminCommerce.discounts.hint.from", { example: page.dateExample }),
      })}
      {field("until", "adminCommerce.discounts.field.until", {
        maxLength: 40,
        required: true,
        hint: t("adminCommerce.discounts.hint.until", { example: page.dateExample }),
      })}
      {field("maxUses", "adminCommerce.discounts.field.maxUses", { hint: t("adminCommerce.discounts.hint.optionalLimit") })}
      {field("maxUsesPerMobile", "adminCommerce.discounts.field.maxUsesPerMobile", {
        hint: t("adminCommerce.discounts.hint.optionalLimit"),
      })}
      <fieldset
        className="admin-fieldset admin-wide"
        aria-describedby={errors.services ? "discount-services-error" : "discount-services-hint"}
      >
        <legend>{t("adminCommerce.discounts.field.services")}</legend>
        <p id="discount-services-hint" className="admin-hint admin-wide">
          {t("adminCommerce.discounts.hint.services")}
        </p>
        {page.services.map((service) => (
          <label key={service} className="admin-check">
            <input type="checkbox" name="services" value={service} defaultChecked={values.services.includes(service)} />
            {t(`service.${service}.title`)}
          </label>
        ))}
        {errors.services ? (
          <p id="discount-services-error" className="admin-error">
            {t(errors.services.key, errors.services.params)}
          </p>
        ) : null}
      </fieldset>
      <div className="admin-wide">
        {field("note", "adminCommerce.discounts.field.note", { ltr: false, inputMode: "text", multiline: true, maxLength: page.noteMax })}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button">
          {t("adminCommerce.discounts.create.submit")}
        </button>
      </div>
    </Form>
  );
}

/** `/admin/discounts`: the agency's discount codes; operators create and disable them, support reads. */
export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const refusal = useActionData<DiscountRefusal>() ?? null;
  return (
    <AdminScreen data={loaderData} current="admin-discounts" title={t("adminCommerce.discounts.title")}>
      {(page, frame) => (
        <>
          {page.notice ? (
            <p className="admin-notice" role="status">
              {t(`adminCommerce.discounts.notice.${page.notice.kind}`, { code: "\u2068" + page.notice.code + "\u2069" })}
            </p>
          ) : null}
          <p className="admin-intro">{t("adminCommerce.discounts.intro")}</p>
          {refusal?.intent === "disable" ? (
            <p className="admin-error" role="alert">
              {t("adminCommerce.discounts.error.notFound")}
            </p>
          ) : null}
          {page.confirm ? <ConfirmDisable code={page.confirm} csrf={frame.csrf} /> : null}
          <AdminFilterForm idPrefix="discounts" clearTo="admin-discounts">
            <div className="admin-field">
              <label htmlFor="discounts-status">{t("adminCommerce.discounts.show")}</label>
              <select id="discounts-status" name="status" defaultValue={page.status}>
                {DISCOUNT_SCREEN_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`adminCommerce.discounts.show.${status}`)}
                  </option>
                ))}
              </select>
            </div>
          </AdminFilterForm>
          <AdminResults
            list={page}
            count="adminCommerce.discounts.count"
            empty="adminCommerce.discounts.empty"
            caption={t("adminCommerce.discounts.title")}
            columns={COLUMNS}
            rowKey={(row) => row.code}
            rowAction={(row) => row.state}
            renderRow={(row) => <DiscountCells row={row} page={page} />}
          />
          {page.canWrite ? <CreateForm page={page} csrf={frame.csrf} state={refusal?.intent === "create" ? refusal : EMPTY_FORM} /> : null}
        </>
      )}
    </AdminScreen>
  );
}
