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
