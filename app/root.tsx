import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { Toaster } from "~/components/toaster";
import { useNonce } from "~/components/nonce";
import { ErrorPage } from "~/components/error-page";
import { env } from "~/env.server";
import { readToast } from "~/server/toast.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { toast, headers } = await readToast(request);
  return data({ siteName: env().SITE_NAME, siteUrl: env().SITE_URL, toast }, headers ? { headers } : undefined);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
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

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Details only in development: production never shows a stack trace.
  const details = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage status={status} details={details} />;
}
