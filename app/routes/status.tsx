import { data } from "react-router";
import type { Route } from "./+types/status";

/**
 * /500, /502, /404, /en/503…: the error page for a status named in the first path segment
 * (spec §2). Anything else in that position is simply not found.
 */
export function loader({ params }: Route.LoaderArgs) {
  const status = /^[45]\d\d$/.test(params.status ?? "") ? Number(params.status) : 404;
  throw data(null, { status });
}

export default function Status() {
  return null;
}
