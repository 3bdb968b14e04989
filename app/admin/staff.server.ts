import { data, redirect, type AppLoadContext } from "react-router";
import { STAFF_ROLES, can, type BackOfficeRole, type StaffRole } from "#core/back-office/roles.ts";
import { addStaff, removeStaff, type StaffChangeError } from "#core/back-office/staff.ts";
import { localizeDigits } from "#core/i18n/messages.ts";
import { dateText } from "#core/search/dates.ts";
import { TEHRAN_OFFSET_MINUTES } from "#core/flights/clock.ts";
import { maskMobile } from "#app/account/panel.server.ts";
import { NO_STORE, refusalStatus } from "#app/booking/answers.server.ts";
import { href } from "#app/links.ts";
import { calendarOf } from "#app/search/search-page.server.ts";
import { adminAction, adminLoader, type StaffRequest } from "./guard.server.ts";

export interface StaffRow {
  userId: string;
  /** Masked, in the page's digits. */
  mobile: string;
  role: BackOfficeRole;
  added: string;
  /** False for yourself: a member cannot remove their own access from this screen (another owner can). */
  removable: boolean;
}

export interface StaffPage {
  rows: StaffRow[];
  /** Whether this member may change the staff (owners); others see the list only. */
  canWrite: boolean;
  roles: readonly StaffRole[];
  notice: "added" | "removed" | null;
}

export interface StaffRefusal {
  values: { mobile: string; role: string };
  errors: Partial<Record<"mobile" | "role", StaffChangeError>>;
}

/** `/admin/staff`: who is on this tenant's staff. */
export function staffLoader(request: Request, context: AppLoadContext) {
  return adminLoader(request, context, "staff.read", async (staff): Promise<StaffPage> => {
    const locale = context.locale.locale;
    const calendar = calendarOf(request, locale);
    const members = await context.backOffice.staff.list(staff.tenantId);
    const notice = new URL(request.url).searchParams.get("notice");
    return {
      rows: members.map((member) => ({
        userId: member.userId,
        mobile: maskMobile(locale, member.mobile),
        role: member.role,
        added: localizeDigits(
          locale,
          dateText(new Date(member.addedAt.getTime() + TEHRAN_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10), calendar),
        ),
        removable: member.userId !== staff.member.userId,
      })),
      canWrite: can(staff.member.role, "staff.write"),
      roles: STAFF_ROLES,
      notice: notice === "added" || notice === "removed" ? notice : null,
    };
  });
}

const FIELD_OF: Record<StaffChangeError, "mobile" | "role"> = {
  MOBILE_INVALID: "mobile",
  NOT_STAFF: "mobile",
  ROLE_INVALID: "role",
  ROLE_NOT_GRANTABLE: "role",
  LAST_OWNER: "role",
};

function deps(context: AppLoadContext) {
  return {
    staff: context.backOffice.staff,
    accounts: context.accounts,
    audit: context.backOffice.audit,
    clock: { now: () => context.now() },
  };
}

/** Adds, changes or removes a member (owners only), each change in the audit log; then the list again by GET. */
export function staffAction(request: Request, context: AppLoadContext) {
  return adminAction(request, context, "staff.write", async ({ form, staff }: { form: FormData; staff: StaffRequest }) => {
    const intent = form.get("intent");
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value.trim().slice(0, 40) : "";
    };
    const result =
      intent === "remove"
        ? await removeStaff(deps(context), staff.actor, { tenantId: staff.tenantId, userId: text("userId") })
        : await addStaff(deps(context), staff.actor, { tenantId: staff.tenantId, mobile: text("mobile"), role: text("role") });
    if (!result.ok) {
      const refusal: StaffRefusal = {
        values: { mobile: text("mobile"), role: text("role") },
        errors: { [FIELD_OF[result.error]]: result.error },
      };
      return data(refusal, { status: refusalStatus(context, 400), headers: NO_STORE });
    }
    throw redirect(`${href(context.locale.locale, "admin-staff")}?notice=${intent === "remove" ? "removed" : "added"}`, {
      status: 303,
      headers: NO_STORE,
    });
  });
}
