import type { PageCache } from "#server/page-cache.ts";
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pino from "pino";
import type { ServerBuild } from "react-router";
import type { DatabaseHandle } from "#adapters/db/client.ts";
import type { Clock } from "#core/ports.ts";
import type { TrainRouteFacts, TrainSupplier } from "#core/trains/supplier.ts";
import type { BusRouteFacts, BusSupplier } from "#core/buses/supplier.ts";
import type { HotelComments, HotelSupplier } from "#core/hotels/supplier.ts";
import type { TourSupplier } from "#core/tours/supplier.ts";
import type { InsuranceSupplier } from "#core/insurance/supplier.ts";
import type { SupplierRegistry } from "#core/suppliers/ports.ts";
import { createServerApp } from "#server/app.ts";
import { databaseAdapters } from "#server/database-adapters.ts";
import { loadEnv } from "#server/env.ts";
import { createMetrics } from "#server/metrics.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SERVER_BUILD = resolve(ROOT, "build/server/index.js");

export async function loadServerBuild(): Promise<ServerBuild> {
  if (!existsSync(SERVER_BUILD)) throw new Error("No production build: run `npm run build` before the integration tests (npm test does).");
  return (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
}

/**
 * The real server app on an ephemeral port, over the given database, with no tenant cache; with
 * a clock, the server and its adapters see that time instead of the system's. With `trains`, that
 * train supplier serves searches and is registered for bookings under ("train", its name); with
 * `trains: null` the deployment has no train inventory at all. `buses`, `hotels`, `tours` and `insurance` work the same for their services (a hotel supplier is registered for `hotel` and `intHotel`, a tour supplier for `tour` and `intTour`).
 */
export async function startTestServer(
  database: DatabaseHandle,
  envOverrides: Record<string, string> = {},
  options: {
    clock?: Clock;
    trains?: (TrainSupplier & TrainRouteFacts) | null;
    buses?: (BusSupplier & BusRouteFacts) | null;
    hotels?: HotelSupplier | null;
    hotelComments?: HotelComments;
    tours?: TourSupplier | null;
    insurance?: InsuranceSupplier | null;
    /** Shared pages kept by the app, as `npm start` keeps them (off by default in tests). */
    pageCache?: PageCache;
  } = {},
) {
  const env = loadEnv({ NODE_ENV: "production", TENANT_CACHE_TTL_MS: "0", LOG_LEVEL: "silent", ...envOverrides });
  const adapters = databaseAdapters(database, options.clock, { credentialsKey: env.CREDENTIALS_KEY });
  const { trains, buses, hotels, tours, insurance } = options;
  // A service's supplier given here replaces the deployment's own for searches and bookings; null removes it.
  const registry: SupplierRegistry = {
    find: (service, name) => {
      if (service === "train" && trains !== undefined) return trains && name === trains.name ? trains : null;
      if (service === "bus" && buses !== undefined) return buses && name === buses.name ? buses : null;
      if ((service === "hotel" || service === "intHotel") && hotels !== undefined) return hotels && name === hotels.name ? hotels : null;
      if ((service === "tour" || service === "intTour") && tours !== undefined) return tours && name === tours.name ? tours : null;
      if (service === "insurance" && insurance !== undefined) return insurance && name === insurance.name ? insurance : null;
      return adapters.suppliers.find(service, name);
    },
  };
  const { app } = createServerApp({
    env,
    log: pino({ level: "silent" }),
    metrics: createMetrics({ defaultMetrics: false }),
    ...adapters,
    ...(trains !== undefined ? { trains: trains ?? undefined } : {}),
    ...(buses !== undefined ? { buses: buses ?? undefined } : {}),
    ...(hotels !== undefined ? { hotels: hotels ?? undefined } : {}),
    ...(tours !== undefined ? { tours: tours ?? undefined } : {}),
    ...(insurance !== undefined ? { insurance: insurance ?? undefined } : {}),
    ...(options.hotelComments ? { hotelComments: options.hotelComments } : {}),
    suppliers: registry,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.pageCache ? { pageCache: options.pageCache } : {}),
    buildVersion: "test",
    build: await loadServerBuild(),
    clientDir: resolve(ROOT, "build/client"),
  });
  const server: Server = await new Promise((done) => {
    const listening = app.listen(0, "127.0.0.1", () => done(listening));
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
