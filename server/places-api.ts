import { Router, type Request, type Response } from "express";
import { decideLocale, isLocale } from "#core/i18n/locales.ts";
import { isPlaceService, suggestPlaces, type PlaceSearchPort } from "#core/places/suggest.ts";
import { placeOfferedBy, placeServiceId } from "#core/places/place-services.ts";
import { isServiceEnabled, type Tenant } from "#core/tenants/site-config.ts";
import { readCookie } from "./net.ts";

/**
 * `GET /api/v1/places?service=…&q=…[&lang=…]`: suggestions for a search form's place field, in the
 * request's language (the `lang` parameter, else the `language` header, else the locale cookie).
 * Whatever is typed, the answer is a list, empty when nothing matches or the input is unusable.
 */
export function placesRoutes(deps: { places: PlaceSearchPort }): Router {
  const router = Router();
  router.get("/api/v1/places", async (req: Request, res: Response) => {
    const tenant = (res.locals as { site?: { tenant: Tenant } }).site?.tenant;
    const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
    const service = first(req.query.service);
    const query = first(req.query.q);
    const lang = first(req.query.lang);
    const header = req.headers.language;
    const locale = isLocale(lang) ? lang : decideLocale({ pathname: null, cookie: typeof header === "string" ? header : readCookie(req.headers.cookie, "locale") }).locale;
    res.setHeader("Vary", "Host, language, Cookie");
    // A service this agency does not sell has no places to offer.
    const serviceId = placeServiceId(service);
    if (tenant && serviceId && !isServiceEnabled(tenant, serviceId)) {
      res.setHeader("Cache-Control", "public, max-age=300");
      res.json({ places: [] });
      return;
    }
    try {
      const found = await suggestPlaces({ service, query, locale }, { places: deps.places });
      const places = tenant && isPlaceService(service) ? found.filter((place) => placeOfferedBy(service, place, (id) => isServiceEnabled(tenant, id))) : found;
      // Reference data changes with releases, not by the minute.
      res.setHeader("Cache-Control", "public, max-age=300");
      res.json({ places });
    } catch (error) {
      (res.locals as { log?: { error(o: object, m: string): void } }).log?.error({ err: error }, "place suggestions failed");
      res.setHeader("Cache-Control", "no-store");
      res.status(503).json({ places: [], error: "UNAVAILABLE" });
    }
  });
  return router;
}
