import { and, asc, eq, sql } from "drizzle-orm";
import { isBackOfficeRole, type BackOfficeRole } from "#core/back-office/roles.ts";
import type { StaffMember, StaffRepository } from "#core/back-office/staff.ts";
import type { Database } from "./client.ts";
import { staffMembers, users } from "./schema.ts";

function toMember(row: { tenantId: string; userId: string; mobile: string; role: string; createdAt: Date }): StaffMember {
  // The check constraint admits only known roles; anything else would be a schema newer than this code.
  const role: BackOfficeRole = isBackOfficeRole(row.role) ? row.role : "support";
  return { tenantId: row.tenantId, userId: row.userId, mobile: row.mobile, role, addedAt: row.createdAt };
}

const memberColumns = {
  tenantId: staffMembers.tenantId,
  userId: staffMembers.userId,
  mobile: users.mobile,
  role: staffMembers.role,
  createdAt: staffMembers.createdAt,
};

export function createStaffRepository(db: Database): StaffRepository {
  async function find(tenantId: string, userId: string): Promise<StaffMember | null> {
    const [row] = await db
      .select(memberColumns)
      .from(staffMembers)
      // The user must be the same tenant's: a membership never reaches across tenants.
      .innerJoin(users, and(eq(users.id, staffMembers.userId), eq(users.tenantId, staffMembers.tenantId)))
      .where(and(eq(staffMembers.tenantId, tenantId), eq(staffMembers.userId, userId)));
    return row ? toMember(row) : null;
  }

  return {
    findByUser: find,

    async list(tenantId) {
      const rows = await db
        .select(memberColumns)
        .from(staffMembers)
        .innerJoin(users, and(eq(users.id, staffMembers.userId), eq(users.tenantId, staffMembers.tenantId)))
        .where(eq(staffMembers.tenantId, tenantId))
        .orderBy(sql`${staffMembers.role} <> 'owner'`, asc(staffMembers.createdAt), asc(users.mobile));
      return rows.map(toMember);
    },

    async put({ tenantId, userId, role, now }) {
      const before = await find(tenantId, userId);
      await db
        .insert(staffMembers)
        .values({ tenantId, userId, role, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: [staffMembers.tenantId, staffMembers.userId], set: { role, updatedAt: now } });
      const after = await find(tenantId, userId);
      if (!after) throw new Error("staff member was not stored (is the user this tenant's?)");
      return { before, after };
    },

    async remove(tenantId, userId) {
      const before = await find(tenantId, userId);
      if (!before) return null;
      const gone = await db
        .delete(staffMembers)
        .where(and(eq(staffMembers.tenantId, tenantId), eq(staffMembers.userId, userId)))
        .returning({ userId: staffMembers.userId });
      return gone.length > 0 ? before : null;
    },
  };
}
