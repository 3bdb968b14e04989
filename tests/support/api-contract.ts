import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { openApiDocument } from "#server/api/openapi.ts";
import { problemSchema } from "#server/api/problem.ts";
import { API_ROUTES } from "#server/api/routes.ts";
import { z } from "zod";

/**
 * The contract test: every JSON answer an integration test receives from an API path is checked
 * against the generated OpenAPI document (its operation, its status, its schema). A violation
 * fails the request that received it, so the test that made it names the route.
 */
type Operation = { responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> };

const document = openApiDocument(API_ROUTES);
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(document, "openapi", undefined, false);
const envelope = ajv.compile(z.toJSONSchema(problemSchema(), { target: "draft-2020-12" }) as object);
const compiled = new Map<string, ValidateFunction>();

// A literal segment wins over a parameter (`/bookings/lookup` before `/bookings/{hashId}`).
const templates = Object.keys(document.paths)
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}$`),
  }))
  .sort((a, b) => a.template.split("{").length - b.template.split("{").length);

function validatorFor(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi${ref}` });
    compiled.set(ref, validate);
  }
  return validate;
}

export class ContractViolation extends Error {}

/** Throws a ContractViolation when an answer of an API path is not what the document promises. */
export function checkApiResponse(answer: {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  body: string;
}): void {
  const { pathname } = new URL(answer.url, "http://localhost");
  const match = templates.find(({ pattern }) => pattern.test(pathname));
  const label = `${answer.method} ${pathname} → ${answer.status}`;
  if (!match) {
    if (!pathname.startsWith("/api/")) return;
    // Paths no route claims answer in the envelope too.
    const parsed = parse(answer.body, label);
    if (!envelope(parsed)) throw new ContractViolation(`${label}: not the error envelope: ${ajv.errorsText(envelope.errors)}`);
    return;
  }
  const method = answer.method.toLowerCase() === "head" ? "get" : answer.method.toLowerCase();
  const operation = (document.paths[match.template] as Record<string, Operation>)[method];
  if (!operation) {
    if (answer.status === 405) return void checkEnvelope(answer.body, label);
    throw new ContractViolation(`${label}: the document has no ${method} operation on ${match.template}`);
  }
  const response = operation.responses[String(answer.status)];
  if (!response) throw new ContractViolation(`${label}: status ${answer.status} is not documented for ${method} ${match.template}`);
  const jsonContent = response.content?.["application/json"];
  const isJson = (answer.contentType ?? "").includes("json");
  if (!jsonContent) {
    if (isJson && answer.body !== "")
      throw new ContractViolation(
        `${label}: answered JSON where the document promises ${Object.keys(response.content ?? {}).join(", ") || "no body"}`,
      );
    return;
  }
  if (!isJson)
    throw new ContractViolation(`${label}: answered ${answer.contentType ?? "no content type"} where the document promises JSON`);
  const validate = validatorFor(jsonContent.schema.$ref!);
  const parsed = parse(answer.body, label);
  if (!validate(parsed))
    throw new ContractViolation(`${label}: ${ajv.errorsText(validate.errors, { dataVar: "body" })}\n${answer.body.slice(0, 800)}`);
}

function checkEnvelope(body: string, label: string): void {
  const parsed = parse(body, label);
  if (!envelope(parsed)) throw new ContractViolation(`${label}: not the error envelope: ${ajv.errorsText(envelope.errors)}`);
}

function parse(body: string, label: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new ContractViolation(`${label}: the body is not JSON: ${body.slice(0, 200)}`);
  }
}
