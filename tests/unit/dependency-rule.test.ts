import { describe, it, expect } from "vitest";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const TIMEOUT = 30_000;

let eslint: ESLint | undefined;

/** Lints a two-line module at a path that need not exist, returning the no-restricted-imports messages. */
async function restrictedImports(filePath: string, specifier: string): Promise<string[]> {
  // The import rule needs no types; type-aware rules cannot load a file that does not exist, so they are off here.
  eslint ??= new ESLint({
    cwd: repoRoot,
    overrideConfig: [
      {
        ...tseslint.configs.disableTypeChecked,
        languageOptions: { parserOptions: { projectService: false, program: null, project: null } },
      },
    ],
  });
  const code = `import { thing } from "${specifier}";\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error(`no lint result for ${filePath}`);
  const fatal = result.messages.filter((message) => message.fatal);
  if (fatal.length > 0) throw new Error(`ESLint could not lint ${filePath}: ${fatal.map((message) => message.message).join("; ")}`);
  return result.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("the dependency rule (ARCHITECTURE.md §1) as a lint rule", () => {
  describe("core", () => {
    it.each([
      "#adapters/db/client.ts",
      "#app/links.ts",
      "#server/env.ts",
      "#seed/demo-tenants.ts",
      "../../server/env.ts",
      "../../adapters/db/client.ts",
      "react",
      "react-router",
      "drizzle-orm",
      "drizzle-orm/pg-core",
      "pg",
      "node:fs",
      "node:fs/promises",
      "fs",
    ])(
      "may not import %s",
      async (specifier) => {
        const errors = await restrictedImports("core/x/fake.ts", specifier);
        expect(errors.length).toBeGreaterThan(0);
        expect(errors[0]).toContain(specifier);
      },
      TIMEOUT,
    );

    it.each(["#core/ports.ts", "../ports.ts", "../i18n/locales.ts", "zod", "node:crypto"])(
      "may import %s",
      async (specifier) => {
        expect(await restrictedImports("core/x/fake.ts", specifier)).toEqual([]);
      },
      TIMEOUT,
    );
  });

  describe("adapters", () => {
    it.each(["#app/links.ts", "#server/env.ts", "../../app/links.ts", "../../server/env.ts"])(
      "may not import %s",
      async (specifier) => {
        expect((await restrictedImports("adapters/x/fake.ts", specifier)).length).toBeGreaterThan(0);
      },
      TIMEOUT,
    );

    it.each(["#core/ports.ts", "drizzle-orm"])(
      "may import %s",
      async (specifier) => {
        expect(await restrictedImports("adapters/x/fake.ts", specifier)).toEqual([]);
      },
      TIMEOUT,
    );
  });

  describe("app", () => {
    it.each(["#adapters/db/client.ts", "#server/env.ts", "../../adapters/db/client.ts", "../../server/env.ts"])(
      "may not import %s",
      async (specifier) => {
        expect((await restrictedImports("app/x/fake.ts", specifier)).length).toBeGreaterThan(0);
      },
      TIMEOUT,
    );

    it.each(["#core/i18n/locales.ts", "#app/links.ts", "react-router"])(
      "may import %s",
      async (specifier) => {
        expect(await restrictedImports("app/x/fake.ts", specifier)).toEqual([]);
      },
      TIMEOUT,
    );
  });

  it(
    "leaves server free to pick adapters",
    async () => {
      expect(await restrictedImports("server/x/fake.ts", "#adapters/db/client.ts")).toEqual([]);
    },
    TIMEOUT,
  );
});
