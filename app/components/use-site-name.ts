import { useRouteLoaderData } from "react-router";
import { DEFAULT_SITE_NAME } from "~/lib/meta";
import type { loader as rootLoader } from "~/root";

/** The product name from SITE_NAME, as the root loader exposes it (the default when it has not run). */
export function useSiteName() {
  return useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? DEFAULT_SITE_NAME;
}
