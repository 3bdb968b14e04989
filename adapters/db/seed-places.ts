import { inArray, sql } from "drizzle-orm";
import type { PlaceRow } from "#seed/places/build.ts";
import { chunks } from "./chunks.ts";
import type { Database } from "./client.ts";
import { placeSearchKeys, places } from "./schema.ts";

const CHUNK = 500;

/**
 * Writes the reference places and their search keys. Places are upserted by id; each seeded
 * place's keys are replaced, so renamed aliases do not linger. Safe to run on every start.
 */
export async function seedPlaces(db: Database, rows: readonly PlaceRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const part of chunks(rows, CHUNK)) {
      await tx
        .insert(places)
        .values(part.map(({ keys: _keys, ...place }) => ({ ...place, updatedAt: new Date() })))
        .onConflictDoUpdate({
          target: places.id,
          set: {
            kind: sql`excluded.kind`,
            parentId: sql`excluded.parent_id`,
            countryCode: sql`excluded.country_code`,
            iata: sql`excluded.iata`,
            names: sql`excluded.names`,
            popularity: sql`excluded.popularity`,
            services: sql`excluded.services`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    }
    for (const part of chunks(rows, CHUNK)) {
      await tx.delete(placeSearchKeys).where(
        inArray(
          placeSearchKeys.placeId,
          part.map((row) => row.id),
        ),
      );
    }
    const keys = rows.flatMap((row) => row.keys.map((key) => ({ key, placeId: row.id })));
    for (const part of chunks(keys, CHUNK)) await tx.insert(placeSearchKeys).values(part).onConflictDoNothing();
  });
}
