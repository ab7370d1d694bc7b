/**
 * The public pages' frame: fixed header (with the skip link), <main id="main"> and footer. The
 * public layout draws it around its pages and around its error screen; the root error boundary
 * draws it when no layout could render.
 */
import type { ReactNode } from "react";
import { errorScreenFrom } from "~/lib/route-errors";
import { useRootData } from "~/components/root-data";
import { ErrorScreenView } from "./error-page";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

export function SiteFrame({ children }: { children: ReactNode }) {
  const rootData = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader user={rootData?.user ?? null} />
      <main id="main" tabIndex={-1} className="flex-1 pt-(--header-height)">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

/** An error screen inside the site's header and footer: the root's and the public layout's boundary. */
export function SiteErrorBoundary({ error }: { error: unknown }) {
  return (
    <SiteFrame>
      <ErrorScreenView screen={errorScreenFrom(error)} />
    </SiteFrame>
  );
}
