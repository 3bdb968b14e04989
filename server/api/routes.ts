import { searchFlightsRoute } from "./flights/search.ts";
import { openApiJsonRoute } from "./meta/openapi-json.ts";
import type { AnyRoute } from "./route.ts";

/**
 * Every route of the JSON API, in one list: the front door mounts it and the OpenAPI document is
 * generated from it. A new route is a file under server/api/<area>/ and a line here.
 */
const ROUTES: AnyRoute[] = [searchFlightsRoute];

export const API_ROUTES: readonly AnyRoute[] = [...ROUTES, openApiJsonRoute(() => API_ROUTES)];
