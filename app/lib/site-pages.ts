/**
 * The site's own pages (terms, privacy, FAQ, …): markdown in the pages table, edited by
 * administrators at /admin/pages. Each is served at /{slug}; the footer links to them.
 */
export const SITE_PAGES = [
  { slug: "terms", title: "Terms of Service" },
  { slug: "privacy", title: "Privacy Policy" },
  { slug: "refund-policy", title: "Refund Policy" },
  { slug: "accessibility", title: "Accessibility Policy" },
  { slug: "faq", title: "FAQ" },
  { slug: "best-practices", title: "Best Practices" },
  { slug: "contribute", title: "Contribute" },
  { slug: "partnerships", title: "Partnerships" },
] as const;

export type SitePageSlug = (typeof SITE_PAGES)[number]["slug"];

export const SITE_PAGE_SLUGS: ReadonlySet<string> = new Set(SITE_PAGES.map((page) => page.slug));

export const sitePageHref = (slug: string) => `/${slug}`;

/** The key of a site page body's HTML in the document (html-once). */
export const SITE_PAGE_BODY_KEY = "site-page";

/**
 * The app's own first path segments (app/routes.ts): a page with one of these slugs could not be
 * served at /{slug}, so an imported page never takes one (tests/lib/site-pages.test.ts compares
 * this list with the route table).
 */
export const RESERVED_PAGE_SLUGS: ReadonlySet<string> = new Set([
  "about",
  "account",
  "admin",
  "article",
  "auth",
  "author",
  "category",
  "contact",
  "feed",
  "forgot-password",
  "ghost",
  "healthz",
  "interview-prep",
  "invite",
  "login",
  "logout",
  "media",
  "metrics",
  "post",
  "preview",
  "reading-list",
  "readyz",
  "register",
  "reset-password",
  "search",
  "series",
  "setup",
  "sitemaps",
  "subscribe",
  "subscription",
  "tag",
  "unsubscribe",
  "verify-email",
  "whats-new",
  "write-for-us",
]);
