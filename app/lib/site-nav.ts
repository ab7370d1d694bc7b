/**
 * The site's navigation, written once: the category links every menu picks from, and the
 * header's main navigation (the desktop bar and the mobile menu draw the same list).
 */
import { categoryHref } from "./urls";

export type NavLinkItem = { name: string; to: string };

const category = (slug: string, name: string): NavLinkItem => ({ name, to: categoryHref(slug) });

/** Every category that a menu, the footer, a tile or an error page links to, by slug. */
export const CATEGORY_LINKS = {
  javascript: category("javascript", "JavaScript"),
  react: category("react", "React"),
  typescript: category("typescript", "TypeScript"),
  css: category("css", "CSS"),
  nodejs: category("nodejs", "Node.js"),
  database: category("database", "Database"),
  aiDevelopment: category("ai-development", "AI & Development"),
  devops: category("devops", "DevOps"),
  devtools: category("devtools", "DevTools"),
  tutorials: category("tutorials", "Tutorials"),
  opinions: category("opinions", "Opinions"),
} as const satisfies Record<string, NavLinkItem>;

/** The header's Categories menu (the spec's four entries); the footer's Explore Articles starts with them. */
export const MENU_CATEGORIES: readonly NavLinkItem[] = [
  CATEGORY_LINKS.javascript,
  CATEGORY_LINKS.react,
  CATEGORY_LINKS.css,
  CATEGORY_LINKS.devtools,
];

/** The header's main navigation, in order; `categories` is where the Categories menu goes. */
export const MAIN_NAV: readonly ({ kind: "link"; name: string; to: string; end?: boolean } | { kind: "categories" })[] =
  [
    { kind: "link", name: "Home", to: "/", end: true },
    { kind: "categories" },
    { kind: "link", name: "Interview Prep", to: "/interview-prep" },
    { kind: "link", ...CATEGORY_LINKS.tutorials },
    { kind: "link", name: "About", to: "/about" },
  ];
