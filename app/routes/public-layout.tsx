/**
 * The public shell: skip link, fixed header, <main id="main"> (the skip link's target) and footer.
 * Its error boundary renders whatever a public page threw (`~/lib/route-errors`) inside the same
 * shell: the one 404 screen, or the error screen with the spec's toast and a reference.
 */
import { Outlet } from "react-router";
import { ErrorScreenView } from "~/components/error-page";
import { SiteFrame } from "~/components/site-frame";
import { errorScreenFrom } from "~/lib/route-errors";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/public-layout";

export default function PublicLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

/** The page title of an error screen (a page that rendered has its own meta). */
export const meta: Route.MetaFunction = ({ error, matches }) =>
  error ? noindexMeta(matches, errorScreenFrom(error).title) : [];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <SiteFrame>
      <ErrorScreenView screen={errorScreenFrom(error)} />
    </SiteFrame>
  );
}
