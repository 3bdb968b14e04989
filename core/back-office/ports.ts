import type { AuditLog } from "./audit.ts";
import type { DashboardSource } from "./dashboard.ts";
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
  /** Gateways, SMS sender and reCAPTCHA with their encrypted credentials (write-only secrets). */
  secrets: TenantSecretsStore;
  /** The tenant's own content pages (write; reading goes through the content repository). */
  contentEditor: ContentEditorStore;
}
