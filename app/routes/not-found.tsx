/**
 * Any path no other route matches: the one not-found screen (the public layout's error
 * boundary), inside the site shell, with status 404.
 */
import { notFound } from "~/lib/route-errors";

export function loader(): never {
  throw notFound();
}

/** Never rendered: the loader always throws, and the layout's boundary draws the screen. */
export default function NotFoundPage() {
  return null;
}
