import { DEFAULT_SITE_NAME } from "~/lib/meta";
import { useRootData } from "~/components/root-data";

/** The product name from SITE_NAME, as the root loader exposes it (the default when it has not run). */
export function useSiteName() {
  return useRootData()?.siteName ?? DEFAULT_SITE_NAME;
}
