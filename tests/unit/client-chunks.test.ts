/**
 * ADR 0038: the client build's chunk groups. A small module graph stands in for the app's: the
 * root and the entry share i18n, the search form shares dates with a checkout screen, and pages
 * reach the form through its island, which imports it only dynamically (so not in `importedIds`).
 */
import { describe, expect, it } from "vitest";
import { assignGroups } from "../../scripts/client-chunks.ts";

const imports: Record<string, string[]> = {
  "/p/app/entry.client.tsx": ["/p/app/client/shell.tsx"],
  "/p/app/root.tsx": ["/p/app/client/shell.tsx", "/p/core/i18n/messages.ts"],
  "/p/app/client/shell.tsx": ["/p/core/i18n/messages.ts"],
  "/p/core/i18n/messages.ts": [],
  "/p/app/routes/home.tsx": ["/p/app/components/search/search-form-island.tsx", "/p/app/route-meta.ts"],
  "/p/app/components/search/search-form-island.tsx": [],
  "/p/app/route-meta.ts": ["/p/core/i18n/messages.ts"],
  "/p/app/components/search/search-form.tsx": [
    "/p/app/components/search/place-field.tsx",
    "/p/app/components/search/date-field.tsx",
    "/p/core/i18n/messages.ts",
  ],
  "/p/app/components/search/place-field.tsx": [],
  "/p/app/components/search/date-field.tsx": ["/p/core/search/dates.ts"],
  "/p/core/search/dates.ts": [],
  "/p/app/routes/passengers.tsx": ["/p/app/components/search/date-field.tsx"],
  "/p/app/routes/contact.tsx": [],
};

const graph = {
  getModuleInfo(id: string) {
    const importedIds = imports[id];
    if (!importedIds) return null;
    const importers = Object.keys(imports).filter((other) => imports[other]!.includes(id));
    return { importedIds, importers };
  },
};

describe("the client chunk groups", () => {
  const groups = assignGroups(graph, Object.keys(imports));

  it("puts what the root route and the entry import in the shell, even when the search form uses it too", () => {
    expect(groups.get("/p/app/client/shell.tsx")).toBe("shell");
    expect(groups.get("/p/core/i18n/messages.ts")).toBe("shell");
    expect(groups.get("/p/app/entry.client.tsx")).toBe("shell");
  });

  it("adds the routes' meta helpers and the search form's island to the shell", () => {
    expect(groups.get("/p/app/route-meta.ts")).toBe("shell");
    expect(groups.get("/p/app/components/search/search-form-island.tsx")).toBe("shell");
  });

  it("keeps the form's own parts together, and what another screen imports from it apart", () => {
    expect(groups.get("/p/app/components/search/search-form.tsx")).toBe("search");
    expect(groups.get("/p/app/components/search/place-field.tsx")).toBe("search");
    // The passengers screen imports the date field: it and its dependencies are the shared parts.
    expect(groups.get("/p/app/components/search/date-field.tsx")).toBe("search-parts");
    expect(groups.get("/p/core/search/dates.ts")).toBe("search-parts");
  });

  it("leaves routes and what only they import to the bundler", () => {
    for (const route of ["/p/app/routes/home.tsx", "/p/app/routes/passengers.tsx", "/p/app/routes/contact.tsx"])
      expect(groups.has(route)).toBe(false);
  });
});
