/**
 * Any path no other route matches: the not-found page inside the site shell, with status 404.
 */
import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { titleMeta } from "~/lib/meta";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return <ErrorPage status={404} />;
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Page Not Found");
