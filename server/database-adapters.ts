/**
 * The database-backed adapters of every port the server needs, built in one place so the web
 * server, the tests and the tools wire them the same way.
 */
import type { DatabaseHandle } from "#adapters/db/client.ts";
import { createClientErrorRepository } from "#adapters/db/client-error-repository.ts";
import { createContentRepository } from "#adapters/db/content-repository.ts";
import { createPlaceIndex } from "#adapters/db/place-index.ts";
import { createRateLimiter } from "#adapters/db/rate-limiter.ts";
import { seedDefaultContent } from "#adapters/db/seed-content.ts";
import { seedPlaces } from "#adapters/db/seed-places.ts";
import { createTenantRepository } from "#adapters/db/tenant-repository.ts";
import { referencePlaces } from "#seed/places/index.ts";
import type { Logger } from "./logger.ts";

const PLACE_INDEX_TTL_MS = 10 * 60_000;

export function databaseAdapters(database: DatabaseHandle) {
  return {
    database,
    tenants: createTenantRepository(database.db),
    clientErrors: createClientErrorRepository(database.db),
    rateLimiter: createRateLimiter(database.db),
    content: createContentRepository(database.db),
    // Reference places change with releases: each process searches its own copy, refreshed every ten minutes.
    places: createPlaceIndex(database.db, { ttlMs: PLACE_INDEX_TTL_MS }),
  };
}

/**
 * Data that ships with the code, like the schema does: the default content pages and the
 * reference places. Written by `db:migrate`, `db:seed` and a migrating start.
 */
export async function writeProductData(database: DatabaseHandle, log: Pick<Logger, "info">): Promise<void> {
  const content = await seedDefaultContent(database.db);
  log.info(content, "default content pages written");
  const places = referencePlaces();
  await seedPlaces(database.db, places);
  log.info({ places: places.length }, "reference places written");
}
