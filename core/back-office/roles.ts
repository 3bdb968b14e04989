/**
 * Back-office roles and what each may do (issue 25 §1; ADR 0036). Every admin endpoint and screen
 * asks `can(role, action)` on the server before it reads or writes anything; the browser is told
 * the same table only to hide links it could not follow anyway.
 */

/** Roles a tenant's staff hold. `platform` is held only at the platform host's tenant (ADR 0036). */
export const STAFF_ROLES = ["owner", "operator", "editor", "support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const BACK_OFFICE_ROLES = [...STAFF_ROLES, "platform"] as const;
export type BackOfficeRole = (typeof BACK_OFFICE_ROLES)[number];

/**
 * Everything the back-office does, as `<area>.<read|write>`. A new screen or endpoint adds its
 * area here and to the roles that may use it; the permission test lists the whole table.
 */
export const ADMIN_ACTIONS = [
  "dashboard.read",
  "audit.read",
  "settings.read",
  "settings.write",
  /** Whether a gateway, SMS sender or reCAPTCHA secret is set, and when: never the secret itself. */
  "secrets.read",
  "secrets.write",
  "staff.read",
  "staff.write",
  "bookings.read",
  "bookings.write",
  "refunds.read",
  "refunds.write",
  "discounts.read",
  "discounts.write",
  "credit.read",
  "credit.write",
  "clientErrors.read",
  "smsLog.read",
  "content.read",
  "content.write",
  "blog.read",
  "blog.write",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

const READS = ADMIN_ACTIONS.filter((action) => action.endsWith(".read"));
const OPERATIONS: readonly AdminAction[] = [
  "bookings.read",
  "bookings.write",
  "refunds.read",
  "refunds.write",
  "discounts.read",
  "discounts.write",
  "credit.read",
  "credit.write",
  "clientErrors.read",
  "smsLog.read",
];

/** The permission table: role -> the actions it may take. */
export const PERMISSIONS: Readonly<Record<BackOfficeRole, ReadonlySet<AdminAction>>> = {
  owner: new Set(ADMIN_ACTIONS),
  platform: new Set(ADMIN_ACTIONS),
  operator: new Set<AdminAction>(["dashboard.read", ...OPERATIONS]),
  editor: new Set<AdminAction>(["dashboard.read", "content.read", "content.write", "blog.read", "blog.write"]),
  // Read-only, and not even whether a secret is set: support staff answer travellers, not banks.
  support: new Set<AdminAction>(READS.filter((action) => action !== "secrets.read")),
};

export function can(role: BackOfficeRole, action: AdminAction): boolean {
  return PERMISSIONS[role].has(action);
}

export function isStaffRole(text: unknown): text is StaffRole {
  return typeof text === "string" && (STAFF_ROLES as readonly string[]).includes(text);
}

export function isBackOfficeRole(text: unknown): text is BackOfficeRole {
  return typeof text === "string" && (BACK_OFFICE_ROLES as readonly string[]).includes(text);
}
