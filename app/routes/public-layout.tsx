/**
 * The public shell: skip link, fixed header, <main id="main"> (the skip link's target) and footer.
 * Its error boundary renders whatever a public page threw (`~/lib/route-errors`) inside the same
 * shell: the one 404 screen, or the error screen with the spec's toast and a reference.
 */
import { Outlet } from "react-router";
import { SiteErrorBoundary, SiteFrame } from "~/components/site-frame";
import { errorMeta } from "~/lib/seo";
import type { Route } from "./+types/public-layout";

export default function PublicLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export const meta: Route.MetaFunction = errorMeta;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SiteErrorBoundary error={error} />;
}
