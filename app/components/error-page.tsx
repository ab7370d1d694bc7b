/**
 * The not-found page (spec, "Not-found page") and a friendly page for every other error.
 * `standalone` wraps it in the site shell, for the root error boundary where no layout rendered.
 */
import type { MouseEvent, ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { DEFAULT_SITE_NAME } from "~/lib/meta";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

type ErrorPageProps = {
  status: number;
  /** Technical details (development only); shown in a <pre> when given. */
  details?: string;
  /** Render the site header and footer around the page (the root error boundary). */
  standalone?: boolean;
};

export function ErrorPage({ status, details, standalone = false }: ErrorPageProps) {
  const content = status === 404 ? <NotFound /> : <SomethingWentWrong status={status} details={details} />;
  if (!standalone) return content;
  return <ErrorShell>{content}</ErrorShell>;
}

function ErrorShell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData("root") as { siteName?: string } | undefined;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader user={null} />
      <main id="main" tabIndex={-1} className="flex-1 pt-(--header-height)">
        {children}
      </main>
      <SiteFooter siteName={rootData?.siteName ?? DEFAULT_SITE_NAME} />
    </div>
  );
}

const primaryButton =
  "inline-flex h-11 items-center justify-center rounded-md bg-brand px-5 text-sm font-semibold text-brand-ink hover:bg-brand-hover";
const secondaryButton =
  "inline-flex h-11 items-center justify-center rounded-md border border-line bg-surface-raised px-5 text-sm font-semibold text-ink hover:bg-surface-sunken";

const popular = [
  { name: "JavaScript", to: "/category/javascript" },
  { name: "React", to: "/category/react" },
  { name: "CSS", to: "/category/css" },
  { name: "Tutorials", to: "/category/tutorials" },
];

/** Without JavaScript "Go Back" goes home; with it, it goes back in history when there is somewhere to go. */
function goBack(event: MouseEvent<HTMLAnchorElement>) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  if (window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
}

function NotFound() {
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="font-mono text-6xl font-extrabold tracking-tight text-brand sm:text-7xl" aria-hidden="true">
        404
      </p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        Page Not Found
      </h1>
      <p className="mx-auto mt-4 max-w-md text-ink-muted">
        The page you are looking for doesn&apos;t exist or has moved. Try searching, or start from one of these.
      </p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={primaryButton}>
          Go Home
        </Link>
        <Link to="/search" className={secondaryButton}>
          Search Articles
        </Link>
        <a href="/" onClick={goBack} className={secondaryButton}>
          Go Back
        </a>
      </div>
      <nav aria-labelledby="popular-topics" className="mt-14 border-t border-line pt-8">
        <h2 id="popular-topics" className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
          Popular topics
        </h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-2">
          {popular.map((topic) => (
            <li key={topic.to}>
              <Link
                to={topic.to}
                className="inline-flex items-center rounded-full border border-line px-4 py-1.5 text-sm font-medium text-ink hover:border-brand hover:text-brand"
              >
                {topic.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

function SomethingWentWrong({ status, details }: { status: number; details?: string }) {
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="font-mono text-sm font-semibold tracking-wider text-danger uppercase">Error {status}</p>
      <h1 id="error-title" className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        Something went wrong
      </h1>
      <p className="mx-auto mt-4 max-w-md text-ink-muted">
        Sorry — we couldn&apos;t show this page. Please try again in a moment, or head back to the home page.
      </p>
      <div className="mt-8 flex justify-center">
        <Link to="/" className={primaryButton}>
          Go Home
        </Link>
      </div>
      {details ? (
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          className="mt-10 max-h-96 overflow-auto rounded-lg border border-line bg-surface-sunken p-4 text-left font-mono text-xs text-ink"
        >
          {details}
        </pre>
      ) : null}
    </section>
  );
}
