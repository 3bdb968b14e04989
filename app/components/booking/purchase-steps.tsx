import { useI18n } from "#app/i18n/use-i18n.ts";

const STEPS = ["select", "passengers", "verify", "payment", "ticket"] as const;

/** Spec §2's flight purchase steps, the current one marked for screen readers too. */
export function PurchaseSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t, number } = useI18n();
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
            {t(`booking.steps.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}
