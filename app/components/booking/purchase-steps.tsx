import { useI18n } from "#app/i18n/use-i18n.ts";
import type { MessageKey } from "#core/i18n/messages.ts";

const STEPS = ["select", "passengers", "verify", "payment", "ticket"] as const;

/** The first step names what was chosen: a flight unless the service says otherwise. */
const SELECT_STEP: Partial<Record<string, MessageKey>> = {
  train: "booking.steps.selectTrain",
  bus: "busPurchase.steps.select",
  hotel: "hotelPurchase.steps.select",
  intHotel: "hotelPurchase.steps.select",
};

/** The last step names what is issued: a ticket unless the service says otherwise (a hotel's voucher). */
const ISSUE_STEP: Partial<Record<string, MessageKey>> = {
  hotel: "document.hotel.step",
  intHotel: "document.hotel.step",
};

/** Spec §2's purchase steps (the flight's, with the service's first step), the current one marked for screen readers too. */
export function PurchaseSteps({ current, service }: { current: (typeof STEPS)[number]; service?: string }) {
  const { t, number } = useI18n();
  const label = (step: (typeof STEPS)[number]) =>
    step === "select" && service
      ? t(SELECT_STEP[service] ?? "booking.steps.select")
      : step === "ticket" && service
        ? t(ISSUE_STEP[service] ?? "booking.steps.ticket")
        : t(`booking.steps.${step}`);
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t("booking.steps.label")} className="purchase-steps">
      <ol>
        {STEPS.map((step, index) => (
          <li
            key={step}
            aria-current={step === current ? "step" : undefined}
            className={index < at ? "done" : index === at ? "current" : ""}
          >
            <span className="purchase-step-number" aria-hidden="true">
              {number(index + 1)}
            </span>
            {label(step)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
