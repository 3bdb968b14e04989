import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { CREDENTIALS_KEY_FORMAT, credentialsKeyBytes } from "#adapters/db/credential-store.ts";
import { normalizeHost } from "#core/tenants/resolve-site.ts";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * Express's trust-proxy setting: false, true, a hop count, or a comma-separated list of
 * addresses/subnets. Only when it is set do we honour X-Forwarded-Host and X-Forwarded-For.
 */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One entry of a trust list: a named range, an address, or an address/prefix within its family's bits. */
function isTrustEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The key of the keyed hash under which client addresses are stored and rate-limited. Without
 * IP_HASH_SECRET each process draws its own at start. That is acceptable: the hash only has to
 * stay stable while a rate-limit window lasts (minutes) and must never be reversible, and a
 * fresh key per process gives both. The cost is that hashes do not match across processes and
 * restarts, so with several web processes behind a balancer each counts an address separately
 * (a limit per process, not per site): set one shared secret there.
 */
const PROCESS_IP_HASH_SECRET = randomBytes(32).toString("base64url");

const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^(true|false|\d{1,2})$/.test(value) ||
      value
        .split(",")
        .map((entry) => entry.trim())
        .every((entry) => entry !== "" && isTrustEntry(entry)),
    { message: "must be true, false, a hop count, or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal" },
  )
  .transform((value): boolean | number | string => {
    if (value === "true") return true;
    if (value === "false") return false;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .refine((value) => /^postgres(ql)?:\/\//.test(value), { message: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().trim().min(1).default("./.data"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: trustProxy.default(false),
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    UNKNOWN_HOST: z.enum(["default", "404"]).optional(),
    MIGRATE_ON_START: booleanString.optional(),
    SEED_ON_START: booleanString.optional(),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
    TENANT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    IP_HASH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    // Encrypts tenants' gateway, SMS and tax credentials at rest (tenant_credentials). Without it
    // none can be stored or read: only gateways that need no credentials (the sandbox) work.
    CREDENTIALS_KEY: z
      .string()
      .trim()
      .refine((value) => credentialsKeyBytes(value) !== null, { message: `must be ${CREDENTIALS_KEY_FORMAT}` })
      .optional(),
    // Issue 23: the Moadian tax system's API (official invoices); production by default. A tenant's
    // client id and key are in its encrypted credentials, never here.
    MOADIAN_BASE_URL: z.string().trim().url().optional(),
    // The web process runs the job worker (pg-boss) itself. On PGlite it always does (one
    // process per data folder, so no separate worker can reach it); runtime warns when told off.
    WORKER_IN_PROCESS: booleanString.default(true),
    // Development tools on the web: the SMS outbox at /dev/sms and /dev/sms.json. Off by default;
    // they show every stored message (codes, ticket summaries) to anyone who can reach the site.
    DEV_TOOLS: booleanString.default(false),
    // Issue 25 (ADR 0036): the host of the platform's own back-office. Members with the `platform`
    // role at the tenant serving this host may act on any tenant there; unset, nobody can.
    PLATFORM_ADMIN_HOST: z
      .string()
      .trim()
      .refine((value) => normalizeHost(value) === value.toLowerCase(), {
        message: "must be a host name without a port, e.g. admin.example.com",
      })
      .transform((value) => value.toLowerCase())
      .optional(),
    // Issue 24 §2: megabytes of shared pages (landings, home) each web process keeps; 0 turns it off.
    PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
    // Issue 24 §3, load shedding (server/load-shedding.ts): requests answered at once at most; more
    // are refused with 503 and Retry-After. 0 disables the cap.
    MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(64),
    // New requests are refused while the event loop's mean delay, sustained over the last second, is
    // above this many milliseconds (the process is saturated, e.g. starved of CPU). 0, the default,
    // disables the signal: a burst of work inside the process (PGlite runs in it) can reach any
    // fixed figure, so a deployment picks its own (e.g. 500) from its measurements.
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // Open sockets the HTTP server keeps at most; sockets beyond are closed on arrival. 0: no limit.
    MAX_CONNECTIONS: z.coerce.number().int().min(0).max(1_000_000).default(4096),
    // How long an idle keep-alive connection is kept. Behind a load balancer it must be longer than
    // the balancer's own idle timeout, or the balancer may send a request on a socket we are closing.
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(5_000),
    // On SIGTERM the server answers /readyz 503 and keeps serving this long before it stops
    // accepting connections, so a balancer can take it out of rotation first. 0 stops at once.
    SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  })
  .transform((env) => ({
    ...env,
    // Development serves unknown hosts as the default tenant; production refuses them unless told.
    UNKNOWN_HOST: env.UNKNOWN_HOST ?? (env.NODE_ENV === "production" ? "404" : "default"),
    // Embedded PGlite has one process per folder: it migrates and seeds itself. PostgreSQL is
    // migrated by `npm run db:migrate` in production, not by each web process.
    MIGRATE_ON_START: env.MIGRATE_ON_START ?? (!env.DATABASE_URL || env.NODE_ENV !== "production"),
    SEED_ON_START: env.SEED_ON_START ?? !env.DATABASE_URL,
    IP_HASH_SECRET: env.IP_HASH_SECRET ?? PROCESS_IP_HASH_SECRET,
  }));

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Reads and checks the environment; every problem names its variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const relevant = Object.fromEntries(
    Object.entries(source).filter(([key, value]) => key in envSchema.in.shape && value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(relevant);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`));
}
