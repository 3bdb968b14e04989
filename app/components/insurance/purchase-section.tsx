import { Link } from "react-router";
import type { ChoicesProps, ChoicesSection } from "#app/components/booking/passengers-screen.tsx";
import { fieldId, TextField } from "#app/components/booking/form-fields.tsx";
import { useToman } from "#app/components/booking/trip-summary.tsx";
import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";
import { INSURED_FIELD, START_FIELD, type InsuranceChoicesView } from "./purchase-form.ts";

/**
 * An insurance purchase's own part of the shared passengers page (issue 21 §3): the plan, the
 * first day of cover (a field: ages and the cover's dates count from it) and, at the top of each
 * insured traveller's card, their age and price under the plan. The plan itself is chosen on the
 * plans page, which the link goes back to.
 */

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

function PlanIntro({ view, values, message, editing }: ChoicesProps<InsuranceChoicesView>) {
  const { t, number } = useI18n();
  const insuredError = message(INSURED_FIELD);
  return (
    <div id={fieldId(INSURED_FIELD)} tabIndex={-1} className="insurance-purchase-intro">
      <p className="insurance-purchase-plan">
        <strong>{view.plan}</strong> · {t("search.daysUpTo", { count: view.days })}
      </p>
      {insuredError ? (
        <p className="booking-alert" role="alert">
          {insuredError}
        </p>
      ) : null}
      {editing ? (
        <p className="booking-note">{t("insurancePages.editNote")}</p>
      ) : (
        <TextField
          name={START_FIELD}
          label={t("insurancePages.startDate")}
          value={values[START_FIELD]}
          error={message(START_FIELD)}
          hint={t("insurancePages.startDate.hint", { days: number(view.days), example: view.example })}
          inputMode="numeric"
          dir="ltr"
          maxLength={20}
          required
        />
      )}
      <p className="booking-note">
        {t("insurancePages.birthNote")}{" "}
        {view.plansHref ? (
          <Link to={view.plansHref} className="hotel-purchase-link">
            {t("insurancePages.backToPlans")}
          </Link>
        ) : null}
      </p>
    </div>
  );
}

/** The insured traveller's age and price under the plan, at the top of their card. */
function InsuredHead({ view, index }: ChoicesProps<InsuranceChoicesView> & { index: number }) {
  const { t } = useI18n();
  const toman = useToman();
  const insured = view.insured[index];
  if (!insured) return null;
  return (
    <p className="insurance-insured">
      <span>{t("insurancePages.traveller", { n: index + 1, age: insured.age })}</span>
      {insured.price !== null ? <span className="insurance-insured-price">{toman(insured.price)}</span> : null}
    </p>
  );
}

/** Where the start-of-cover refusal is, for the summary of what to fix. */
function insuranceChoiceLabel(field: string, _titles: string[], t: Translate): string | null {
  if (field === START_FIELD) return t("insurancePages.startDate");
  return field === INSURED_FIELD ? t("search.travellers.legend") : null;
}

export const INSURANCE_PURCHASE_SECTION: ChoicesSection<InsuranceChoicesView> = {
  intro: (props) => <PlanIntro {...props} />,
  passengerHead: (props) => <InsuredHead {...props} />,
  label: insuranceChoiceLabel,
};
