/**
 * Who may do what: the one permissions module. Pure (no server imports) so the UI shows only what
 * a role may do with the same rules the server enforces; every loader and action checks through
 * `requirePermission` / `requireStaff` (guards.server.ts) or `can()` for ownership rules.
 *
 * The README's "Who may do what" table is this table (a test compares them).
 */
import type { Role } from "~/db/schema";

export { ROLES, type Role } from "~/db/schema";

/** Staff roles in order of rights; a reader has no admin panel. */
export const STAFF_ROLES = ["contributor", "author", "editor", "administrator"] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  reader: "Reader",
  contributor: "Contributor",
  author: "Author",
  editor: "Editor",
  administrator: "Administrator",
};

/** Every permission, with the README's wording. */
export const PERMISSIONS = {
  "admin.enter": "Open the admin panel",
  "article.write": "Write drafts of their own articles and submit them for review",
  "article.publish-own": "Publish and unpublish their own articles",
  "article.edit-any": "Edit, publish and delete anyone's articles; see all drafts",
  "article.schedule": "Schedule articles",
  "article.review": "Review submitted drafts (approve or return)",
  "media.upload": "Upload images",
  "media.delete": "Delete images from the media library",
  "profile.edit-own": "Edit their own author profile",
  "comments.moderate": "Moderate comments and block commenters",
  "subscribers.manage": "See, search, export and import newsletter subscribers",
  "categories.manage": "Create, rename and delete categories",
  "series.manage": "Create, rename, describe, reorder and delete series",
  "tags.manage": "Rename and merge tags",
  "questions.manage": "Create, edit, delete and reorder interview questions",
  "pages.manage": "Edit site pages (terms, privacy, FAQ, …)",
  "inbox.read": "Read the contact and Write for Us inbox",
  "people.manage": "Invite people, change roles, suspend accounts",
  "settings.manage": "Edit site settings",
  "audit.read": "Read the audit log",
  "site.export": "Export the whole publication as a zip",
  "site.import": "Import articles from Ghost, dev.to, Markdown folders or an export",
  "integrations.manage": "Create integrations (API keys for other programs), regenerate and revoke their keys",
} as const;
export type Permission = keyof typeof PERMISSIONS;

/** The lowest role holding each permission (roles are cumulative). */
const MINIMUM_ROLE: Record<Permission, StaffRole> = {
  "admin.enter": "contributor",
  "article.write": "contributor",
  "article.publish-own": "author",
  "article.edit-any": "editor",
  "article.schedule": "editor",
  "article.review": "editor",
  "media.upload": "contributor",
  "media.delete": "editor",
  "profile.edit-own": "contributor",
  "comments.moderate": "editor",
  "subscribers.manage": "editor",
  "categories.manage": "editor",
  "series.manage": "editor",
  "tags.manage": "administrator",
  "questions.manage": "editor",
  "pages.manage": "administrator",
  "inbox.read": "administrator",
  "people.manage": "administrator",
  "settings.manage": "administrator",
  "audit.read": "administrator",
  "site.export": "administrator",
  "site.import": "administrator",
  "integrations.manage": "administrator",
};

const RANK: Record<Role, number> = { reader: 0, contributor: 1, author: 2, editor: 3, administrator: 4 };

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export function isRole(role: string): role is Role {
  return role in RANK;
}

/** Whether `role` holds `permission`. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  if (!role) return false;
  return RANK[role] >= RANK[MINIMUM_ROLE[permission]];
}

/** Every permission of a role, for the UI (sent once by the admin layout). */
export function permissionsOf(role: Role | null | undefined): Permission[] {
  return (Object.keys(MINIMUM_ROLE) as Permission[]).filter((permission) => can(role, permission));
}

/** The minimum role of each permission (README table, tests). */
export function minimumRole(permission: Permission): StaffRole {
  return MINIMUM_ROLE[permission];
}

/**
 * Articles: may this person open it in the editor? Editors and administrators: any article.
 * Others: only their own (the article's author profile is linked to them); a contributor's own
 * article only while it is not published (once published, it belongs to the editors).
 */
export function canEditArticle(
  user: { id: number; role: Role },
  article: { authorUserId: number | null; status: "draft" | "scheduled" | "published" },
): boolean {
  if (can(user.role, "article.edit-any")) return true;
  if (!can(user.role, "article.write") || article.authorUserId !== user.id) return false;
  return can(user.role, "article.publish-own") || article.status === "draft";
}

/** May this person make the article live (or take it down)? */
export function canPublishArticle(user: { id: number; role: Role }, article: { authorUserId: number | null }): boolean {
  if (can(user.role, "article.edit-any")) return true;
  return can(user.role, "article.publish-own") && article.authorUserId === user.id;
}
