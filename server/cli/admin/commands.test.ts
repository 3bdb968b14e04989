import { describe, expect, it } from "vitest";
import type { ListedClientErrorReport } from "#adapters/db/client-error-repository.ts";
import { formatClientErrorTable } from "./client-errors.ts";
import { ADMIN_COMMANDS, runAdmin, type AdminCommand, type AdminContext } from "./commands.ts";
import { printable } from "./shared.ts";

function capture(): AdminContext & { stdout: string; stderr: string; opened: number } {
  const context = {
    stdout: "",
    stderr: "",
    opened: 0,
    io: {
      out: (text: string) => void (context.stdout += text),
      err: (text: string) => void (context.stderr += text),
    },
    openDatabase: async () => {
      context.opened += 1;
      throw new Error("no database in this test");
    },
  };
  return context;
}

const echo: AdminCommand = {
  name: "echo",
  summary: "prints its arguments",
  usage: "Usage: echo [words]\n",
  run: async (args, { io }) => {
    io.out(args.join(" "));
    return 0;
  },
};

describe("runAdmin", () => {
  it("lists the commands for --help and exits 0", async () => {
    const context = capture();
    expect(await runAdmin(["--help"], context)).toBe(0);
    expect(context.stdout).toContain("Usage: npm run admin -- <command>");
    for (const command of ADMIN_COMMANDS) expect(context.stdout).toContain(command.name);
  });

  it("shows a command's own usage for help <command>", async () => {
    const context = capture();
    expect(await runAdmin(["help", "echo"], context, [echo])).toBe(0);
    expect(context.stdout).toBe(echo.usage);
  });

  it("exits 1 with the usage for an unknown command or none", async () => {
    for (const argv of [["discount-typo"], []]) {
      const context = capture();
      expect(await runAdmin(argv, context)).toBe(1);
      expect(context.stderr).toContain("Usage: npm run admin -- <command>");
      expect(context.stdout).toBe("");
    }
  });

  it("never writes an unknown command's control characters back", async () => {
    const context = capture();
    await runAdmin(["\u001b[2Jx"], context);
    expect(context.stderr).not.toContain("\u001b");
  });

  it("runs the named command with the remaining arguments", async () => {
    const context = capture();
    expect(await runAdmin(["echo", "a", "b"], context, [echo])).toBe(0);
    expect(context.stdout).toBe("a b");
  });
});

describe("admin client-errors options", () => {
  it.each([["--limit", "0"], ["--limit", "abc"], ["--limit", "1001"], ["--tenant", ""], ["--bogus"], ["extra"]])(
    "refuses %s %s without opening the database",
    async (...args) => {
      const context = capture();
      expect(await runAdmin(["client-errors", ...args], context)).toBe(1);
      expect(context.opened).toBe(0);
      expect(context.stderr).toContain("Usage: npm run admin -- client-errors");
    },
  );

  it("prints its help without opening the database", async () => {
    const context = capture();
    expect(await runAdmin(["client-errors", "--help"], context)).toBe(0);
    expect(context.stdout).toContain("--tenant <slug>");
    expect(context.opened).toBe(0);
  });
});

describe("formatClientErrorTable", () => {
  const report: ListedClientErrorReport = {
    id: "0b6f7c1e-0000-4000-8000-000000000000",
    createdAt: new Date("2025-03-01T10:00:05.123Z"),
    tenantId: "t",
    tenantSlug: "parvaz-sabz",
    units: "frontend",
    title: "Client error: appendChild \u001b[31mred\u001b[0m",
    text: "Failed to execute 'appendChild' on 'Node'\nstack line\nurl: https://x.test/en",
    priority: 3,
    taskTime: null,
    category: "client-error",
    pageUrl: "https://x.test/en",
    userAgent: null,
    ipHash: "f".repeat(64),
  };

  it("shows time, tenant, category, title, the first line of text and the page", () => {
    const lines = formatClientErrorTable([report]).trimEnd().split("\n");
    expect(lines[0]).toMatch(/^time \(UTC\)\s+tenant\s+category\s+title\s+text\s+page$/);
    expect(lines).toHaveLength(3);
    const row = lines[2]!;
    for (const part of [
      "2025-03-01 10:00:05Z",
      "parvaz-sabz",
      "client-error",
      "Failed to execute 'appendChild' on 'Node'",
      "https://x.test/en",
    ])
      expect(row).toContain(part);
    expect(row).not.toContain("stack line");
  });

  it("writes no terminal control characters from stored text", () => {
    const table = formatClientErrorTable([report]);
    expect(table).not.toContain("\u001b");
    expect(table).toContain("[31mred");
  });

  it("shortens long cells", () => {
    const row = formatClientErrorTable([{ ...report, title: "t".repeat(500) }]).split("\n")[2]!;
    expect(row).toContain("…");
    expect(row).not.toContain("t".repeat(100));
  });

  it("marks reports without a tenant or page", () => {
    const row = formatClientErrorTable([{ ...report, tenantSlug: null, pageUrl: null }]).split("\n")[2]!;
    expect(row).toMatch(/Z\s+-\s+client-error/);
    expect(row.trimEnd().endsWith("-")).toBe(true);
  });
});

describe("printable", () => {
  it("replaces control characters and bidirectional overrides with spaces", () => {
    expect(printable("a\u0007b\u202Ec\u0000d\n\te")).toBe("a b c d e");
    expect(printable("سلام دنیا")).toBe("سلام دنیا");
  });
});
