/**
 * What the root loader gives every page (app/root.tsx, which checks its data against this type):
 * the site's name and description, the signed-in person, a pending toast, the social links.
 * Components read it with `useRootData()` instead of importing the root module (no import circle).
 */
import { useRouteLoaderData } from "react-router";
import type { Role } from "~/auth/permissions";
import type { SiteSettings } from "~/lib/site-settings";
import type { Toast } from "~/lib/toast";

export type RootData = {
  siteName: string;
  siteDescription: string;
  siteUrl: string;
  toast: Toast | null;
  user: { name: string; role: Role; isStaff: boolean } | null;
  social: SiteSettings["social"];
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
