/**
 * The public shell: skip link, fixed header, <main id="main"> (the skip link's target) and footer.
 */
import { Outlet, useRouteLoaderData } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { DEFAULT_SITE_NAME } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";

export default function PublicLayout() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader user={rootData?.user ?? null} />
      <main id="main" tabIndex={-1} className="flex-1 pt-(--header-height)">
        <Outlet />
      </main>
      <SiteFooter siteName={rootData?.siteName ?? DEFAULT_SITE_NAME} />
    </div>
  );
}
