import type { InternationalFlightSupplier } from "#core/international-flights/supplier.ts";
import type { TrainRouteFacts, TrainSupplier } from "#core/trains/supplier.ts";
import type { BusRouteFacts, BusSupplier } from "#core/buses/supplier.ts";
import type { HotelComments, HotelSupplier } from "#core/hotels/supplier.ts";
import type { TourSupplier } from "#core/tours/supplier.ts";
import { TOUR_SEARCH_TIMEOUT_MS, isTourSearchPath } from "#core/tours/search-window.ts";
import type { InsuranceSupplier } from "#core/insurance/supplier.ts";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequestHandler } from "@react-router/express";
import type { PageCache } from "./page-cache.ts";
import express, { type NextFunction, type Request, type Response } from "express";
import { compressResponses, precompressedAssets } from "./compression.ts";
import type { AppLoadContext, ServerBuild } from "react-router";
import { decideLocale, localeFromAcceptLanguage, splitLocalePath, type Locale } from "#core/i18n/locales.ts";
import type { IdempotencyStore } from "#adapters/db/idempotency-store.ts";
import type { Clock, HealthProbe, RateLimiter } from "#core/ports.ts";
import type { BookingRepository } from "#core/booking/ports.ts";
import type { ClientErrorRepository } from "#core/client-errors/ports.ts";
import type { ContentRepository } from "#core/content/ports.ts";
import type { FlightFareCalendar, FlightRouteInfo, FlightSupplier } from "#core/flights/ports.ts";
import type { PaymentRepository } from "#core/payments/ports.ts";
import type { TenantRepository } from "#core/tenants/ports.ts";
import { suggestPlaces, type PlaceSearchPort } from "#core/places/suggest.ts";
import { toConfigResponse } from "#core/tenants/config-response.ts";
import { normalizeHost, resolveSite, type SiteResolution } from "#core/tenants/resolve-site.ts";
import { hiddenByGdsPro } from "#core/tenants/gds-pro.ts";
import "#app/context.ts";
import type { AlertRepository } from "#core/alerts/ports.ts";
import type { TaxInvoiceRepository } from "#core/tax/ports.ts";
import { runTaxFiling } from "#core/tax/file-invoices.ts";
import type { MobileChargeRepository, TopupProviders } from "#core/topup/ports.ts";
import { watchSources } from "#core/alerts/watch.ts";
import type { SandboxBankDesk } from "#adapters/payments/sandbox/sandbox-bank.ts";
import type { PaymentGateways } from "./payment-gateways.ts";
import { sandboxBankRoutes } from "./sandbox-bank-routes.ts";
import { devSmsRoutes } from "./dev-sms-routes.ts";
import { devTaxRoutes } from "./dev-tax-routes.ts";
import { taxFilingDeps } from "./tax-filing.ts";
import type { TaxRegistries } from "./tax-registries.ts";
import { createNotifications } from "./notifications.ts";
import type { OutboxSender } from "#adapters/sms/outbox/outbox-sender.ts";
import type { RefundRepository } from "#core/refunds/refund-booking.ts";
import { hashClientAddress, normalizeAddress, rateLimitSubject } from "./client-address.ts";
import { requestLocale } from "./api/locale.ts";
import { apiRouter } from "./api/mount.ts";
import { answersInEnvelope as isApiPath } from "./api/paths.ts";
import { frontDoorProblem, sendProblem } from "./api/problem.ts";
import { API_ROUTES } from "./api/routes.ts";
import type { Env } from "./env.ts";
import type { Logger } from "./logger.ts";
import { routeKind, type Metrics } from "./metrics.ts";
import { acceptRequestId, isLoopbackAddress, readCookie, safeEqual } from "./net.ts";
import { hotelImages } from "./hotel-images.ts";
import { tourImages } from "./tour-images.ts";
import { pageBodyLimit } from "./page-body-limit.ts";
import { renderStaticPage } from "./static-page.ts";
import { createLoadShedder, eventLoopDelayReader, shedLoad } from "./load-shedding.ts";
import { createTenantPolicySources, cspNonce, pagePolicy, securityHeaders } from "./security-headers.ts";
import { isSettingsScreen, settingsPreview } from "./settings-preview.ts";
import { createPreviewCrypto } from "#adapters/preview/preview-crypto.ts";
import { clientIpHash, crossSiteRequestGuard, csrfTokenOf, csrfValid, requestAuth, type HumanCheck, type SmsSenders } from "./auth.ts";
import type { AccountRepository, SessionRepository, SignInStore } from "#core/accounts/ports.ts";
import type { LedgerRepository } from "#core/wallet/ports.ts";
import type { FareHistoryRepository } from "#core/fares/ports.ts";
import type { AutoReserveRepository } from "#core/alerts/auto-reserve.ts";
import type { DesiredPriceRepository } from "#core/alerts/desired-price.ts";
import type { SupplierRegistry } from "#core/suppliers/ports.ts";
import type { InternationalFlightPagesPort } from "#app/context.ts";
import type { PaymentLinkRepository } from "#core/payment-links/payment-link.ts";
import type { CardToCardRepository } from "#core/card-to-card/card-to-card.ts";
import { cardToCardDeps, inboundSmsRoutes } from "./pay-by-others.ts";
import type { Tenant } from "#core/tenants/site-config.ts";
import type { BackOfficePorts } from "#core/back-office/ports.ts";
import type { BlogAdapters } from "./database-adapters.ts";
import { blogRoutes } from "./blog-routes.ts";
import type { OperationsPorts } from "#core/back-office/operations-ports.ts";

export interface ServerDeps {
  env: Env;
  log: Logger;
  metrics: Metrics;
  tenants: TenantRepository;
  database: HealthProbe;
  /** Client error reports (spec §7) and the shared rate limiter that bounds them. */
  clientErrors: ClientErrorRepository;
  rateLimiter: RateLimiter;
  /** Content pages, handed to loaders through the request context. */
  content: ContentRepository;
  /** Reference places: the places API and the search forms. */
  places: PlaceSearchPort;
  /** Domestic flight inventory: the house supplier unless configuration picks another. */
  flights: FlightSupplier & FlightFareCalendar & FlightRouteInfo;
  /** International flight inventory: the house supplier unless configuration picks another. */
  internationalFlights: InternationalFlightSupplier & InternationalFlightPagesPort;
  /** Train inventory: the house supplier unless configuration picks another; absent, train searches say they cannot run. */
  trains?: TrainSupplier & TrainRouteFacts;
  /** Bus inventory: the house supplier unless configuration picks another; absent, bus searches say they cannot run. */
  buses?: BusSupplier & BusRouteFacts;
  /** Hotel inventory at home and abroad: the house supplier unless configuration picks another; absent, hotel searches say they cannot run. */
  hotels?: HotelSupplier;
  /** Guests' reviews of hotels. */
  hotelComments?: HotelComments;
  /** Package tours at home and abroad: the house supplier unless configuration picks another; absent, tour searches say they cannot run. */
  tours?: TourSupplier;
  /** Travel insurers: the house insurer unless configuration picks another; absent, insurance searches say they cannot run. */
  insurance?: InsuranceSupplier;
  /** Every supplier by (service, name): payments and tickets go back to the one that made a hold. */
  suppliers: SupplierRegistry;
  /** Refunds of issued bookings. */
  refunds: RefundRepository;
  /** The wallets' ledger (issue 10). */
  ledger: LedgerRepository;
  /** Each route's fare history, read by the buy-or-wait hint; absent, no hint is shown. */
  fareHistory?: FareHistoryRepository;
  /** Auto-reserve items and orders at a desired price (issue 22); the watchers' API answers UNAVAILABLE without them. */
  autoReserves?: AutoReserveRepository;
  desiredPriceOrders?: DesiredPriceRepository;
  /** Bookings, their history and discount codes. */
  bookings: BookingRepository;
  /** Payments of bookings and the gateways each tenant pays through. */
  payments: PaymentRepository;
  paymentGateways: PaymentGateways;
  /** Text messages (the built-in outbox unless configured otherwise). */
  sms: OutboxSender;
  /** Accounts, sessions and the sign-in counters (issue 9). */
  accounts: AccountRepository;
  sessions: SessionRepository;
  signIn: SignInStore;
  /** Each tenant's SMS sender (the outbox unless it configured a provider) and reCAPTCHA, when it has keys. */
  smsSenders: SmsSenders;
  humanCheck: HumanCheck;
  /** The sandbox bank's own desk (its pay/cancel pages). */
  sandboxBank: SandboxBankDesk;
  /** Idempotency keys of API writes (POST /api/v1/bookings). */
  idempotency: IdempotencyStore;
  /** Notify-me alerts (issue 22 §1). */
  alerts: AlertRepository;
  /** Issue 23 §2, payment by others: links sent by SMS, card-to-card receipts, each tenant's inbound SMS secret. */
  paymentLinks: PaymentLinkRepository;
  cardToCardReceipts: CardToCardRepository;
  inboundSmsSecret(tenantId: string): Promise<string | null>;
  /** Issue 23: official invoices, read by the factor page, the invoice page and the API; absent, none are shown. */
  taxInvoices?: TaxInvoiceRepository;
  /** Issue 23: the registry each tenant files with; with `taxInvoices`, the dev-only filing hook runs the worker's filing. */
  taxRegistries?: TaxRegistries;
  /** Mobile top-ups (issue 23 §3) and their providers; without them /chargemobile and its API answer 404. */
  mobileCharges?: MobileChargeRepository;
  topupProviders?: TopupProviders;
  /** The time the pages see ("today" of a search form); the system clock unless a test sets one. */
  clock?: Clock;
  buildVersion: string;
  /** The React Router server build; a function in development so edits are picked up. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of built client assets in production; absent in development (Vite serves them). */
  clientDir?: string;
  /** Development only: Vite's middleware, mounted before the router. */
  devMiddleware?: express.RequestHandler;
  /** Shared pages kept in this process (server/page-cache.ts); absent, every page is rendered. */
  pageCache?: PageCache;
  /** Tenants this process keeps (adapters/db/tenant-repository.ts), dropped with the pages when it saves a site. */
  tenantCache?: { clear(): void };
  /** Issue 25: the back-office's staff, audit log and dashboard figures. */
  backOffice: BackOfficePorts;
  /** Issue 25 §2: blog posts and their covers; absent, every blog path is a 404. */
  blog?: BlogAdapters;
  operations: OperationsPorts;
}

interface Locals {
  requestId: string;
  log: Logger;
  /** This request's Content-Security-Policy nonce (server/security-headers.ts). */
  cspNonce: string;
  site?: Extract<SiteResolution, { ok: true }>;
  /** The request came to PLATFORM_ADMIN_HOST (see isPlatformHost). */
  onPlatformHost?: boolean;
}

/**
 * Is this the platform's own back-office host (PLATFORM_ADMIN_HOST)? Only when its tenant was found
 * by that very host: an unknown host served as the default tenant never is.
 */
export function isPlatformHost(
  env: Pick<Env, "PLATFORM_ADMIN_HOST">,
  rawHost: string | undefined,
  matchedBy: "host" | "default" | "fallback",
): boolean {
  return env.PLATFORM_ADMIN_HOST !== undefined && matchedBy === "host" && normalizeHost(rawHost) === env.PLATFORM_ADMIN_HOST;
}

const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** The page path a request is about: `/en/flight.data` and `/_root.data` are client navigations. */
function documentPath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function safePathname(req: Request): string {
  const raw = req.originalUrl.split("?")[0] ?? "/";
  return raw.startsWith("/") ? raw : "/";
}

/**
 * The back-office's writes to what every page shows (settings, logos, domains, content pages, the
 * gateways and SMS sender a tenant's row names) drop this process's cached pages and tenants once
 * written: the operator sees the change on the next page. Other processes see the database stamp
 * move within their change watch (server/runtime.ts).
 */
function withSiteChangesShownAtOnce(ports: BackOfficePorts, dropCached: () => void): BackOfficePorts {
  const thenDrop =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await write(...args);
      dropCached();
      return result;
    };
  const { settings, brand, contentEditor, secrets } = ports;
  return {
    ...ports,
    secrets: {
      ...secrets,
      async edit(tenantId, work) {
        const result = await secrets.edit(tenantId, work);
        dropCached();
        return result;
      },
    },
    settings: { ...settings, save: thenDrop(settings.save.bind(settings)) },
    brand: {
      ...brand,
      logos: { ...brand.logos, setLogo: thenDrop(brand.logos.setLogo.bind(brand.logos)) },
      domains: {
        ...brand.domains,
        add: thenDrop(brand.domains.add.bind(brand.domains)),
        remove: thenDrop(brand.domains.remove.bind(brand.domains)),
      },
    },
    contentEditor: {
      ...contentEditor,
      save: thenDrop(contentEditor.save.bind(contentEditor)),
      remove: thenDrop(contentEditor.remove.bind(contentEditor)),
    },
  };
}

export function createServerApp(deps: ServerDeps) {
  const { env, metrics } = deps;
  const app = express();
  const startedAt = new Date().toISOString();
  const authDeps = {
    accounts: deps.accounts,
    sessions: deps.sessions,
    signIn: deps.signIn,
    smsSenders: deps.smsSenders,
    humanCheck: deps.humanCheck,
    clock: deps.clock ?? { now: () => new Date() },
    ipHashSecret: env.IP_HASH_SECRET,
    rateLimiter: deps.rateLimiter,
  };
  let shuttingDown = false;
  // What a new alert's price is measured from: the same inventories the pages search.
  const alertSources = watchSources({
    flights: deps.flights,
    internationalFlights: deps.internationalFlights,
    trains: deps.trains ?? null,
    buses: deps.buses ?? null,
  });

  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);
  app.set("etag", false);

  // Issue 24: every answer below leaves compressed when the client accepts it (assets precompressed).
  app.use(compressResponses());

  // Request id, access log and metrics, first so every answer below is counted and logged.
  app.use((req, res, next) => {
    const requestId = acceptRequestId(req.headers["x-request-id"]) ?? randomUUID();
    const log = deps.log.child({ reqId: requestId });
    (res.locals as Locals).requestId = requestId;
    (res.locals as Locals).log = log;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    const pathname = safePathname(req);
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const kind = routeKind(pathname);
      metrics.requests.inc({ method: req.method, kind, status: String(res.statusCode) });
      metrics.duration.observe({ kind }, seconds);
      if (kind !== "asset" && kind !== "ops") {
        log.info(
          {
            method: req.method,
            path: pathname.slice(0, 512),
            status: res.statusCode,
            ms: Math.round(seconds * 1000),
            host: req.headers.host,
          },
          "request",
        );
      }
    });
    next();
  });

  // A fresh CSP nonce, the baseline policy and the other security headers, on every answer.
  const dev = deps.devMiddleware !== undefined;
  app.use(securityHeaders({ dev }));
  // Preview tokens are signed under a key derived from the deployment's signing secret.
  const previewCrypto = createPreviewCrypto(env.IP_HASH_SECRET);
  const tenantPolicySources = createTenantPolicySources({
    paymentGateways: deps.paymentGateways,
    ttlMs: env.TENANT_CACHE_TTL_MS,
    log: deps.log,
  });

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (shuttingDown) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      await Promise.race([
        deps.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2_000).unref()),
      ]);
      res.json({ status: "ready", database: "ok" });
    } catch (error) {
      (res.locals as Locals).log.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  });

  app.get("/metrics", async (req, res) => {
    const auth = req.headers.authorization;
    const tokenOk = env.METRICS_TOKEN !== undefined && auth !== undefined && safeEqual(auth, `Bearer ${env.METRICS_TOKEN}`);
    // A request relayed by a proxy on this machine arrives from loopback too; it is not local.
    const relayed = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
    const local = isLoopbackAddress(req.socket.remoteAddress) && !relayed;
    if (!tokenOk && !local) {
      res
        .status(env.METRICS_TOKEN ? 401 : 403)
        .type("text/plain")
        .send("forbidden\n");
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  // Issue 24 §3: at capacity a request is refused at once (503, Retry-After) rather than queued;
  // health, readiness, metrics (above) and static files are never refused (server/load-shedding.ts).
  app.use(
    shedLoad({
      shedder: createLoadShedder({
        maxInFlight: env.MAX_IN_FLIGHT,
        maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
        eventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS > 0 ? eventLoopDelayReader() : () => 0,
      }),
      metrics,
    }),
  );

  // /fa/... is the same page as /...: one URL per page, moved permanently, query kept.
  app.use((req, res, next) => {
    const pathname = safePathname(req);
    const { prefix, rest } = splitLocalePath(pathname);
    if (prefix !== "fa") return next();
    const query = req.originalUrl.slice(pathname.length);
    res.redirect(req.method === "GET" || req.method === "HEAD" ? 301 : 308, rest + query);
  });

  if (deps.devMiddleware) app.use(deps.devMiddleware);
  if (deps.clientDir && existsSync(deps.clientDir)) {
    app.use("/assets", precompressedAssets(`${deps.clientDir}/assets`));
    // Public files keep their names (a tenant's logo, favicon, social image), so they are cached an
    // hour; a URL that names its version (?v=…, as an agency's logo URL may) changes when the file
    // does, so the browser may keep that one for a year without asking again.
    const publicFiles = express.static(deps.clientDir, {
      maxAge: "1h",
      index: false,
      fallthrough: true,
      setHeaders: (res: Response) => {
        if (typeof res.req.query.v === "string" && res.req.query.v !== "")
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      },
    });
    // Every public file's name has an extension, and no page's or API route's address ends in one:
    // those skip the lookup (a stat of the disk on every page and API request).
    app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  }
  app.use(hotelImages({ hotels: deps.hotels }));
  app.use(tourImages({ tours: deps.tours }));

  // Requests may not hang: after the budget the visitor gets the 504 page (spec §8), except on
  // international flight paths, whose suppliers are slow by nature and answer within their own limit.
  // Tour pages and searches may take the tour search's 120 s (spec §9), never less.
  app.use((req, res, next) => {
    const pathname = safePathname(req);
    if (pathname.toLowerCase().includes("internationalflight")) return next();
    const budget = isTourSearchPath(pathname) ? Math.max(env.REQUEST_TIMEOUT_MS, TOUR_SEARCH_TIMEOUT_MS) : env.REQUEST_TIMEOUT_MS;
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      (res.locals as Locals).log.warn({ path: pathname.slice(0, 512) }, "request timed out");
      if (isApiPath(pathname)) return sendProblem(res, frontDoorProblem(requestLocale(req), "TIMEOUT"));
      const locale = decideLocale({ pathname, cookie: undefined }).locale;
      res.status(504).setHeader("Cache-Control", "no-store");
      res
        .type("html")
        .send(renderStaticPage({ locale, title: "error.gatewayTimeout", body: "error.tryLater", homeHref: "/", nonce: cspNonce(res) }));
    }, budget);
    timer.unref();
    res.on("close", () => clearTimeout(timer));
    res.on("finish", () => clearTimeout(timer));
    next();
  });

  // Tenant by host.
  app.use(async (req, res, next) => {
    const locals = res.locals as Locals;
    const resolution = await resolveSite(req.host, {
      tenants: deps.tenants,
      unknownHost: env.UNKNOWN_HOST === "404" ? "reject" : "default",
    });
    if (!resolution.ok) {
      const pathname = safePathname(req);
      if (isApiPath(pathname)) return sendProblem(res, frontDoorProblem(requestLocale(req), "NOT_FOUND"));
      const locale = decideLocale({ pathname, cookie: undefined }).locale;
      res.status(404).setHeader("Cache-Control", "no-store");
      res.type("html").send(
        renderStaticPage({
          locale,
          title: "error.unknownSite.title",
          body: "error.unknownSite.body",
          params: { host: (req.host ?? "").slice(0, 253) },
          nonce: cspNonce(res),
        }),
      );
      return;
    }
    if (!resolution.configLoaded)
      locals.log.error({ err: resolution.cause }, "site configuration could not be loaded; serving the fallback");
    locals.site = resolution;
    locals.onPlatformHost = isPlatformHost(env, req.host, resolution.matchedBy);
    next();
  });

  // Spec §4: a GDS-pro host keeps every page and API route dark until its components are shown.
  app.use((req, res, next) => {
    const site = (res.locals as Locals).site;
    const pathname = safePathname(req);
    if (!site || !hiddenByGdsPro(site.tenant, pathname)) return next();
    if (isApiPath(pathname)) return sendProblem(res, frontDoorProblem(requestLocale(req), "NOT_FOUND"));
    const locale = decideLocale({ pathname, cookie: undefined }).locale;
    res.status(404).setHeader("Cache-Control", "no-store");
    res.type("html").send(renderStaticPage({ locale, title: "error.notFound.title", body: "error.notFound.body", nonce: cspNonce(res) }));
  });

  // Forms and API writes from other sites are refused before anything reads them.
  app.use(crossSiteRequestGuard());
  // Issue 25: blog covers, the blog's feeds, and the tenant's sitemap and robots.txt.
  if (deps.blog)
    app.use(
      blogRoutes({
        siteOf: (res) => (res.locals as Locals).site?.tenant ?? null,
        posts: deps.blog.posts,
        images: deps.blog.images,
        routeLandings: deps.blog.routeLandings,
        clock: deps.clock ?? { now: () => new Date() },
        log: deps.log,
      }),
    );
  // The sandbox bank is a bank: it is served beside the shop, outside the shop's pages.
  app.use(sandboxBankRoutes({ bank: deps.sandboxBank }));
  // Development only (DEV_TOOLS=1): the SMS outbox; otherwise these paths are ordinary 404s.
  app.use(devSmsRoutes({ enabled: env.DEV_TOOLS, outbox: deps.sms }));
  // Issue 23 §2: card-to-card receipts payers forward to the agency's number, from its SMS provider.
  const ticketSmsOf = (tenant: Tenant) =>
    createNotifications({
      smsFor: () => deps.smsSenders.forTenant(tenant),
      log: deps.log,
      placeName: async (code, places, locale) => (await deps.places.byRouteCode(code, places, locale))?.name ?? null,
    });
  const payByOthersClock = deps.clock ?? { now: () => new Date() };
  const backOffice = withSiteChangesShownAtOnce(deps.backOffice, () => {
    deps.pageCache?.clear();
    deps.tenantCache?.clear();
  });
  // Issue 25: the blog's ports for the back-office's writes. A write drops this process's cached
  // pages at once (the editor sees the post on /blog straight away); the database stamp tells the others.
  const blog = deps.blog;
  const blogPorts = blog
    ? {
        posts: blog.posts,
        images: blog.images,
        processor: blog.processor,
        changed: async () => {
          await blog.changed();
          deps.pageCache?.clear();
        },
      }
    : null;
  app.use(
    inboundSmsRoutes({
      siteOf: (res) => (res.locals as Locals).site?.tenant ?? null,
      secretOf: (tenantId) => deps.inboundSmsSecret(tenantId),
      depsFor: (tenant) =>
        cardToCardDeps(deps, tenant.id, payByOthersClock, (booking, tickets) => ticketSmsOf(tenant).ticketIssued(booking, tickets)),
      log: deps.log,
    }),
  );
  // Issue 23, development only (DEV_TOOLS=1): run the official invoices' filing now.
  app.use(
    devTaxRoutes({
      enabled: env.DEV_TOOLS,
      run:
        deps.taxInvoices && deps.taxRegistries
          ? () =>
              runTaxFiling(
                taxFilingDeps({ ...deps, taxInvoices: deps.taxInvoices!, taxRegistries: deps.taxRegistries! }, deps.clock, deps.log),
              )
          : null,
    }),
  );
  // The JSON API's front door (server/api): every route of API_ROUTES (spec §7's client error
  // reports among them), and the envelope for any other /api/ path.
  app.use(
    apiRouter(API_ROUTES, {
      clock: deps.clock ?? { now: () => new Date() },
      auth: authDeps,
      rateLimiter: deps.rateLimiter,
      ipHashSecret: env.IP_HASH_SECRET,
      places: deps.places,
      flights: deps.flights,
      internationalFlights: deps.internationalFlights,
      trains: deps.trains ?? null,
      buses: deps.buses ?? null,
      hotels: deps.hotels ?? null,
      hotelComments: deps.hotelComments ?? null,
      tours: deps.tours ?? null,
      insurance: deps.insurance ?? null,
      suppliers: deps.suppliers,
      bookings: deps.bookings,
      idempotency: deps.idempotency,
      payments: deps.payments,
      paymentGateways: deps.paymentGateways,
      refunds: deps.refunds,
      ledger: deps.ledger,
      clientErrors: deps.clientErrors,
      fareHistory: deps.fareHistory ?? null,
      alerts: deps.alerts,
      watchSources: alertSources,
      autoReserves: deps.autoReserves ?? null,
      desiredPriceOrders: deps.desiredPriceOrders ?? null,
      blogPosts: deps.blog?.posts ?? null,
      blog: blogPorts,

      // Issue 23 §2: payment by others.
      payByOthers: {
        links: deps.paymentLinks,
        receipts: deps.cardToCardReceipts,
        smsFor: (tenant) => deps.smsSenders.forTenant(tenant),
        onIssued: (tenant, booking, tickets) => ticketSmsOf(tenant).ticketIssued(booking, tickets),
        placeName: async (code, places, locale) => (await deps.places.byRouteCode(code, places, locale))?.name ?? null,
      },
      // Issue 23: official invoices.
      taxInvoices: deps.taxInvoices ?? null,
      // Issue 23 §3: mobile top-ups.
      topup:
        deps.mobileCharges && deps.topupProviders
          ? {
              charges: deps.mobileCharges,
              providers: deps.topupProviders,
              smsFor: (tenant) => deps.smsSenders.forTenant(tenant),
            }
          : null,
      // Issue 25: the back-office.
      backOffice,
      operations: deps.operations,
    }),
  );

  // Spec §7: the configuration call, answered for the requesting host in the `language` header's locale.
  app.post("/main/getConfigItems/nuxt", (req, res) => {
    const site = (res.locals as Locals).site;
    const requested = req.headers.language;
    const locale = decideLocale({
      pathname: null,
      cookie: typeof requested === "string" ? requested : readCookie(req.headers.cookie, "locale"),
    }).locale;
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Vary", "Host, language, Cookie");
    if (!site || !site.configLoaded) {
      res.status(503).json({ code: 0, response: null, message: "configuration unavailable" });
      return;
    }
    res.json({ code: 1, response: toConfigResponse(site.tenant, locale) });
  });

  const getLoadContext = (req: Request, res: Response): AppLoadContext => {
    const locals = res.locals as Locals;
    const site = locals.site!;
    const pathname = documentPath(safePathname(req));
    const cookie = readCookie(req.headers.cookie, "locale");
    const locale = decideLocale({ pathname, cookie });
    if (locale.rejectedCookie !== null) locals.log.warn({ cookie: locale.rejectedCookie.slice(0, 64) }, "Locale is not defined");
    const acceptHeader = typeof req.headers["accept-language"] === "string" ? req.headers["accept-language"].slice(0, 256) : null;
    return {
      requestId: locals.requestId,
      cspNonce: cspNonce(res),
      tenant: site.tenant,
      configLoaded: site.configLoaded,
      locale,
      acceptLanguage: { header: acceptHeader, best: localeFromAcceptLanguage(acceptHeader ?? undefined) },
      environment: env.NODE_ENV,
      buildVersion: deps.buildVersion,
      startedAt,
      log: locals.log,
      content: deps.content,
      blog: blogPorts,
      places: {
        suggest: (input) => suggestPlaces(input, { places: deps.places }),
        byId: (id, placeLocale, service) => deps.places.byId(id, placeLocale, service),
        byRouteCode: (code, service, placeLocale) => deps.places.byRouteCode(code, service, placeLocale),
      },
      now: () => (deps.clock ? deps.clock.now() : new Date()),
      flights: deps.flights,
      suppliers: deps.suppliers,
      internationalFlights: deps.internationalFlights,
      trains: deps.trains ?? null,
      buses: deps.buses ?? null,
      hotels: deps.hotels ?? null,
      hotelComments: deps.hotelComments ?? null,
      tours: deps.tours ?? null,
      insurance: deps.insurance ?? null,
      bookings: deps.bookings,
      dataRequest: safePathname(req).endsWith(".data"),
      payments: deps.payments,
      paymentGateways: () => deps.paymentGateways.forTenant(site.tenant.id),
      // The ticket SMS goes through this tenant's own sender.
      notifications: createNotifications({
        smsFor: () => deps.smsSenders.forTenant(site.tenant),
        log: locals.log,
        placeName: async (code, places, locale) => (await deps.places.byRouteCode(code, places, locale))?.name ?? null,
      }),
      refunds: deps.refunds,
      ledger: deps.ledger,
      fareHistory: deps.fareHistory ?? null,
      auth: requestAuth(authDeps, req, res, site.tenant),
      accounts: deps.accounts,
      alerts: deps.alerts,
      watchSources: alertSources,
      autoReserves: deps.autoReserves ?? null,
      desiredPriceOrders: deps.desiredPriceOrders ?? null,
      // Issue 23 §2: payment by others, its SMS through this tenant's own sender.
      payByOthers: {
        links: deps.paymentLinks,
        receipts: deps.cardToCardReceipts,
        sms: () => deps.smsSenders.forTenant(site.tenant),
      },
      // Issue 23: official invoices.
      taxInvoices: deps.taxInvoices ?? null,
      // Issue 23 §3: mobile top-ups, their SMS through this tenant's own sender.
      topup:
        deps.mobileCharges && deps.topupProviders
          ? {
              charges: deps.mobileCharges,
              providers: deps.topupProviders,
              smsFor: () => deps.smsSenders.forTenant(site.tenant),
              log: locals.log,
            }
          : null,
      // Issue 25: the back-office, its audit entries keyed by this client's address hash.
      backOffice: {
        ...backOffice,
        previewCrypto,
        clientHash: () => clientIpHash(req, env.IP_HASH_SECRET),
        onPlatformHost: locals.onPlatformHost === true,
      },
      operations: deps.operations,
      csrf: {
        token: () => csrfTokenOf(req, res),
        valid: (submitted) => csrfValid(req, typeof submitted === "string" ? submitted : null),
      },
      rateLimit: async (scope, limit, windowSeconds) => {
        const subject = hashClientAddress(env.IP_HASH_SECRET, rateLimitSubject(normalizeAddress(req.ip)));
        const verdict = await deps.rateLimiter.hit({
          bucket: `${scope}:${subject}`,
          limit,
          windowSeconds,
          now: deps.clock ? deps.clock.now() : new Date(),
        });
        return { allowed: verdict.allowed, retryAfterSeconds: verdict.retryAfterSeconds };
      },
    };
  };

  // The shop's pages: the baseline policy widened by what this tenant's configuration needs (the
  // settings screen also frames the storefront's preview, from its own origin only).
  app.use(async (req, res, next) => {
    const site = (res.locals as Locals).site!;
    const framesSelf = isSettingsScreen(safePathname(req));
    res.setHeader(
      "Content-Security-Policy",
      pagePolicy({ nonce: cspNonce(res), dev, framesSelf, ...(await tenantPolicySources(site.tenant)) }),
    );
    next();
  });

  // Issue 25 §1: a storefront page with a settings preview token (ADR 0036, 0037).
  app.use(
    settingsPreview({
      previews: backOffice.brand.previews,
      crypto: previewCrypto,
      clock: { now: () => (deps.clock ? deps.clock.now() : new Date()) },
      siteOf: (res) => (res.locals as Locals).site,
      useTenant: async (res, tenant) => {
        const locals = res.locals as Locals;
        locals.site = { ...locals.site!, tenant };
        const sources = await tenantPolicySources(tenant);
        res.setHeader("Content-Security-Policy", pagePolicy({ nonce: cspNonce(res), dev, framedBySelf: true, ...sources }));
        res.setHeader("X-Frame-Options", "SAMEORIGIN");
      },
      log: deps.log,
    }),
  );

  // Remember the language of the page last shown, for answers that have no language in their path;
  // before the page cache, so a page served from it sets the cookie as a rendered one does.
  // Router-internal requests (/__manifest) carry no page language and must not reset it.
  app.use((req, res, next) => {
    const pathname = documentPath(safePathname(req));
    if (req.method !== "GET" || pathname.startsWith("/__")) return next();
    const cookie = readCookie(req.headers.cookie, "locale");
    const { locale } = decideLocale({ pathname, cookie });
    if (cookie !== locale)
      res.cookie("locale", locale, { path: "/", maxAge: LOCALE_COOKIE_MAX_AGE * 1000, sameSite: "lax", secure: req.secure });
    next();
  });

  // Issue 24 §2: pages that say they are the same for everyone are rendered once per s-maxage.
  // A preview is never cached nor served from the cache.
  const pageCache = deps.pageCache;
  if (pageCache)
    app.use((req, res, next) => ((res.locals as { previewing?: boolean }).previewing ? next() : pageCache.middleware(req, res, next)));

  // Pages' form posts are bounded before the router reads them whole (server/page-body-limit.ts).
  app.use(pageBodyLimit());
  app.use(
    createRequestHandler({
      build: deps.build,
      mode: env.NODE_ENV === "production" ? "production" : "development",
      getLoadContext,
    }),
  );

  // Faults outside the router (including malformed requests express itself rejects).
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 500;
    const clientError = status >= 400 && status < 500;
    const locals = res.locals as Locals;
    (locals.log ?? deps.log)[clientError ? "info" : "error"]({ err: error }, clientError ? "request rejected" : "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const pathname = safePathname(req);
    if (isApiPath(pathname))
      return sendProblem(res, frontDoorProblem(requestLocale(req), clientError ? "INVALID_PARAMETERS" : "UNAVAILABLE"));
    const locale: Locale = decideLocale({ pathname, cookie: undefined }).locale;
    res.status(clientError ? 400 : 500).setHeader("Cache-Control", "no-store");
    res.type("html").send(
      renderStaticPage({
        locale,
        title: clientError ? "error.notFound.title" : "error.internal",
        body: clientError ? "error.notFound.code" : "error.tryLater",
        homeHref: "/",
        nonce: cspNonce(res),
      }),
    );
  });

  return {
    app,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}
