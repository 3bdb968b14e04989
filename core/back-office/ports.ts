import type { DiscountCodeStore } from "#core/booking/discount-codes.ts";
import type { ClientErrorReader } from "#core/client-errors/listing.ts";
import type { CreditAccounts } from "#core/wallet/credit-limits.ts";
import type { AuditLog } from "./audit.ts";
import type { DashboardSource } from "./dashboard.ts";
import type { SiteSettingsStore } from "./site-settings.ts";
import type { StaffRepository } from "./staff.ts";

/** The back-office's own ports (ADR 0036); its screens also use the ports of what they manage. */
export interface BackOfficePorts {
  staff: StaffRepository;
  audit: AuditLog;
  dashboard: DashboardSource;
  settings: SiteSettingsStore;
  // The commerce screens (discounts, credit, client errors): the same ports as their CLI commands.
  discountCodes: DiscountCodeStore;
  creditAccounts: CreditAccounts;
  clientErrorReports: ClientErrorReader;
}
