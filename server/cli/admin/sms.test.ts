import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#adapters/db/client.ts";
import { createCredentialStore } from "#adapters/db/credential-store.ts";
import { tenantCredentials, tenants } from "#adapters/db/schema.ts";
import { seedTenants, tenantIdBySlug } from "#adapters/db/seed.ts";
import { DEMO_TENANTS } from "#seed/demo-tenants.ts";
import { RECAPTCHA_CREDENTIAL_KIND } from "../../human-check.ts";
import { KAVENEGAR_CREDENTIAL_KIND } from "../../sms-senders.ts";
import { secretsUpdateIds, secretsUpdateRecordedBy } from "../../../tests/support/cli-audit.ts";
import { ADMIN_COMMANDS, adminUsage, runAdmin, type AdminContext } from "./commands.ts";
import { readApiKey, readBudget, readLine, readRecaptchaKey, readTemplateName, recaptchaCommand, smsCommand } from "./sms.ts";

const KEY = randomBytes(32).toString("hex");
const OTHER_KEY = randomBytes(32).toString("base64");
const API_KEY = "4A6E3F2B5C7D1E0F9A8B7C6D5E4F3A2B1C0D9E8F7A6B5C4D=";
const OTHER_API_KEY = "7F1E2D3C4B5A69788796A5B4C3D2E1F0";
const SITE_KEY = "6LcXk2AqAAAAAHamsafarParvazSabzSiteKey01";
const SECRET = "6LcXk2AqAAAAAHamsafarParvazSabzSecret001";

let database: DatabaseHandle;
const tenantIds: Record<string, string> = {};

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite", dataDir: null });
  await database.migrate();
  await seedTenants(database.db, DEMO_TENANTS);
  for (const slug of ["hamsafar", "parvaz-sabz", "safar-nur"]) tenantIds[slug] = (await tenantIdBySlug(database.db, slug))!;
}, 60_000);

afterAll(async () => {
  await database?.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  opened: number;
}

/** Runs `npm run admin -- <args>` against the test's database with CREDENTIALS_KEY `key` (null: unset). */
async function admin(args: string[], key: string | null = KEY): Promise<Run> {
  const result = { stdout: "", stderr: "", opened: 0 };
  const context: AdminContext = {
    io: { out: (text) => void (result.stdout += text), err: (text) => void (result.stderr += text) },
    openDatabase: async () => {
      result.opened += 1;
      return { ...database, close: async () => {} };
    },
    ...(key === null ? {} : { credentialsKey: () => key }),
  };
  const code = await runAdmin(args, context, [smsCommand, recaptchaCommand]);
  return { code, ...result };
}

async function settingsOf(slug: string) {
  const [row] = await database.db
    .select({ smsSender: tenants.smsSender, smsDailyBudget: tenants.smsDailyBudget, recaptchaV3SiteKey: tenants.recaptchaV3SiteKey })
    .from(tenants)
    .where(eq(tenants.slug, slug));
  return row!;
}

async function credentialRow(slug: string, kind: string) {
  const [row] = await database.db
    .select()
    .from(tenantCredentials)
    .where(and(eq(tenantCredentials.tenantId, tenantIds[slug]!), eq(tenantCredentials.kind, kind)));
  return row;
}

const stored = (slug: string, kind: string, key = KEY) => createCredentialStore(database.db, { key }).get(tenantIds[slug]!, kind);

/** Nothing a run printed holds a secret. */
function expectNoSecret(run: Run): void {
  for (const secret of [API_KEY, OTHER_API_KEY, SECRET, KEY, OTHER_KEY]) {
    expect(run.stdout).not.toContain(secret);
    expect(run.stderr).not.toContain(secret);
  }
}

describe("sms and recaptcha: help and option errors", () => {
  it("are admin commands, listed in the admin help", () => {
    expect(ADMIN_COMMANDS).toContain(smsCommand);
    expect(ADMIN_COMMANDS).toContain(recaptchaCommand);
    expect(adminUsage()).toMatch(/\n {2}sms +show a tenant's SMS settings/);
    expect(adminUsage()).toMatch(/\n {2}recaptcha +show, store/);
  });

  it("print their usage and each subcommand's, without the database", async () => {
    const help = await admin(["sms", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: npm run admin -- sms <show|use|set-kavenegar|budget>");
    expect(help.stdout).toContain("--template-login-code <name>");
    expect(help.stdout).toContain("--template-ticket-issued <name>");
    for (const subcommand of ["show", "use", "set-kavenegar", "budget"]) {
      const run = await admin(["sms", subcommand, "--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: npm run admin -- sms ${subcommand} --tenant <slug>`);
      expect((await admin(["sms", "help", subcommand])).stdout).toBe(run.stdout);
      expect(run.opened).toBe(0);
    }
    expect((await admin(["recaptcha", "--help"])).stdout).toContain("Usage: npm run admin -- recaptcha <show|set|clear>");
    for (const subcommand of ["show", "set", "clear"]) {
      const run = await admin(["recaptcha", subcommand, "--help"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: npm run admin -- recaptcha ${subcommand} --tenant <slug>`);
      expect(run.opened).toBe(0);
    }
  });

  it("refuse unknown subcommands, options, positionals and other subcommands' options", async () => {
    for (const args of [
      ["sms"],
      ["sms", "send"],
      ["sms", "show", "parvaz-sabz"],
      ["sms", "show", "--tenant", "parvaz-sabz", "--api-key", API_KEY],
      ["sms", "use", "--tenant", "parvaz-sabz", "--sender", "kavenegar", "--use"],
      ["sms", "set-kavenegar", "--tenant", "parvaz-sabz", "--api-key", API_KEY, "--template-refund", "x"],
      ["recaptcha", "clear", "--tenant", "parvaz-sabz", "--secret", SECRET],
    ]) {
      const run = await admin(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr).toContain(`Usage: npm run admin -- ${args[0]}`);
      expect(run.opened).toBe(0);
    }
  });

  it("need --tenant, and name the tenants for an unknown one", async () => {
    expect((await admin(["sms", "show"])).stderr).toContain("--tenant is required");
    const run = await admin(["sms", "show", "--tenant", "nobody"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Unknown tenant: "nobody" (the tenants are hamsafar, parvaz-sabz, safar-nur)\n');
  });

  it("never write control characters back", async () => {
    const run = await admin(["sms", "budget", "--tenant", "parvaz-sabz", "--per-day", "\u001b[2J5"]);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain("\u001b");
  });
});

describe("reading options", () => {
  it("reads budgets in any digits and with separators, within 1–1,000,000, or the default", () => {
    expect(readBudget("500")).toEqual({ ok: true, value: 500 });
    expect(readBudget("۱٬۰۰۰")).toEqual({ ok: true, value: 1000 });
    expect(readBudget("1,000,000")).toEqual({ ok: true, value: 1_000_000 });
    expect(readBudget(" Default ")).toEqual({ ok: true, value: null });
    for (const bad of ["0", "-5", "1000001", "1.5", "abc", "", undefined]) expect(readBudget(bad).ok, String(bad)).toBe(false);
  });

  it("reads lines and template names as Kavenegar takes them", () => {
    expect(readLine("۲۰۰۰ ۵۰۰ ۶۶۶")).toEqual({ ok: true, value: "2000500666" });
    expect(readLine(undefined)).toEqual({ ok: true, value: undefined });
    expect(readLine("abc").ok).toBe(false);
    expect(readTemplateName("template-login-code", " parvaz-login ")).toEqual({ ok: true, value: "parvaz-login" });
    expect(readTemplateName("template-login-code", "parvaz login").ok).toBe(false);
    expect(readTemplateName("template-login-code", "x".repeat(101)).ok).toBe(false);
  });

  it("refuses a malformed API key or secret without echoing it", () => {
    for (const bad of ["has space inside", "کلید", "k\u0007ey", "x".repeat(201)]) {
      const result = readApiKey(bad);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error).not.toContain(bad);
    }
    expect(readApiKey(` ${API_KEY} `)).toEqual({ ok: true, value: API_KEY });
    const secret = readRecaptchaKey("secret", "short-secret");
    expect(secret.ok).toBe(false);
    expect(!secret.ok && secret.error).not.toContain("short-secret");
    expect(readRecaptchaKey("site-key", SITE_KEY)).toEqual({ ok: true, value: SITE_KEY });
  });
});

describe("sms show and use", () => {
  it("shows the seeded defaults: the outbox, no credentials, the default budget", async () => {
    const run = await admin(["sms", "show", "--tenant", "safar-nur"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "Text messages of tenant safar-nur:",
        "  sender:                 outbox (stored in sms_messages, not sent)",
        "  kavenegar credentials:  none stored",
        "  sign-in codes a day:    2,000 (the default)",
        "",
      ].join("\n"),
    );
  });

  it("refuses kavenegar without stored credentials", async () => {
    const run = await admin(["sms", "use", "--tenant", "parvaz-sabz", "--sender", "kavenegar"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Tenant parvaz-sabz has no Kavenegar credentials");
    expect(run.stderr).toContain("npm run admin -- sms set-kavenegar --tenant parvaz-sabz --api-key <key> --template-login-code <name>");
    expect((await settingsOf("parvaz-sabz")).smsSender).toBe("outbox");
  });

  it("refuses an unknown sender, naming the known ones", async () => {
    const run = await admin(["sms", "use", "--tenant", "parvaz-sabz", "--sender", "magfa"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Unknown sender "magfa"; the senders are outbox, kavenegar');
    expect(run.opened).toBe(0);
  });

  it("says when the outbox is already the sender", async () => {
    const run = await admin(["sms", "use", "--tenant", "parvaz-sabz", "--sender", "OUTBOX"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Tenant parvaz-sabz already sends its messages through outbox.\n");
  });
});

describe("sms set-kavenegar", () => {
  it("refuses without CREDENTIALS_KEY, before opening the database", async () => {
    for (const key of [null, ""]) {
      const run = await admin(["sms", "set-kavenegar", "--tenant", "parvaz-sabz", "--api-key", API_KEY], key);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("CREDENTIALS_KEY is not set");
      expect(run.opened).toBe(0);
      expectNoSecret(run);
    }
    expect(await credentialRow("parvaz-sabz", KAVENEGAR_CREDENTIAL_KIND)).toBeUndefined();
  });

  it("needs an API key and refuses a template name with a space", async () => {
    expect((await admin(["sms", "set-kavenegar", "--tenant", "parvaz-sabz"])).stderr).toContain("--api-key is required");
    const run = await admin([
      "sms",
      "set-kavenegar",
      "--tenant",
      "parvaz-sabz",
      "--api-key",
      API_KEY,
      "--template-login-code",
      "login code",
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--template-login-code must be the name of a template approved in Kavenegar's panel");
    expectNoSecret(run);
  });

  it("stores the credentials encrypted, without switching the sender, and says how to", async () => {
    const run = await admin([
      "sms",
      "set-kavenegar",
      "--tenant",
      "parvaz-sabz",
      "--api-key",
      ` ${API_KEY} `,
      "--line",
      "2000500666",
      "--template-ticket-issued",
      "parvaz-ticket",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "Stored the Kavenegar credentials of tenant parvaz-sabz, encrypted with CREDENTIALS_KEY:",
        "  stored: line 2000500666",
        "  login-code: no template: plain text (sms/send)",
        "  ticket-issued: template parvaz-ticket (verify/lookup)",
        "  refund-paid: no template: plain text (sms/send)",
        "Sign-in codes have no template: they go as plain text from the line. A verify/lookup template reaches more phones.",
        "Tenant parvaz-sabz still sends its messages through outbox: switch with",
        "  npm run admin -- sms use --tenant parvaz-sabz --sender kavenegar",
        "",
      ].join("\n"),
    );
    expectNoSecret(run);
    expect((await settingsOf("parvaz-sabz")).smsSender).toBe("outbox");
    expect((await credentialRow("parvaz-sabz", KAVENEGAR_CREDENTIAL_KIND))!.ciphertext).not.toContain(API_KEY);
    expect(await stored("parvaz-sabz", KAVENEGAR_CREDENTIAL_KIND)).toEqual({
      apiKey: API_KEY,
      sender: "2000500666",
      "template:ticket-issued": "parvaz-ticket",
    });
  });

  it("replaces them whole, and --use switches the sender", async () => {
    const run = await admin([
      "sms",
      "set-kavenegar",
      "--tenant",
      "parvaz-sabz",
      "--api-key",
      OTHER_API_KEY,
      "--template-login-code",
      "parvaz-login",
      "--use",
    ]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Replaced the Kavenegar credentials of tenant parvaz-sabz");
    expect(run.stdout).toContain(
      "  stored: line the account's default\n  login-code: template parvaz-login (verify/lookup)\n  ticket-issued: no template: plain text (sms/send)\n",
    );
    expect(run.stdout).not.toContain("Sign-in codes have no template");
    expect(run.stdout).toContain("Tenant parvaz-sabz now sends its messages through kavenegar.");
    expectNoSecret(run);
    expect((await settingsOf("parvaz-sabz")).smsSender).toBe("kavenegar");
    expect(await stored("parvaz-sabz", KAVENEGAR_CREDENTIAL_KIND)).toEqual({
      apiKey: OTHER_API_KEY,
      "template:login-code": "parvaz-login",
    });
    const rows = await database.db.select().from(tenantCredentials).where(eq(tenantCredentials.tenantId, tenantIds["parvaz-sabz"]!));
    expect(rows).toHaveLength(1);
  });

  it("shows them by line and templates only, and says when they cannot be read", async () => {
    const run = await admin(["sms", "show", "--tenant", "parvaz-sabz"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "Text messages of tenant parvaz-sabz:",
        "  sender:                 kavenegar",
        "  kavenegar credentials:  stored: line the account's default",
        "                          login-code: template parvaz-login (verify/lookup)",
        "                          ticket-issued: no template: plain text (sms/send)",
        "                          refund-paid: no template: plain text (sms/send)",
        "  sign-in codes a day:    2,000 (the default)",
        "",
      ].join("\n"),
    );
    expectNoSecret(run);
    expect((await admin(["sms", "show", "--tenant", "parvaz-sabz"], null)).stdout).toContain(
      "kavenegar credentials:  stored (not checked: CREDENTIALS_KEY is not set)",
    );
    const other = await admin(["sms", "show", "--tenant", "parvaz-sabz"], OTHER_KEY);
    expect(other.stdout).toContain(
      "sender:                 kavenegar (no usable credentials: messages go to the outbox, not to travellers)",
    );
    expect(other.stdout).toContain("stored, but unreadable with this CREDENTIALS_KEY; store them again with `sms set-kavenegar`");
  });

  it("refuses to switch to credentials another key wrote, and switches back to the outbox", async () => {
    expect((await admin(["sms", "use", "--tenant", "parvaz-sabz", "--sender", "outbox"])).stdout).toBe(
      "Tenant parvaz-sabz now sends its messages through the outbox (stored in sms_messages, not sent); it was kavenegar.\n",
    );
    const run = await admin(["sms", "use", "--tenant", "parvaz-sabz", "--sender", "kavenegar"], OTHER_KEY);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("cannot be read with this CREDENTIALS_KEY");
    expect((await settingsOf("parvaz-sabz")).smsSender).toBe("outbox");
  });

  it("switches to kavenegar with stored credentials, unchecked without a key", async () => {
    const run = await admin(["sms", "use", "--tenant", "parvaz-sabz", "--sender", "kavenegar"], null);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "Tenant parvaz-sabz now sends its messages through kavenegar (its credentials were not checked: CREDENTIALS_KEY is not set here); it was outbox.\n",
    );
    expect((await settingsOf("parvaz-sabz")).smsSender).toBe("kavenegar");
    expect((await admin(["sms", "use", "--tenant", "parvaz-sabz", "--sender", "kavenegar"])).stdout).toBe(
      "Tenant parvaz-sabz already sends its messages through kavenegar.\n",
    );
  });
});

describe("sms budget", () => {
  it("sets a tenant's budget, and back to the default", async () => {
    const run = await admin(["sms", "budget", "--tenant", "safar-nur", "--per-day", "۵۰۰"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Tenant safar-nur may now send 500 sign-in codes a day; it was 2,000 (the default).\n");
    expect((await settingsOf("safar-nur")).smsDailyBudget).toBe(500);
    expect((await settingsOf("hamsafar")).smsDailyBudget).toBeNull();
    expect((await admin(["sms", "show", "--tenant", "safar-nur"])).stdout).toContain("sign-in codes a day:    500\n");
    expect((await admin(["sms", "budget", "--tenant", "safar-nur", "--per-day", "500"])).stdout).toBe(
      "Tenant safar-nur may already send 500 sign-in codes a day.\n",
    );
    expect((await admin(["sms", "budget", "--tenant", "safar-nur", "--per-day", "default"])).stdout).toBe(
      "Tenant safar-nur may now send 2,000 (the default) sign-in codes a day; it was 500.\n",
    );
    expect((await settingsOf("safar-nur")).smsDailyBudget).toBeNull();
  });

  it("refuses a budget out of range, before opening the database", async () => {
    for (const value of ["0", "1000001", "ten"]) {
      const run = await admin(["sms", "budget", "--tenant", "safar-nur", "--per-day", value]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("--per-day must be a whole number from 1 to 1,000,000, or default");
      expect(run.opened).toBe(0);
    }
    expect((await admin(["sms", "budget", "--tenant", "safar-nur"])).stderr).toContain("--per-day is required");
  });
});

describe("recaptcha", () => {
  it("shows none for a seeded tenant", async () => {
    const run = await admin(["recaptcha", "show", "--tenant", "safar-nur"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        "reCAPTCHA v3 of tenant safar-nur:",
        "  site key:  none (sign-in uses the built-in proof of work)",
        "  secret:    none stored",
        "",
      ].join("\n"),
    );
  });

  it("refuses to set keys without CREDENTIALS_KEY, with a malformed key, or the site key twice", async () => {
    const noKey = await admin(["recaptcha", "set", "--tenant", "safar-nur", "--site-key", SITE_KEY, "--secret", SECRET], null);
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain("CREDENTIALS_KEY is not set");
    expect(noKey.opened).toBe(0);
    const bad = await admin(["recaptcha", "set", "--tenant", "safar-nur", "--site-key", SITE_KEY, "--secret", "not a secret"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("--secret must be the secret key of a reCAPTCHA key");
    expect(bad.stderr).not.toContain("not a secret");
    expect((await admin(["recaptcha", "set", "--tenant", "safar-nur", "--site-key", SITE_KEY])).stderr).toContain("--secret is required");
    expect((await admin(["recaptcha", "set", "--tenant", "safar-nur", "--site-key", SITE_KEY, "--secret", SITE_KEY])).stderr).toContain(
      "--secret is the site key again",
    );
    expect((await settingsOf("safar-nur")).recaptchaV3SiteKey).toBeNull();
  });

  it("stores the site key in the tenant and the secret encrypted, never printing it", async () => {
    const run = await admin(["recaptcha", "set", "--tenant", "safar-nur", "--site-key", SITE_KEY, "--secret", SECRET]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Stored the reCAPTCHA v3 keys of tenant safar-nur: site key ${SITE_KEY}, the secret encrypted with CREDENTIALS_KEY.\n`,
    );
    expectNoSecret(run);
    expect((await settingsOf("safar-nur")).recaptchaV3SiteKey).toBe(SITE_KEY);
    expect((await settingsOf("hamsafar")).recaptchaV3SiteKey).toBeNull();
    expect((await credentialRow("safar-nur", RECAPTCHA_CREDENTIAL_KIND))!.ciphertext).not.toContain(SECRET);
    expect(await stored("safar-nur", RECAPTCHA_CREDENTIAL_KIND)).toEqual({ secret: SECRET });

    const show = await admin(["recaptcha", "show", "--tenant", "safar-nur"]);
    expect(show.stdout).toBe(["reCAPTCHA v3 of tenant safar-nur:", `  site key:  ${SITE_KEY}`, "  secret:    stored", ""].join("\n"));
    expectNoSecret(show);
    expect((await admin(["recaptcha", "show", "--tenant", "safar-nur"], OTHER_KEY)).stdout).toContain(
      "secret:    stored, but unreadable with this CREDENTIALS_KEY",
    );
    expect((await admin(["recaptcha", "set", "--tenant", "safar-nur", "--site-key", SITE_KEY, "--secret", SECRET])).stdout).toMatch(
      /^Replaced the reCAPTCHA v3 keys/,
    );
  });

  it("clears both, without CREDENTIALS_KEY, and says when there was nothing", async () => {
    const run = await admin(["recaptcha", "clear", "--tenant", "safar-nur"], null);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Cleared the reCAPTCHA keys of tenant safar-nur: sign-in is guarded by the built-in proof of work.\n");
    expect((await settingsOf("safar-nur")).recaptchaV3SiteKey).toBeNull();
    expect(await credentialRow("safar-nur", RECAPTCHA_CREDENTIAL_KIND)).toBeUndefined();
    expect((await admin(["recaptcha", "clear", "--tenant", "safar-nur"])).stdout).toBe("Tenant safar-nur has no reCAPTCHA keys.\n");
  });

  it("leaves other credentials of the tenant alone when clearing", async () => {
    expect((await admin(["recaptcha", "set", "--tenant", "parvaz-sabz", "--site-key", SITE_KEY, "--secret", SECRET])).code).toBe(0);
    expect((await admin(["recaptcha", "clear", "--tenant", "parvaz-sabz"])).code).toBe(0);
    expect(await stored("parvaz-sabz", KAVENEGAR_CREDENTIAL_KIND)).not.toBeNull();
  });
});

describe("sms and recaptcha writes are audited like the secrets screen's", () => {
  const slug = "safar-nur";

  /** Runs the command and answers the one entry it recorded (failing when it recorded none or more). */
  const recordedBy = (args: string[]) =>
    secretsUpdateRecordedBy(database.db, tenantIds[slug]!, () => admin(args), [API_KEY, OTHER_API_KEY, SECRET, KEY]);

  async function reset() {
    await database.db
      .update(tenants)
      .set({ smsSender: "outbox", smsDailyBudget: null, recaptchaV3SiteKey: null })
      .where(eq(tenants.id, tenantIds[slug]!));
    await database.db.delete(tenantCredentials).where(eq(tenantCredentials.tenantId, tenantIds[slug]!));
  }

  it("records set-kavenegar, use and budget as one secrets.update each, via cli, the API key only as set", async () => {
    await reset();
    const set = await recordedBy([
      "sms",
      "set-kavenegar",
      "--tenant",
      slug,
      "--api-key",
      API_KEY,
      "--template-login-code",
      "verify1",
      "--use",
    ]);
    expect(set.before).toMatchObject({ sms: { sender: "outbox", apiKey: null } });
    expect(set.after).toMatchObject({
      sms: { sender: "kavenegar", apiKey: "set", line: null, templates: { "login-code": "verify1" } },
      written: ["sms:kavenegar"],
    });

    const used = await recordedBy(["sms", "use", "--tenant", slug, "--sender", "outbox"]);
    expect(used.after).toMatchObject({ sms: { sender: "outbox", apiKey: "set" }, written: [] });

    const budget = await recordedBy(["sms", "budget", "--tenant", slug, "--per-day", "500"]);
    expect(budget.before).toMatchObject({ sms: { dailyBudget: null } });
    expect(budget.after).toMatchObject({ sms: { dailyBudget: 500 } });
  });

  it("records recaptcha set and clear, the secret only as set", async () => {
    await reset();
    const set = await recordedBy(["recaptcha", "set", "--tenant", slug, "--site-key", SITE_KEY, "--secret", SECRET]);
    expect(set.before).toMatchObject({ recaptcha: { siteKey: null, secret: null } });
    expect(set.after).toMatchObject({ recaptcha: { siteKey: SITE_KEY, secret: "set" }, written: ["captcha:recaptcha"] });
    const cleared = await recordedBy(["recaptcha", "clear", "--tenant", slug]);
    expect(cleared.after).toMatchObject({ recaptcha: { siteKey: null, secret: null }, written: ["captcha:recaptcha removed"] });
  });

  it("records nothing for a refused command or one that changes nothing", async () => {
    await reset();
    expect((await admin(["sms", "set-kavenegar", "--tenant", slug, "--api-key", OTHER_API_KEY, "--line", "30004505"])).code).toBe(0);
    const before = await secretsUpdateIds(database.db, tenantIds[slug]!);
    const refused = [
      await admin(["sms", "set-kavenegar", "--tenant", slug, "--api-key", API_KEY], null),
      await admin(["sms", "budget", "--tenant", slug, "--per-day", "0"]),
      await admin(["recaptcha", "set", "--tenant", slug, "--site-key", SITE_KEY, "--secret", SITE_KEY]),
      await admin(["sms", "use", "--tenant", slug, "--sender", "kavenegar"], OTHER_KEY),
    ];
    expect(refused.map((run) => run.code)).toEqual([1, 1, 1, 1]);
    const noOps = [
      await admin(["sms", "use", "--tenant", slug, "--sender", "outbox"]),
      await admin(["sms", "budget", "--tenant", slug, "--per-day", "default"]),
      await admin(["recaptcha", "clear", "--tenant", slug]),
      // The same credentials again: nothing stored changes.
      await admin(["sms", "set-kavenegar", "--tenant", slug, "--api-key", OTHER_API_KEY, "--line", "30004505"]),
    ];
    expect(noOps.map((run) => run.code)).toEqual([0, 0, 0, 0]);
    expect(await secretsUpdateIds(database.db, tenantIds[slug]!)).toEqual(before);
  });
});
