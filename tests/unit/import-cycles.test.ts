import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseOptions } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const FIXTURES = "tests/fixtures/import-cycle";
const TIMEOUT = 60_000;

/** The files of each no-circular finding, with the repository's own configuration (fixtures not excluded). */
async function cycles(options: Partial<ICruiseOptions> = {}): Promise<string[][]> {
  const config = await extractDepcruiseOptions(`${repoRoot}.dependency-cruiser.cjs`);
  const result = await cruise(
    [FIXTURES],
    {
      ...config,
      baseDir: repoRoot,
      tsConfig: { fileName: `${repoRoot}tsconfig.json` },
      validate: true,
      exclude: { path: "node_modules" },
      ...options,
    },
    {},
    { tsConfig: extractTSConfig(`${repoRoot}tsconfig.json`) },
  );
  if (typeof result.output === "string") throw new Error("dependency-cruiser answered text, not a result");
  return result.output.summary.violations
    .filter((violation) => violation.rule.name === "no-circular")
    .map((violation) => [violation.from, violation.to].sort());
}

describe("the import cycle rule (ADR 0020)", () => {
  it(
    "reports a cycle of runtime imports and one of type-only imports, and nothing for a port imported one way",
    async () => {
      const found = await cycles();
      const dirs = new Set(found.map(([from]) => from!.split("/").at(-2)));
      expect(dirs).toEqual(new Set(["runtime", "type-only"]));
      expect(found).toContainEqual([`${FIXTURES}/type-only/order.ts`, `${FIXTURES}/type-only/ticket.ts`]);
      expect(found).toContainEqual([`${FIXTURES}/runtime/payment.ts`, `${FIXTURES}/runtime/wallet.ts`]);
    },
    TIMEOUT,
  );

  it(
    "finds the type-only cycle because it reads imports before compilation (the option the configuration turns on)",
    async () => {
      const found = await cycles({ tsPreCompilationDeps: false });
      expect(found.flat().some((file) => file.includes("/type-only/"))).toBe(false);
      expect(found.flat().some((file) => file.includes("/runtime/"))).toBe(true);
    },
    TIMEOUT,
  );
});
