import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.ts";
import { API_ROUTES } from "./routes.ts";

const document = openApiDocument(API_ROUTES);
type Operation = {
  operationId: string;
  parameters: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ path, method, operation })),
);

describe("the generated OpenAPI document", () => {
  it("passes an independent OpenAPI 3.1 validator", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("has one operation per route, unique operation ids, and a $ref that resolves for every JSON answer", () => {
    expect(operations).toHaveLength(API_ROUTES.length);
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
    for (const { path, method, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        const ref = response.content?.["application/json"]?.schema.$ref;
        if (ref)
          expect(document.components.schemas, `${method} ${path} ${status}`).toHaveProperty([ref.replace("#/components/schemas/", "")]);
        if (Number(status) >= 400) expect(ref, `${method} ${path} ${status} carries the envelope`).toBeDefined();
      }
      for (const [, name] of path.matchAll(/\{(\w+)\}/g))
        expect(
          operation.parameters.some((parameter) => parameter.in === "path" && parameter.name === name),
          `${path} {${name}}`,
        ).toBe(true);
    }
  });

  it("documents the front door's refusals where they can happen: 503 everywhere, 422 and 415 with a body", () => {
    for (const { operation } of operations) expect(Object.keys(operation.responses)).toContain("503");
    const search = document.paths["/api/v1/flights/search"] as Record<string, Operation>;
    expect(Object.keys(search.get!.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "503"]));
  });
});

describe("the API's files", () => {
  it("keep one route per file, none over 300 lines", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith(".ts")) files.push(path);
      }
    };
    walk(new URL(".", import.meta.url).pathname);
    for (const file of files) expect(readFileSync(file, "utf8").split("\n").length, file).toBeLessThanOrEqual(300);
  });
});
