/**
 * The admin panel's frame: a sidebar (the entries of app/lib/admin-nav.ts this role may use, View
 * site, Sign Out) beside the page. On
 * small screens the sidebar becomes a bar above the page. Sign Out is a form (POST), so it works
 * without JavaScript and a link prefetch can never sign anyone out.
 */
import type { ReactNode } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { Permission } from "~/auth/permissions";
import { BrandLink } from "~/components/brand";
import { ADMIN_NAV, type AdminNavIcon } from "~/components/admin/admin-nav";
import { textLinkClass } from "~/components/ui/button";
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

const ICONS: Record<AdminNavIcon | "site" | "signOut", string> = {
  dashboard: "M4 5h7v6H4zM13 5h7v3h-7zM13 10h7v9h-7zM4 13h7v6H4z",
  add: "M12 5v14M5 12h14",
  review: "M9 11l3 3 8-8M20 12v6a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h9",
  media: "M4 5h16v14H4zM4 15l4-4 5 5M13 13l2-2 5 5M15 9h.01",
  comments: "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z",
  categories: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z",
  questions: "M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Z",
  profile: "M20 21a8 8 0 0 0-16 0M12 13a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z",
  pages: "M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9zM14 3v6h6M8 13h8M8 17h5",
  inbox: "M22 12h-6l-2 3h-4l-2-3H2M5.5 5h13L22 12v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-6z",
  people:
    "M17 21v-2a4 4 0 0 0-4-4H5a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM23 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z",
  audit: "M12 8v4l3 3M3 12a9 9 0 1 0 9-9 9 9 0 0 0-6.4 2.6L3 8M3 3v5h5",
  export: "M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3",
  import: "M12 15V3m0 0L8 7m4-4 4 4M4 17v3h16v-3",
  subscribers: "M4 6h16v12H4zM4 7l8 6 8-6",
  site: "M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  signOut: "M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10",
};

export type AdminIdentity = { name: string; email: string; roleLabel: string; permissions: readonly Permission[] };

export function AdminShell({ admin, children }: { admin: AdminIdentity; children: ReactNode }) {
  const items = ADMIN_NAV.filter((item) => admin.permissions.includes(item.permission));
  const { pathname } = useLocation();
  const onDashboard = pathname === "/admin" || pathname === "/admin/" || pathname.startsWith("/admin/dashboard");
  return (
    <div className="min-h-dvh bg-surface-sunken md:flex">
      <SkipLink />
      <aside className="border-b border-line bg-surface md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0 md:flex-col md:overflow-y-auto md:border-r md:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 md:block md:px-5 md:py-6">
          <BrandLink to="/admin/dashboard" className="text-base font-bold whitespace-nowrap">
            {" "}
            <span className="ml-1 rounded bg-brand-soft px-1.5 py-0.5 align-middle text-xs font-semibold text-ink">
              Admin
            </span>
          </BrandLink>
          <p className="hidden truncate text-xs text-ink-muted md:mt-3 md:block" title={admin.email}>
            Signed in as <span className="font-medium text-ink">{admin.name}</span> ({admin.roleLabel})
          </p>
        </div>
        <nav aria-label="Admin" className="px-2 pb-2 md:flex md:flex-1 md:flex-col md:px-3 md:pb-6">
          <ul className="flex flex-wrap gap-1 md:flex-1 md:flex-col">
            {items.map((item) => (
              <li key={item.to}>
                {item.icon === "dashboard" ? (
                  // /admin is the dashboard too, so its link is current on both.
                  <Link to={item.to} className={navLink} aria-current={onDashboard ? "page" : undefined}>
                    <Icon path={ICONS.dashboard} />
                    {item.label}
                  </Link>
                ) : (
                  <NavLink to={item.to} end={item.icon === "add"} className={navLink}>
                    <Icon path={ICONS[item.icon]} />
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
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

/**
 * A panel of an admin page (a form, a summary): a bordered section named by its heading. `danger`
 * draws the border of a page's destructive part (delete, merge).
 */
export function AdminSection({
  id,
  title,
  danger = false,
  className = "mt-8",
  headingClassName = "",
  testId,
  children,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: ReactNode;
  danger?: boolean;
  /** Its margin in the page. */
  className?: string;
  /** The space under the heading. */
  headingClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  const border = danger ? "border-danger-line" : "border-line";
  return (
    <section
      aria-labelledby={id}
      className={`${className} rounded-xl border ${border} bg-surface p-4 shadow-sm sm:p-6`.trim()}
      data-testid={testId}
    >
      <h2 id={id} className={`${headingClassName} text-lg font-semibold text-ink`.trim()}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * An edit page's lead under its title: the page's public address (a link), what else there is to
 * say of it, and the way back to its list: "/tag/rust · 3 articles · All tags".
 */
export function AddressLead({
  to,
  address,
  note,
  back,
  backLabel,
}: {
  to: string;
  /** The address as shown: "/category/rust". */
  address: string;
  note?: ReactNode;
  back: string;
  backLabel: string;
}) {
  return (
    <>
      <Link to={to} className="font-mono text-brand underline-offset-4 hover:underline">
        {address}
      </Link>{" "}
      · {note ? <>{note} · </> : null}
      <Link to={back} className={textLinkClass}>
        {backLabel}
      </Link>
    </>
  );
}
