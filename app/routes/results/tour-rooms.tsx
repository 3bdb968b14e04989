import { TourRoomsScreen } from "#app/components/tours/room-chooser.tsx";
import type { RouteHandle } from "#app/layouts/layout-names.ts";
import { translatedMeta } from "#app/route-meta.ts";
import { tourRoomsLoader } from "#app/search/tour-departure.server.ts";
import type { Route } from "./+types/tour-rooms";

export { headers } from "#app/search/page-headers.ts";

export const handle: RouteHandle = { layout: "default" };

/** Rooms and who sleeps in each at one hotel of a departure: /tour/searchRooms/{tourId}?hotel=…&adults=2 (a GET form that comes back here). */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return tourRoomsLoader(request, context, params.tourId);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...translatedMeta(matches, "tourPurchase.rooms.metaTitle", undefined, { hotel: loaderData?.hotel.name ?? "" }),
  // One party's rooms: no page for search engines.
  { name: "robots", content: "noindex" },
];

export default function TourRooms({ loaderData }: Route.ComponentProps) {
  return <TourRoomsScreen page={loaderData} />;
}
