/**
 * How the browser's JavaScript is cut into files (ADR 0038). Left to itself the bundler makes one
 * chunk per set of routes sharing a module: the home page loaded 26 files, most of 1-2 KB, and on
 * a phone's HTTP/1.1 connections (six per host) each costs a round trip. Four groups instead:
 * - framework: React, React DOM, the scheduler and React Router, needed by every page;
 * - shell: what the root route and the client entry import, also needed by every page, with two
 *   small modules nearly every page imports (the routes' meta helpers, the search form's island):
 *   as files of their own they cost a request each and more gzip overhead than they weigh;
 * - search-parts: what the search form imports that other screens use too (dates, digits, a
 *   field's message), so a checkout page does not load the whole form for them;
 * - search: the search form itself, fetched when its island hydrates (ADR 0039), so no page loads
 *   it first.
 * Everything else (a route's own code, what a few routes share) stays with the bundler.
 */
import type { CodeSplittingOptions } from "rolldown";

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const ROOT_ROUTE = /[\\/]app[\\/]root\.tsx$/;
const CLIENT_ENTRY = /[\\/]app[\\/]entry\.client\.tsx$/;
const SEARCH_FORM = /[\\/]app[\\/]components[\\/]search[\\/]search-form\.tsx$/;
const SHELL_EXTRAS = /[\\/]app[\\/](route-meta\.ts|components[\\/]search[\\/]search-form-island\.tsx)$/;
/** Style sheets stay with their route's chunk, so the root's CSS keeps its own file and name. */
const STYLESHEET = /\.css($|\?)/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[] } | null;
}

/** Every module reachable from the `starts` through static imports, the starts included. */
function staticallyReachable(graph: ModuleGraph, starts: Iterable<string>): Set<string> {
  const seen = new Set<string>(starts);
  const queue = [...seen];
  while (queue.length > 0) {
    for (const imported of graph.getModuleInfo(queue.pop()!)?.importedIds ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      queue.push(imported);
    }
  }
  return seen;
}

type GroupName = "shell" | "search-parts" | "search";

/** Which group each module falls in, worked out once from the whole graph. */
export function assignGroups(graph: ModuleGraph, ids: Iterable<string>): Map<string, GroupName> {
  const all = [...ids];
  const groups = new Map<string, GroupName>();
  for (const id of staticallyReachable(
    graph,
    all.filter((id) => ROOT_ROUTE.test(id) || CLIENT_ENTRY.test(id) || SHELL_EXTRAS.test(id)),
  ))
    groups.set(id, "shell");
  const search = [
    ...staticallyReachable(
      graph,
      all.filter((id) => SEARCH_FORM.test(id)),
    ),
  ].filter((id) => !groups.has(id));
  const inSearch = new Set(search);
  // A module of the form (not the form itself) that something outside it imports, and what it needs in turn.
  const sharedStarts = search.filter(
    (id) => !SEARCH_FORM.test(id) && graph.getModuleInfo(id)?.importers.some((importer) => !inSearch.has(importer)),
  );
  const shared = staticallyReachable(graph, sharedStarts);
  for (const id of search) groups.set(id, shared.has(id) ? "search-parts" : "search");
  return groups;
}

/**
 * The groups, for `output.codeSplitting` of the client build. A group takes the modules it names
 * with their dependencies, higher priority first, so a module two groups need lands in the one
 * more pages load. The bundler offers every candidate to `test` before it asks any `name`; the
 * groups are worked out on the first question, from the module graph it passes along.
 */
export function clientChunkGroups(): CodeSplittingOptions {
  const candidates = new Set<string>();
  let groups: Map<string, GroupName> | null = null;
  // The root route's module stays the router's entry for it; what it imports is the shell.
  const collect = (id: string) => {
    candidates.add(id);
    return !FRAMEWORK.test(id) && !STYLESHEET.test(id) && !ROOT_ROUTE.test(id);
  };
  const namedIfIn = (wanted: GroupName) => (id: string, graph: ModuleGraph) => {
    groups ??= assignGroups(graph, candidates);
    return groups.get(id) === wanted ? wanted : null;
  };
  return {
    groups: [
      { name: "framework", test: FRAMEWORK, priority: 4 },
      { debugName: "shell", priority: 3, test: collect, name: namedIfIn("shell") },
      { debugName: "search-parts", priority: 2, test: collect, name: namedIfIn("search-parts") },
      { debugName: "search", priority: 1, test: collect, name: namedIfIn("search") },
    ],
  };
}
