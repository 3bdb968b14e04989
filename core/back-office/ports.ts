import type { DiscountCodeStore } from "#core/booking/discount-codes.ts";
import type { ClientErrorReader } from "#core/client-errors/listing.ts";
import type { CreditAccounts } from "#core/wallet/credit-limits.ts";
import type { AuditLog } from "./audit.ts";
import type { DomainStore, LogoFieldStore, LogoImageProcessor, LogoImageStore, PreviewStore } from "./brand.ts";
import type { DashboardSource } from "./dashboard.ts";
import type { TenantDirectory } from "./platform.ts";
import type { TenantSecretsStore } from "./secrets.ts";
import type { ContentEditorStore } from "#core/content/edit-content-page.ts";
import type { SiteSettingsStore } from "./site-settings.ts";
import type { StaffRepository } from "./staff.ts";

/** The back-office's own ports (ADR 0036); its screens also use the ports of what they manage. */
export interface BackOfficePorts {
  staff: StaffRepository;
  audit: AuditLog;
  dashboard: DashboardSource;
  settings: SiteSettingsStore;
  /** Every tenant, for a platform operator's picker on the platform host. */
  tenants: TenantDirectory;
  /** The brand beyond the form: uploaded logos, host names, previews of unsaved settings. */
  brand: { images: LogoImageStore; processor: LogoImageProcessor; logos: LogoFieldStore; domains: DomainStore; previews: PreviewStore };
  /** Gateways, SMS sender and reCAPTCHA with their encrypted credentials (write-only secrets). */
  secrets: TenantSecretsStore;
  /** The tenant's own content pages (write; reading goes through the content repository). */
  contentEditor: ContentEditorStore;
  // The commerce screens (discounts, credit, client errors): the same ports as their CLI commands.
  discountCodes: DiscountCodeStore;
  creditAccounts: CreditAccounts;
  clientErrorReports: ClientErrorReader;
}
