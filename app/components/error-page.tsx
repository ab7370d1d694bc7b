/**
 * The error screens, rendered by the error boundaries (public layout, admin layout, root) for
 * whatever a loader or action threw (`~/lib/route-errors`):
 * - one 404 screen for the whole site (spec, "Not-found page"; an unknown article or category
 *   says which, with the spec's toast);
 * - one screen for everything else: the spec's title, one visitor-safe message, the spec's
 *   toast, and for server errors the request's id ("Reference: …") that the server logged.
 */
import { createContext, type MouseEvent, useContext, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { LinkList } from "~/components/ui/link-list";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ErrorScreen } from "~/lib/route-errors";
import { CATEGORY_LINKS } from "~/lib/site-nav";
import { RaiseToast } from "./toaster";

const RequestIdContext = createContext<string | null>(null);

/**
 * The id of the request being rendered on the server (entry.server.tsx), for the reference of an
 * unexpected error: its details never reach the page, so the server's log line is all there is.
 */
export const RequestIdProvider = RequestIdContext.Provider;

const REFERENCE_ID = "error-reference";

/**
 * The reference of a server error: the thrown screen's own, else the rendering request's (on the
 * server, and in the browser while it hydrates that page). A later client-side error that carries
 * none shows none rather than an old one.
 */
function useReference(screen: ErrorScreen): string | null {
  const rendering = useContext(RequestIdContext);
  const hydrated = useHydrated();
  // Read once, when the screen is first drawn: hydration ending re-renders it (with a new screen
  // object), and the page's reference must survive that.
  const [fromPage] = useState(() => {
    if (rendering) return rendering;
    if (hydrated || typeof document === "undefined") return null;
    return document.getElementById(REFERENCE_ID)?.dataset.requestId ?? null;
  });
  if (screen.status < 500) return null;
  return screen.requestId ?? fromPage;
}

type Home = { to: string; label: string };

/** `home`: where the screen's way out leads (the admin panel's dashboard; the home page by default). */
export function ErrorScreenView({ screen, home }: { screen: ErrorScreen; home?: Home }) {
  const reference = useReference(screen);
  return (
    <>
      {screen.toast ? <RaiseToast toast={{ type: "error", ...screen.toast }} /> : null}
      {screen.status === 404 ? (
        <NotFound screen={screen} />
      ) : (
        <Problem screen={screen} reference={reference} home={home ?? { to: "/", label: "Go Home" }} />
      )}
    </>
  );
}

const primaryButton = buttonClass({ size: "lg" });
const secondaryButton = buttonClass({ variant: "secondary", size: "lg" });

const popular = [CATEGORY_LINKS.javascript, CATEGORY_LINKS.react, CATEGORY_LINKS.css, CATEGORY_LINKS.tutorials];

/** Without JavaScript "Go Back" goes home; with it, it goes back in history when there is somewhere to go. */
function goBack(event: MouseEvent<HTMLAnchorElement>) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
  if (window.history.length > 1) {
    event.preventDefault();
    window.history.back();
  }
}

function NotFound({ screen }: { screen: ErrorScreen }) {
  // The spec's article page says "Back to Home"; its not-found page says "Go Home".
  const specific = screen.title !== "Page Not Found";
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="font-mono text-6xl font-extrabold tracking-tight text-brand sm:text-7xl" aria-hidden="true">
        404
      </p>
      <h1 id="error-title" className="mt-4 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {screen.title}
      </h1>
      <p className="mx-auto mt-4 max-w-md text-ink-muted">{screen.message}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={primaryButton}>
          {specific ? (
            <>
              <span aria-hidden="true">←</span> Back to Home
            </>
          ) : (
            "Go Home"
          )}
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
        <LinkList
          items={popular}
          className="mt-4 flex flex-wrap justify-center gap-2"
          linkClassName="inline-flex items-center rounded-full border border-line px-4 py-1.5 text-sm font-medium text-ink hover:border-brand hover:text-brand"
        />
      </nav>
    </section>
  );
}

function Problem({ screen, reference, home }: { screen: ErrorScreen; reference: string | null; home: Home }) {
  const { pathname, search } = useLocation();
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <p className="font-mono text-sm font-semibold tracking-wider text-danger uppercase">Error {screen.status}</p>
      <div role="alert" className="mt-3">
        <h1 id="error-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {screen.title}
        </h1>
        <p className="mx-auto mt-4 max-w-md text-ink-muted">{screen.message}</p>
      </div>
      {reference ? (
        <p className="mt-6 text-sm text-ink-muted">
          Reference:{" "}
          <code
            id={REFERENCE_ID}
            data-request-id={reference}
            className="rounded bg-surface-sunken px-1.5 py-0.5 font-mono text-ink"
          >
            {reference}
          </code>
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {screen.status >= 500 ? (
          <a href={`${pathname}${search}`} className={primaryButton}>
            Try again
          </a>
        ) : null}
        <Link to={home.to} className={screen.status >= 500 ? secondaryButton : primaryButton}>
          {home.label}
        </Link>
      </div>
    </section>
  );
}
