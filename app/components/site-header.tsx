/**
 * The fixed top bar. Everything works without JavaScript: the Categories dropdown and the mobile
 * menu are <details> elements, and search is a plain GET form to /search. With JavaScript the
 * disclosures also close on outside click, Escape and navigation, and search navigates client-side.
 */
import { type FormEvent, type RefObject, useEffect, useId, useRef } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ChevronIcon, CloseIcon, MenuIcon, SearchIcon } from "~/components/ui/icons";
import { LinkList } from "~/components/ui/link-list";
import { SkipLink } from "~/components/ui/skip-link";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MAIN_NAV, MENU_CATEGORIES } from "~/lib/site-nav";
import { BrandLink } from "./brand";
import { headerSearchHref } from "~/lib/urls";

export type HeaderUser = { name: string };

const linkBase =
  "rounded-md px-2.5 py-2 text-sm font-medium text-ink-muted transition-colors hover:bg-surface-sunken hover:text-ink aria-[current=page]:text-ink aria-[current=page]:bg-surface-sunken";

/** A link of the mobile menu (and of the signed-in reader's pages in it). */
const mobileLink =
  "block rounded-md px-3 py-2.5 text-base font-medium text-ink hover:bg-surface-sunken aria-[current=page]:bg-surface-sunken aria-[current=page]:text-brand";

/** Closes an open <details> on outside click, on Escape (focus back to its summary) and on navigation. */
function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const location = useLocation();

  const lastKey = useRef(location.key);
  useEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);

  useEffect(() => {
    function onPointerDown(event: PointerEvent) {
      const details = ref.current;
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
    function onKeyDown(event: KeyboardEvent) {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [ref]);
}

function HeaderSearch({ className = "", onSearched }: { className?: string; onSearched?: () => void }) {
  const navigate = useNavigate();
  const inputId = useId();
  // Without JavaScript, `required` and `pattern` stop a blank search; with it, a blank search
  // silently does nothing (no validation bubble), so the browser's validation is switched off.
  const enhanced = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const raw = new FormData(form).get("q");
    const query = typeof raw === "string" ? raw.trim() : "";
    if (!query) return; // A blank query does nothing.
    form.reset();
    onSearched?.();
    navigate(headerSearchHref(query));
  }

  return (
    <search className={`block ${className}`}>
      <form action="/search" method="get" onSubmit={onSubmit} noValidate={enhanced} className="relative">
        <label htmlFor={inputId} className="sr-only">
          Search articles
        </label>
        <input
          id={inputId}
          type="search"
          name="q"
          placeholder="Search..."
          required
          pattern=".*\S.*"
          title="Type something to search for"
          autoComplete="off"
          enterKeyHint="search"
          className="h-10 w-full rounded-full border border-line bg-surface-sunken py-2 pr-11 pl-4 text-sm text-ink placeholder:text-ink-muted focus:border-brand focus:bg-surface"
        />
        <button
          type="submit"
          className="absolute top-1 right-1 inline-flex size-8 items-center justify-center rounded-full text-ink-muted hover:bg-surface hover:text-ink"
        >
          <SearchIcon className="size-4" />
          <span className="sr-only">Search</span>
        </button>
      </form>
    </search>
  );
}

function AuthActions({ user, stacked = false }: { user: HeaderUser | null; stacked?: boolean }) {
  const layout = stacked ? "flex flex-col gap-2" : "flex items-center gap-2";
  if (user) {
    return (
      <div className={layout}>
        {stacked ? (
          <>
            <p className="truncate px-3 text-sm font-medium text-ink" title={user.name}>
              <span className="sr-only">Signed in as </span>
              {user.name}
            </p>
            <LinkList items={USER_MENU} className="space-y-1" linkClassName={mobileLink} marksCurrent />
          </>
        ) : (
          <UserMenu name={user.name} />
        )}
        <form method="post" action="/logout">
          <button type="submit" className={buttonClass({ variant: "secondary", className: "w-full" })}>
            Sign out
          </button>
        </form>
      </div>
    );
  }
  return (
    <div className={layout}>
      <Link to="/login" className={buttonClass({ variant: "secondary" })}>
        Login
      </Link>
      <Link to="/register" className={buttonClass()}>
        Register
      </Link>
    </div>
  );
}

/** The signed-in reader's own pages. */
const USER_MENU = [
  { name: "Account", to: "/account" },
  { name: "Reading list", to: "/reading-list" },
] as const;

/** The reader's name opens their menu (a <details>, so it works without JavaScript). */
function UserMenu({ name }: { name: string }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  return (
    <details ref={ref} className="group relative">
      <summary className={`summary-plain inline-flex max-w-44 items-center gap-1 ${linkBase} text-ink`} title={name}>
        <span className="sr-only">Signed in as </span>
        <span className="truncate">{name}</span>
        <ChevronIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
      </summary>
      <LinkList
        items={USER_MENU}
        className="absolute top-full right-0 z-50 mt-2 w-48 rounded-lg border border-line bg-surface-raised p-1.5 shadow-lg"
        linkClassName={`block ${linkBase}`}
        marksCurrent
      />
    </details>
  );
}

function CategoriesDropdown() {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const { pathname } = useLocation();
  const inCategory = MENU_CATEGORIES.some((category) => category.to === pathname);
  return (
    <details ref={ref} className="group relative">
      <summary
        className={`summary-plain inline-flex items-center gap-1 ${linkBase} ${inCategory ? "bg-surface-sunken text-ink" : ""}`}
      >
        Categories
        <ChevronIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <LinkList
        items={MENU_CATEGORIES}
        className="absolute top-full left-0 z-50 mt-2 w-48 rounded-lg border border-line bg-surface-raised p-1.5 shadow-lg"
        linkClassName={`block ${linkBase}`}
        marksCurrent
      />
    </details>
  );
}

function MobileMenu({ user }: { user: HeaderUser | null }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(ref);
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  return (
    <details ref={ref} className="group lg:hidden">
      <summary className="summary-plain inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-surface-sunken">
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
        <span className="sr-only">Menu</span>
      </summary>
      <div
        id="mobile-menu"
        className="absolute inset-x-0 top-full z-40 h-[calc(100dvh-var(--header-height))] overflow-y-auto overscroll-contain border-t border-line bg-surface px-4 pt-4 pb-10 sm:px-6"
      >
        <HeaderSearch className="mb-4" onSearched={close} />
        <nav aria-label="Main (mobile)">
          <ul className="space-y-1">
            {MAIN_NAV.map((item) =>
              item.kind === "categories" ? (
                <li key="categories">
                  <p
                    className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wider text-ink-muted uppercase"
                    id="mobile-categories"
                  >
                    Categories
                  </p>
                  <LinkList
                    aria-labelledby="mobile-categories"
                    items={MENU_CATEGORIES}
                    className="space-y-1 border-l border-line ml-3 pl-2"
                    linkClassName={mobileLink}
                    marksCurrent
                  />
                </li>
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={mobileLink}>
                    {item.name}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="mt-6 border-t border-line pt-6">
          <AuthActions user={user} stacked />
        </div>
      </div>
    </details>
  );
}

export function SiteHeader({ user }: { user: HeaderUser | null }) {
  return (
    <>
      <SkipLink />
      <header className="fixed inset-x-0 top-0 z-50 h-(--header-height) border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
        <div className="mx-auto flex h-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-6">
          <BrandLink className="shrink-0 text-lg font-extrabold" />

          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-0.5">
              {MAIN_NAV.map((item) =>
                item.kind === "categories" ? (
                  <li key="categories">
                    <CategoriesDropdown />
                  </li>
                ) : (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.end} className={`whitespace-nowrap ${linkBase}`}>
                      {item.name}
                    </NavLink>
                  </li>
                ),
              )}
            </ul>
          </nav>

          <div className="ml-auto hidden items-center gap-3 lg:flex">
            <HeaderSearch className="w-36 xl:w-56" />
            <AuthActions user={user} />
          </div>

          <div className="ml-auto lg:hidden">
            <MobileMenu user={user} />
          </div>
        </div>
      </header>
    </>
  );
}
