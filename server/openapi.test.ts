import { describe, expect, it } from "vitest";
import { OPENAPI_DOCUMENT } from "./openapi.ts";

/**
 * The OpenAPI document as data: every reference points at something, every operation answers
 * something, and every security requirement names a scheme the document defines. The endpoints
 * themselves are exercised by the integration tests of each API.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Operation = { security?: Record<string, string[]>[]; parameters?: { name: string; in: string }[]; responses: Record<string, unknown> };

const document = JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)) as {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
};

const METHODS = ["get", "post", "patch", "put", "delete"];

function refsIn(value: Json, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value !== null && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function operations(): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, operation]): [string, string, Operation] => [path, method, operation]));
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and every $ref resolves inside it", () => {
    expect(document.openapi).toBe("3.1.0");
    const refs = refsIn(document as unknown as Json);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas, ref).toHaveProperty([ref.slice("#/components/schemas/".length)]);
    }
  });

  it("gives every operation responses with HTTP status codes, and path parameters for every template", () => {
    for (const [path, method, operation] of operations()) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const status of statuses) expect(status, `${method} ${path}`).toMatch(/^[1-5]\d\d$/);
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
        expect(operation.parameters?.some((parameter) => parameter.in === "path" && parameter.name === name), `${method} ${path} {${name}}`).toBe(true);
      }
    }
  });

  it("defines bearer and cookie authentication, and every security requirement names a defined scheme", () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.components.securitySchemes.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie", name: "hs_session" });
    for (const [path, method, operation] of operations()) {
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes, `${method} ${path}`).toHaveProperty([scheme]);
      }
    }
  });

  it("describes the accounts API: sign-in without a session, everything of /me only signed in, writes with the CSRF header", () => {
    const paths = document.paths;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(["/api/v1/auth/otp", "/api/v1/auth/verify", "/api/v1/auth/logout", "/api/v1/me", "/api/v1/me/bookings", "/api/v1/me/passengers", "/api/v1/me/passengers/{id}"]));
    expect(Object.keys(paths["/api/v1/auth/otp"]!.post!.responses)).toEqual(expect.arrayContaining(["202", "400", "428", "429", "503"]));
    expect(Object.keys(paths["/api/v1/auth/verify"]!.post!.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "429"]));
    expect(paths["/api/v1/auth/otp"]!.post!.security).toBeUndefined();
    const signedIn: [string, string][] = [
      ["/api/v1/auth/logout", "post"],
      ["/api/v1/me", "get"],
      ["/api/v1/me", "patch"],
      ["/api/v1/me/bookings", "get"],
      ["/api/v1/me/passengers", "get"],
      ["/api/v1/me/passengers", "post"],
      ["/api/v1/me/passengers/{id}", "delete"],
    ];
    for (const [path, method] of signedIn) {
      const operation = paths[path]![method]!;
      // No empty requirement: a session is not optional here.
      expect(operation.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
      expect(operation.responses, `${method} ${path}`).toHaveProperty(["401"]);
      if (method !== "get") {
        expect(operation.responses, `${method} ${path}`).toHaveProperty(["403"]);
        expect(operation.parameters?.map((parameter) => parameter.name), `${method} ${path}`).toContain("X-CSRF-Token");
      }
    }
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(["AccountError", "PowChallenge", "User", "ProfilePatch", "SavedPassenger", "SavedPassengerRequest", "MyBooking"]));
  });

  it("lets the bookings endpoints be called signed in or not, and says an account's booking is a 404 to anyone else", () => {
    const byHashId: [string, string][] = [
      ["/api/v1/bookings/{hashId}", "get"],
      ["/api/v1/bookings/{hashId}/pay", "post"],
      ["/api/v1/bookings/{hashId}/ticket.pdf", "get"],
      ["/api/v1/bookings/{hashId}/refund-quote", "post"],
      ["/api/v1/bookings/{hashId}/refund", "post"],
    ];
    for (const [path, method] of byHashId) {
      const operation = document.paths[path]![method]!;
      expect(operation.security, `${method} ${path}`).toEqual([{}, { bearerAuth: [] }, { cookieAuth: [] }]);
      expect((operation.responses["404"] as { description: string }).description).toMatch(/belongs to an account/);
    }
    expect(document.paths["/api/v1/bookings"]!.post!.security).toEqual([{}, { bearerAuth: [] }, { cookieAuth: [] }]);
  });
});
