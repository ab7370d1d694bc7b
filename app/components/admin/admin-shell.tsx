/**
 * The admin panel's frame: a sidebar (Dashboard, New Article, Media, Sign Out) beside the page. On
 * small screens the sidebar becomes a bar above the page. Sign Out is a form (POST), so it works
 * without JavaScript and a link prefetch can never sign anyone out.
 */
import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { BrandLink } from "~/components/brand";
import { StrokeIcon } from "~/components/ui/icons";
import { SkipLink } from "~/components/ui/skip-link";

const navLink =
  "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-ink-muted transition-colors hover:bg-surface-sunken hover:text-ink aria-[current=page]:bg-brand-soft aria-[current=page]:text-ink";

function Icon({ path }: { path: string }) {
  return (
    <StrokeIcon viewBox="0 0 24 24" strokeWidth="1.8" className="size-4 shrink-0">
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </StrokeIcon>
  );
}

const ICONS = {
  dashboard: "M4 5h7v6H4zM13 5h7v3h-7zM13 10h7v9h-7zM4 13h7v6H4z",
  add: "M12 5v14M5 12h14",
  media: "M4 5h16v14H4zM4 15l4-4 5 5M13 13l2-2 5 5M15 9h.01",
  site: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  signOut: "M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10",
};

export function AdminShell({ admin, children }: { admin: { name: string; email: string }; children: ReactNode }) {
  const { pathname } = useLocation();
  const onDashboard = pathname === "/admin" || pathname === "/admin/" || pathname.startsWith("/admin/dashboard");
  return (
    <div className="min-h-dvh bg-surface-sunken md:flex">
      <SkipLink />
      <aside className="border-b border-line bg-surface md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 md:block md:px-5 md:py-6">
          <BrandLink to="/admin/dashboard" className="text-base font-bold whitespace-nowrap">
            {" "}
            <span className="ml-1 rounded bg-brand-soft px-1.5 py-0.5 align-middle text-xs font-semibold text-ink">
              Admin
            </span>
          </BrandLink>
          <p className="hidden truncate text-xs text-ink-muted md:mt-3 md:block" title={admin.email}>
            Signed in as <span className="font-medium text-ink">{admin.name}</span>
          </p>
        </div>
        <nav aria-label="Admin" className="px-2 pb-2 md:flex md:flex-1 md:flex-col md:px-3 md:pb-6">
          <ul className="flex flex-wrap gap-1 md:flex-1 md:flex-col">
            <li>
              {/* /admin is the dashboard too, so its link is current on both. */}
              <Link to="/admin/dashboard" className={navLink} aria-current={onDashboard ? "page" : undefined}>
                <Icon path={ICONS.dashboard} />
                Dashboard
              </Link>
            </li>
            <li>
              <NavLink to="/admin/articles/new" end className={navLink}>
                <Icon path={ICONS.add} />
                New Article
              </NavLink>
            </li>
            <li>
              <NavLink to="/admin/media" className={navLink}>
                <Icon path={ICONS.media} />
                Media
              </NavLink>
            </li>
            <li>
              <Link to="/" className={navLink}>
                <Icon path={ICONS.site} />
                View site
              </Link>
            </li>
            <li className="md:mt-auto">
              <Form method="post" action="/admin/logout">
                <button type="submit" className={`${navLink} w-full`}>
                  <Icon path={ICONS.signOut} />
                  Sign Out
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}

/** The heading row every admin page starts with. */
export function AdminPageHeader({ title, lead, actions }: { title: string; lead?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {lead ? <p className="mt-1 text-sm text-ink-muted">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
