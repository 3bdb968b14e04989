import { describe, expect, it } from "vitest";
import {
  errorMessageOf,
  errorStackOf,
  errorTextOf,
  isAppendChildFailure,
  isChunkLoadFailure,
  isRedirectResponse,
} from "./error-signals.ts";

describe("isChunkLoadFailure", () => {
  it.each([
    "Failed to fetch dynamically imported module: https://example.test/assets/flight-abc123.js",
    "error loading dynamically imported module: https://example.test/assets/flight.js",
    "Importing a module script failed.",
    "Unable to preload CSS for /assets/root-x1.css",
    "Loading chunk 42 failed.",
    "Loading CSS chunk vendors-main failed.",
  ])("recognises %s", (message) => {
    expect(isChunkLoadFailure(new TypeError(message))).toBe(true);
    expect(isChunkLoadFailure(message)).toBe(true);
  });

  it("recognises a ChunkLoadError by its name", () => {
    const error = new Error("something");
    error.name = "ChunkLoadError";
    expect(isChunkLoadFailure(error)).toBe(true);
  });

  it("leaves other errors alone", () => {
    for (const reason of [
      new Error("Cannot read properties of undefined"),
      new TypeError("Failed to fetch"),
      "appendChild",
      null,
      undefined,
      3,
      {},
    ]) {
      expect(isChunkLoadFailure(reason)).toBe(false);
    }
  });

  it("ignores React Router redirects, even with a chunk-like message", () => {
    const redirect = Object.assign(new Response(null, { status: 302, headers: { Location: "/en" } }), {
      message: "Loading chunk 1 failed",
    });
    expect(isChunkLoadFailure(redirect)).toBe(false);
  });
});

describe("isRedirectResponse", () => {
  it("is true for a thrown 3xx Response", () => {
    for (const status of [301, 302, 303, 307, 308])
      expect(isRedirectResponse(new Response(null, { status, headers: { Location: "/" } }))).toBe(true);
  });

  it("is false for other statuses and values", () => {
    expect(isRedirectResponse(new Response(null, { status: 404 }))).toBe(false);
    expect(isRedirectResponse(new Response(null, { status: 200 }))).toBe(false);
    expect(isRedirectResponse({ status: "302" })).toBe(false);
    expect(isRedirectResponse(new Error("302"))).toBe(false);
    expect(isRedirectResponse(null)).toBe(false);
  });
});

describe("isAppendChildFailure", () => {
  it("matches the DOM's appendChild failures", () => {
    expect(isAppendChildFailure("Failed to execute 'appendChild' on 'Node': The new child element contains the parent.")).toBe(true);
    expect(isAppendChildFailure("NotFoundError: Node.appendChild: Child to insert before is not a child of this node")).toBe(true);
  });

  it("does not match other failures", () => {
    expect(isAppendChildFailure("Failed to execute 'removeChild' on 'Node'")).toBe(false);
    expect(isAppendChildFailure("")).toBe(false);
  });
});

describe("errorMessageOf", () => {
  it("reads errors, strings and objects with a message", () => {
    expect(errorMessageOf(new Error("boom"))).toBe("boom");
    expect(errorMessageOf("plain")).toBe("plain");
    expect(errorMessageOf({ message: "shaped" })).toBe("shaped");
    expect(errorMessageOf({ message: 1 })).toBe("");
    expect(errorMessageOf(undefined)).toBe("");
  });
});

describe("errorTextOf", () => {
  it("names the error before its message", () => {
    expect(errorTextOf(new TypeError("boom"))).toBe("TypeError: boom");
    expect(errorTextOf(new DOMException("Failed to execute 'appendChild' on 'Node'", "HierarchyRequestError"))).toBe(
      "HierarchyRequestError: Failed to execute 'appendChild' on 'Node'",
    );
  });

  it("reads plain strings and values without a name", () => {
    expect(errorTextOf("plain")).toBe("plain");
    expect(errorTextOf({ message: "shaped" })).toBe("shaped");
    expect(errorTextOf(null)).toBe("");
  });
});

describe("errorStackOf", () => {
  it("gives an error's stack and nothing for other values", () => {
    expect(errorStackOf(new Error("x"))).toContain("x");
    expect(errorStackOf({ stack: "  " })).toBeUndefined();
    expect(errorStackOf("x")).toBeUndefined();
  });
});
