import { describe, expect, it } from "vitest";
import { ADMIN_ACTIONS, BACK_OFFICE_ROLES, PERMISSIONS, can } from "./roles.ts";

describe("the back-office permission table", () => {
  it("is, role by role, exactly this", () => {
    const table = Object.fromEntries(BACK_OFFICE_ROLES.map((role) => [role, ADMIN_ACTIONS.filter((action) => can(role, action))]));
    expect(table).toEqual({
      owner: [...ADMIN_ACTIONS],
      platform: [...ADMIN_ACTIONS],
      operator: [
        "dashboard.read",
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
      ],
      editor: ["dashboard.read", "content.read", "content.write", "blog.read", "blog.write"],
      support: ADMIN_ACTIONS.filter((action) => action.endsWith(".read") && action !== "secrets.read"),
    });
  });

  it("lets support write nothing, and only owners touch settings, secrets and staff", () => {
    for (const action of ADMIN_ACTIONS.filter((name) => name.endsWith(".write"))) expect(can("support", action), action).toBe(false);
    for (const action of ["settings.write", "secrets.read", "secrets.write", "staff.write"] as const)
      expect(BACK_OFFICE_ROLES.filter((role) => can(role, action))).toEqual(["owner", "platform"]);
    expect(can("editor", "refunds.read")).toBe(false);
    expect(can("operator", "content.write")).toBe(false);
  });

  it("names only known actions", () => {
    for (const role of BACK_OFFICE_ROLES) for (const action of PERMISSIONS[role]) expect(ADMIN_ACTIONS).toContain(action);
  });
});
