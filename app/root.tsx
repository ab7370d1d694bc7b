import type { RootData } from "~/components/root-data";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { Toaster } from "~/components/toaster";
import { useNonce } from "~/components/nonce";
import { SiteErrorBoundary } from "~/components/site-frame";
import { can } from "~/auth/permissions";
import { getSession } from "~/auth/session.server";
import { env } from "~/env.server";
import { getSiteSettings } from "~/settings/settings.server";
import { DEFAULT_SITE_NAME } from "~/lib/meta";
import { errorMeta } from "~/lib/seo";
import { readToast } from "~/http/toast.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [{ toast, headers: toastHeaders }, session, settings] = await Promise.all([
    readToast(request),
    getSession(request),
    getSiteSettings(),
  ]);
  const headers = new Headers(toastHeaders ?? undefined);
  if (session?.setCookie) headers.append("Set-Cookie", session.setCookie);
  const user = session
    ? { name: session.user.fullName, role: session.user.role, isStaff: can(session.user.role, "admin.enter") }
    : null;
  // The site's name and description are settings (/admin/settings), applied at once everywhere;
  // the footer's and the about page's social links (a network without an address is hidden).
  const rootData: RootData = {
    siteName: settings.siteName,
    siteDescription: settings.siteDescription,
    siteUrl: env().SITE_URL,
    toast: toast ?? null,
    user,
    social: settings.social,
  };
  return data(rootData, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    // "no-js" becomes "js" before first paint, so CSS can hide no-JS fallbacks (.no-js-only)
    // and JS-only controls (.js-only) in the right case. Chromium's no-JS emulation still parses
    // <noscript> as text, so this class (not <noscript>) is the single switch.
    <html lang="en" className="no-js" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant, nonce-carrying one-liner
          dangerouslySetInnerHTML={{ __html: "document.documentElement.className='js'" }}
        />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
        <FeedLinks siteName={rootData?.siteName ?? DEFAULT_SITE_NAME} />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        {children}
        <Toaster toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Feed readers and browsers discover the feeds from every page. */
function FeedLinks({ siteName }: { siteName: string }) {
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={`${siteName} (RSS)`} href="/rss.xml" />
      <link rel="alternate" type="application/atom+xml" title={`${siteName} (Atom)`} href="/atom.xml" />
      <link rel="alternate" type="application/feed+json" title={`${siteName} (JSON Feed)`} href="/feed.json" />
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: Route.MetaFunction = errorMeta;

// The last resort, for errors outside the layouts (the root loader, a route outside them): no
// layout rendered, so the screen brings the site's header and footer. Never a stack trace.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <SiteErrorBoundary error={error} />;
}
