/**
 * The admin sidebar: each entry with the permission it needs (app/auth/permissions.ts). The shell
 * shows only the entries the signed-in person's role holds; each page's loader checks the same
 * permission on the server.
 */
import type { Permission } from "~/auth/permissions";

export type AdminNavIcon =
  | "dashboard"
  | "add"
  | "review"
  | "media"
  | "comments"
  | "categories"
  | "questions"
  | "profile"
  | "pages"
  | "inbox"
  | "people"
  | "settings"
  | "audit"
  | "export"
  | "import"
  | "subscribers";

export type AdminNavItem = { to: string; label: string; icon: AdminNavIcon; permission: Permission };

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: "/admin/dashboard", label: "Dashboard", icon: "dashboard", permission: "admin.enter" },
  { to: "/admin/articles/new", label: "New Article", icon: "add", permission: "article.write" },
  { to: "/admin/review", label: "Review", icon: "review", permission: "article.review" },
  { to: "/admin/media", label: "Media", icon: "media", permission: "media.upload" },
  { to: "/admin/comments", label: "Comments", icon: "comments", permission: "comments.moderate" },
  { to: "/admin/subscribers", label: "Subscribers", icon: "subscribers", permission: "subscribers.manage" },
  { to: "/admin/categories", label: "Categories", icon: "categories", permission: "categories.manage" },
  { to: "/admin/series", label: "Series", icon: "categories", permission: "series.manage" },
  { to: "/admin/tags", label: "Tags", icon: "categories", permission: "tags.manage" },
  { to: "/admin/questions", label: "Questions", icon: "questions", permission: "questions.manage" },
  { to: "/admin/pages", label: "Pages", icon: "pages", permission: "pages.manage" },
  { to: "/admin/inbox", label: "Inbox", icon: "inbox", permission: "inbox.read" },
  { to: "/admin/people", label: "People", icon: "people", permission: "people.manage" },
  { to: "/admin/settings", label: "Settings", icon: "settings", permission: "settings.manage" },
  { to: "/admin/audit", label: "Audit log", icon: "audit", permission: "audit.read" },
  { to: "/admin/export", label: "Export", icon: "export", permission: "site.export" },
  { to: "/admin/import", label: "Import", icon: "import", permission: "site.import" },
  { to: "/admin/integrations", label: "Integrations", icon: "settings", permission: "integrations.manage" },
  { to: "/admin/profile", label: "Your profile", icon: "profile", permission: "profile.edit-own" },
];
