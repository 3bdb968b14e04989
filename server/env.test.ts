import { describe, it, expect } from "vitest";
import { EnvError, loadEnv } from "#server/env.ts";

/** Runs loadEnv and returns the EnvError it throws, failing the test if it does not throw one. */
function envErrorOf(source: Record<string, string | undefined>): EnvError {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

describe("loadEnv defaults", () => {
  const env = loadEnv({});

  it("listens on port 3000", () => {
    expect(env.PORT).toBe(3000);
  });

  it("keeps data in ./.data", () => {
    expect(env.DATA_DIR).toBe("./.data");
  });

  it("runs as production", () => {
    expect(env.NODE_ENV).toBe("production");
  });

  it("refuses unknown hosts in production", () => {
    expect(env.UNKNOWN_HOST).toBe("404");
  });

  it("migrates and seeds the embedded database when there is no DATABASE_URL", () => {
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.MIGRATE_ON_START).toBe(true);
    expect(env.SEED_ON_START).toBe(true);
  });

  it("trusts no proxy and logs at info", () => {
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.LOG_LEVEL).toBe("info");
  });

  it("uses the spec's 60-second request time-out", () => {
    expect(env.REQUEST_TIMEOUT_MS).toBe(60_000);
  });

  it("does not read process.env when given a source", () => {
    const previous = process.env.PORT;
    process.env.PORT = "4567";
    try {
      expect(loadEnv({}).PORT).toBe(3000);
    } finally {
      if (previous === undefined) delete process.env.PORT;
      else process.env.PORT = previous;
    }
  });
});

describe("loadEnv by NODE_ENV and database", () => {
  it("serves unknown hosts with the default tenant in development", () => {
    expect(loadEnv({ NODE_ENV: "development" }).UNKNOWN_HOST).toBe("default");
  });

  it("serves unknown hosts with the default tenant in test", () => {
    expect(loadEnv({ NODE_ENV: "test" }).UNKNOWN_HOST).toBe("default");
  });

  it("lets UNKNOWN_HOST override the production default", () => {
    expect(loadEnv({ NODE_ENV: "production", UNKNOWN_HOST: "default" }).UNKNOWN_HOST).toBe("default");
    expect(loadEnv({ NODE_ENV: "development", UNKNOWN_HOST: "404" }).UNKNOWN_HOST).toBe("404");
  });

  it("does not migrate or seed PostgreSQL in production by default", () => {
    const env = loadEnv({ DATABASE_URL: "postgres://user:pw@db:5432/app" });
    expect(env.DATABASE_URL).toBe("postgres://user:pw@db:5432/app");
    expect(env.MIGRATE_ON_START).toBe(false);
    expect(env.SEED_ON_START).toBe(false);
  });

  it("migrates PostgreSQL in development", () => {
    const env = loadEnv({ NODE_ENV: "development", DATABASE_URL: "postgresql://localhost/app" });
    expect(env.MIGRATE_ON_START).toBe(true);
    expect(env.SEED_ON_START).toBe(false);
  });

  it("reads boolean switches", () => {
    expect(loadEnv({ MIGRATE_ON_START: "no" }).MIGRATE_ON_START).toBe(false);
    expect(loadEnv({ MIGRATE_ON_START: "0" }).MIGRATE_ON_START).toBe(false);
    expect(loadEnv({ DATABASE_URL: "postgres://db/app", SEED_ON_START: "yes" }).SEED_ON_START).toBe(true);
    expect(loadEnv({ DATABASE_URL: "postgres://db/app", MIGRATE_ON_START: "1" }).MIGRATE_ON_START).toBe(true);
  });

  it("runs the job worker in the web process unless told not to", () => {
    expect(loadEnv({}).WORKER_IN_PROCESS).toBe(true);
    expect(loadEnv({ DATABASE_URL: "postgres://db/app" }).WORKER_IN_PROCESS).toBe(true);
    expect(loadEnv({ DATABASE_URL: "postgres://db/app", WORKER_IN_PROCESS: "false" }).WORKER_IN_PROCESS).toBe(false);
  });

  it("keeps development tools off unless told", () => {
    expect(loadEnv({}).DEV_TOOLS).toBe(false);
    expect(loadEnv({ NODE_ENV: "development" }).DEV_TOOLS).toBe(false);
    expect(loadEnv({ DEV_TOOLS: "1" }).DEV_TOOLS).toBe(true);
    expect(loadEnv({ DEV_TOOLS: "true" }).DEV_TOOLS).toBe(true);
    expect(loadEnv({ DEV_TOOLS: "0" }).DEV_TOOLS).toBe(false);
    expect(loadEnv({ DEV_TOOLS: "false" }).DEV_TOOLS).toBe(false);
    expect(loadEnv({ DEV_TOOLS: "" }).DEV_TOOLS).toBe(false);
  });

  it("names the platform's back-office host only as a bare host name", () => {
    expect(loadEnv({}).PLATFORM_ADMIN_HOST).toBeUndefined();
    expect(loadEnv({ PLATFORM_ADMIN_HOST: "Admin.Example.com" }).PLATFORM_ADMIN_HOST).toBe("admin.example.com");
    expect(() => loadEnv({ PLATFORM_ADMIN_HOST: "admin.example.com:8443" })).toThrow(/PLATFORM_ADMIN_HOST/);
    expect(() => loadEnv({ PLATFORM_ADMIN_HOST: "https://admin.example.com" })).toThrow(/PLATFORM_ADMIN_HOST/);
  });

  it("reads numbers", () => {
    const env = loadEnv({ PORT: "8080", DATABASE_POOL_SIZE: "25", TENANT_CACHE_TTL_MS: "0" });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_POOL_SIZE).toBe(25);
    expect(env.TENANT_CACHE_TTL_MS).toBe(0);
  });

  it("ignores variables it does not know", () => {
    const env = loadEnv({ HOME: "/root", SOMETHING_ELSE: "x" }) as Record<string, unknown>;
    expect(env.HOME).toBeUndefined();
    expect(env.SOMETHING_ELSE).toBeUndefined();
  });
});

describe("loadEnv rejects bad values, naming the variable", () => {
  const cases: Array<[string, string]> = [
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["LOG_LEVEL", "loud"],
    ["DATABASE_URL", "mysql://x"],
    ["TRUST_PROXY", "maybe"],
    ["METRICS_TOKEN", "short"],
    ["NODE_ENV", "staging"],
    ["UNKNOWN_HOST", "allow"],
    ["MIGRATE_ON_START", "maybe"],
    ["WORKER_IN_PROCESS", "sometimes"],
    ["DEV_TOOLS", "on"],
    ["DATABASE_POOL_SIZE", "0"],
    ["REQUEST_TIMEOUT_MS", "50"],
  ];

  it.each(cases)("%s=%s", (name, value) => {
    const error = envErrorOf({ [name]: value });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("EnvError");
    expect(error.message).toContain(name);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]?.startsWith(`${name}:`)).toBe(true);
  });

  it("reports every bad variable at once", () => {
    const error = envErrorOf({ PORT: "abc", LOG_LEVEL: "loud", METRICS_TOKEN: "short" });
    expect(error.problems).toHaveLength(3);
    for (const name of ["PORT", "LOG_LEVEL", "METRICS_TOKEN"]) expect(error.message).toContain(name);
  });

  it("accepts a metrics token of 16 characters", () => {
    expect(loadEnv({ METRICS_TOKEN: "0123456789abcdef" }).METRICS_TOKEN).toBe("0123456789abcdef");
    expect(envErrorOf({ METRICS_TOKEN: "0123456789abcde" }).message).toContain("METRICS_TOKEN");
  });

  it("accepts the edges of the port range", () => {
    expect(loadEnv({ PORT: "0" }).PORT).toBe(0);
    expect(loadEnv({ PORT: "65535" }).PORT).toBe(65535);
    expect(envErrorOf({ PORT: "65536" }).message).toContain("PORT");
  });
});

describe("TRUST_PROXY", () => {
  it("reads true and false as booleans", () => {
    expect(loadEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
  });

  it("reads a hop count as a number", () => {
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: " 1 " }).TRUST_PROXY).toBe(1);
  });

  it("keeps an address list as a string", () => {
    expect(loadEnv({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8" }).TRUST_PROXY).toBe("127.0.0.1,10.0.0.0/8");
    expect(loadEnv({ TRUST_PROXY: "::1, fd00::/8" }).TRUST_PROXY).toBe("::1, fd00::/8");
  });

  it("keeps Express's named ranges", () => {
    expect(loadEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(loadEnv({ TRUST_PROXY: "uniquelocal" }).TRUST_PROXY).toBe("uniquelocal");
  });

  it("rejects words that are not addresses, even when they are spelled with hex letters", () => {
    // Express's app.set("trust proxy", "cafe") throws "invalid IP address: cafe" at start-up.
    expect(envErrorOf({ TRUST_PROXY: "cafe" }).message).toContain("TRUST_PROXY");
  });
});

describe("empty values", () => {
  it("are treated as unset", () => {
    const env = loadEnv({
      NODE_ENV: "",
      PORT: "",
      DATABASE_URL: "",
      DATA_DIR: "",
      LOG_LEVEL: "",
      TRUST_PROXY: "",
      METRICS_TOKEN: "",
      UNKNOWN_HOST: "",
      MIGRATE_ON_START: "",
    });
    expect(env).toEqual(loadEnv({}));
  });

  it("are treated as unset next to real values", () => {
    const env = loadEnv({ NODE_ENV: "development", PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.UNKNOWN_HOST).toBe("default");
  });

  it("treat undefined values as unset", () => {
    expect(loadEnv({ PORT: undefined, METRICS_TOKEN: undefined }).PORT).toBe(3000);
  });
});

describe("CREDENTIALS_KEY", () => {
  const hex = "00112233445566778899aabbccddeeff00112233445566778899AABBCCDDEEFF";
  const base64 = Buffer.alloc(32, 7).toString("base64");

  it("is unset by default", () => {
    expect(loadEnv({}).CREDENTIALS_KEY).toBeUndefined();
    expect(loadEnv({ CREDENTIALS_KEY: "  " }).CREDENTIALS_KEY).toBeUndefined();
  });

  it("accepts 32 bytes as 64 hex characters or 44 base64 characters", () => {
    expect(loadEnv({ CREDENTIALS_KEY: hex }).CREDENTIALS_KEY).toBe(hex);
    expect(base64).toHaveLength(44);
    expect(loadEnv({ CREDENTIALS_KEY: ` ${base64} ` }).CREDENTIALS_KEY).toBe(base64);
  });

  it.each([
    ["too short hex", "00112233445566778899aabbccddeeff"],
    ["65 hex characters", `${hex}0`],
    ["not hex", `${hex.slice(0, 63)}g`],
    ["16 bytes of base64", Buffer.alloc(16, 1).toString("base64")],
    ["48 bytes of base64", Buffer.alloc(48, 1).toString("base64")],
    ["base64 without padding", base64.slice(0, 43)],
    ["a passphrase", "correct horse battery staple correct horse"],
  ])("rejects %s, without echoing it", (_, value) => {
    const error = envErrorOf({ CREDENTIALS_KEY: value });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^CREDENTIALS_KEY: must be 32 random bytes written as 64 hex characters or 44 base64 characters/);
    expect(error.message).not.toContain(value);
  });
});
