import { data } from "react-router";

/** Every path no other route claims: the not-found page, inside the site's own frame. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
