/**
 * URLs of the site's pages, built in one place. Page 1 and default options are left out, so each
 * page has one URL (the pagination rule in ./pagination.ts redirects the others).
 */
import type { ModerationFilter } from "./comment-schema";
import type { DashboardStatusFilter } from "./dashboard-status";
import type { ConflictPolicy } from "./import-options";
import type { InboxFilter } from "./message-schemas";

export type ListView = "grid" | "list";

function withQuery(path: string, params: URLSearchParams) {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function postHref(slug: string) {
  return `/post/${encodeURIComponent(slug)}`;
}

/** Where the article's comments are shown without JavaScript (and where comment forms post). */
export function commentsHref(slug: string, anchor = "comments") {
  return `${commentsPageHref(slug)}#${anchor}`;
}

/** The article page with every comment rendered (comment forms post there). */
export function commentsPageHref(slug: string) {
  return `/post/${slug}?comments=all`;
}

/** One comment on the article page. */
export function commentHref(slug: string, commentId: number) {
  return commentsHref(slug, `comment-${commentId}`);
}

/** The comments fragment Load Comments fetches with JavaScript. */
export function commentsFragmentHref(slug: string) {
  return `/post/${slug}/comments`;
}

/** The article with its whole body (the "Read the full article" link of a long one). */
export function postFullHref(slug: string) {
  return `/post/${slug}?full=1`;
}

export function categoryHref(slug: string, options: { page?: number; view?: ListView } = {}) {
  const params = new URLSearchParams();
  if (options.page && options.page > 1) params.set("page", String(options.page));
  if (options.view === "list") params.set("view", "list");
  return withQuery(`/category/${encodeURIComponent(slug)}`, params);
}

export function whatsNewHref(page = 1) {
  const params = new URLSearchParams();
  if (page > 1) params.set("page", String(page));
  return withQuery("/whats-new", params);
}

/** A search; an empty keyword and page 1 are left out. */
export function searchHref({
  q,
  categoryIds,
  tags = [],
  page = 1,
}: {
  q: string;
  categoryIds: readonly number[];
  /** Tag slugs. */
  tags?: readonly string[];
  page?: number;
}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  for (const id of categoryIds) params.append("category", String(id));
  for (const slug of tags) params.append("tag", slug);
  if (page > 1) params.set("page", String(page));
  return withQuery("/search", params);
}

/**
 * The header's search (spec: `/search?q={query}`, URL-encoded with encodeURIComponent). Its
 * canonical address is `searchHref`'s form encoding (spaces as `+`), which a document request
 * is redirected to; the header navigates in the app, where no redirect is needed.
 */
export function headerSearchHref(q: string) {
  return `/search?q=${encodeURIComponent(q)}`;
}

/** The admin dashboard with its title search. */
export function dashboardHref({
  q = "",
  page = 1,
  status = "all",
}: {
  q?: string;
  page?: number;
  status?: DashboardStatusFilter;
} = {}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status !== "all") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/dashboard", params);
}

/** An author's page (/author/{slug}); page 1 is left out. */
export function authorHref(slug: string, options: { page?: number } = {}) {
  const params = new URLSearchParams();
  if (options.page && options.page > 1) params.set("page", String(options.page));
  return withQuery(`/author/${encodeURIComponent(slug)}`, params);
}

/** An author's feed. */
export function authorFeedHref(slug: string) {
  return `/author/${slug}/rss.xml`;
}

/** A tag's page (/tag/{slug}); page 1 is left out. */
export function tagHref(slug: string, options: { page?: number } = {}) {
  const params = new URLSearchParams();
  if (options.page && options.page > 1) params.set("page", String(options.page));
  return withQuery(`/tag/${encodeURIComponent(slug)}`, params);
}

/** A tag's feed. */
export function tagFeedHref(slug: string) {
  return `/tag/${slug}/rss.xml`;
}

/** A series' page (/series/{slug}). */
export function seriesHref(slug: string) {
  return `/series/${encodeURIComponent(slug)}`;
}

/** A series' feed. */
export function seriesFeedHref(slug: string) {
  return `/series/${slug}/rss.xml`;
}

/** A category's feed. */
export function categoryFeedHref(slug: string) {
  return `/category/${slug}/rss.xml`;
}

/** Interview prep, filtered by a category or not. */
export function interviewPrepHref(categorySlug: string | null = null) {
  return categorySlug ? `/interview-prep?category=${categorySlug}` : "/interview-prep";
}

/** Sign-in (or linking) through an OAuth provider. */
export function oauthHref(provider: string) {
  return `/auth/${provider}`;
}

/** A private preview link's page. */
export function previewHref(token: string) {
  return `/preview/${token}`;
}

/** An invitation's page. */
export function inviteHref(token: string) {
  return `/invite/${token}`;
}

// Admin pages ------------------------------------------------------------------------------

export function newArticleHref() {
  return "/admin/articles/new";
}

export function articleEditHref(id: number) {
  return `/admin/articles/edit/${id}`;
}

export function articleHistoryHref(id: number) {
  return `/admin/articles/${id}/history`;
}

export function articleDeleteHref(id: number) {
  return `/admin/articles/delete/${id}`;
}

export function articleAutosaveHref(id: number) {
  return `/admin/articles/${id}/autosave`;
}

export function adminCategoryHref(id: number | null = null) {
  return id === null ? "/admin/categories" : `/admin/categories/${id}`;
}

export function adminSeriesHref(id: number | null = null) {
  return id === null ? "/admin/series" : `/admin/series/${id}`;
}

export function adminTagsHref({ q = "", page = 1 }: { q?: string; page?: number } = {}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/tags", params);
}

/** The Integrations screen; `edit`: with one integration's edit form open. */
export function adminIntegrationsHref({ edit = null }: { edit?: number | null } = {}) {
  return edit === null ? "/admin/integrations" : `/admin/integrations?edit=${edit}`;
}

/** Where Ghost's API clients point: the site's origin (they add /ghost/api/…). */
export const GHOST_API_PATH = "/ghost/api/";

export function adminTagHref(id: number) {
  return `/admin/tags/${id}`;
}

export function adminAuthorHref(id: number) {
  return `/admin/authors/${id}`;
}

export function adminQuestionHref(id: number) {
  return `/admin/questions/${id}`;
}

export function adminPageHref(slug: string) {
  return `/admin/pages/${slug}`;
}

/** /admin/import, or one import run there (its preview with a conflict choice other than rename). */
export function adminImportHref(run?: number, conflict?: ConflictPolicy) {
  const params = new URLSearchParams();
  if (run !== undefined) params.set("run", String(run));
  if (conflict && conflict !== "rename") params.set("conflict", conflict);
  return withQuery("/admin/import", params);
}

/** The JSON upload endpoint of the import page (JavaScript's upload with progress). */
export const ADMIN_IMPORT_UPLOAD_PATH = "/admin/import/upload";

/** /admin/media: search and page. */
export function mediaLibraryHref(query: string, page = 1) {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/media", params);
}

/** /admin/comments: the moderation queue by status and page. */
export function moderationHref(filter: ModerationFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== "pending") params.set("status", filter);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/comments", params);
}

/** /admin/inbox: its filter and page (defaults left out). */
export function inboxHref({ status = "inbox", page = 1 }: { status?: InboxFilter; page?: number } = {}) {
  const params = new URLSearchParams();
  if (status !== "inbox") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/inbox", params);
}

export function inboxMessageHref(id: number) {
  return `/admin/inbox/${id}`;
}

/** /admin/people: search and page (page 1 and an empty search left out). */
export function peopleHref({ q = "", page = 1 }: { q?: string; page?: number } = {}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/people", params);
}

/** The newsletter's subscribe page (and where every subscribe form posts). */
export function subscribeHref() {
  return "/subscribe";
}

/** The page a confirmation mail links to (its button confirms with a POST). */
export function subscribeConfirmHref(token: string) {
  return `/subscribe/confirm/${encodeURIComponent(token)}`;
}

/** A subscriber's manage page (the signed link in every newsletter). */
export function subscriptionHref(token: string) {
  return `/subscription/${encodeURIComponent(token)}`;
}

/** A subscriber's unsubscribe link (List-Unsubscribe, RFC 8058: a POST ends the subscription). */
export function subscriptionUnsubscribeHref(token: string) {
  return `/subscription/${encodeURIComponent(token)}/unsubscribe`;
}

/** /admin/subscribers: search and page (page 1 and an empty search left out). */
export function adminSubscribersHref({ q = "", page = 1 }: { q?: string; page?: number } = {}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  return withQuery("/admin/subscribers", params);
}

/** The subscribers as CSV (streamed). */
export function adminSubscribersCsvHref() {
  return "/admin/subscribers.csv";
}

/** /admin/audit: by person, by kind, and older than an entry. */
export function auditHref({
  actor,
  kind,
  before,
}: {
  actor?: number | null;
  kind?: string | null;
  before?: number | null;
} = {}) {
  const params = new URLSearchParams();
  if (actor) params.set("actor", String(actor));
  if (kind) params.set("kind", kind);
  if (before) params.set("before", String(before));
  return withQuery("/admin/audit", params);
}

/** The reader's reading list with its title search and category filter. */
export function readingListHref({
  q = "",
  category = "",
  page = 1,
}: {
  q?: string;
  category?: string | null;
  page?: number;
} = {}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  return withQuery("/reading-list", params);
}

/**
 * A save begun while signed out, as the sign-in's redirectTo: the sign-in completes it (see
 * pendingSaveOf) and goes back to `returnTo`, where the reader was. Reached signed in, the
 * address is a page with one Save button whose POST saves (a GET never saves).
 */
export function readingListSaveHref(articleId: number, returnTo: string) {
  return withQuery("/reading-list/save", new URLSearchParams({ article: String(articleId), return: returnTo || "/" }));
}

/**
 * The save a sign-in's `redirectTo` asks for (a readingListSaveHref address), or null: the
 * sign-in POST completes it, so the reader lands back where they were with the article saved.
 */
export function pendingSaveOf(redirectTo: string): { articleId: number; returnTo: string } | null {
  let url: URL;
  try {
    url = new URL(redirectTo, "http://local.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://local.invalid" || url.pathname !== "/reading-list/save") return null;
  const raw = url.searchParams.get("article") ?? "";
  const articleId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (articleId < 1 || articleId > 2_147_483_647) return null;
  return { articleId, returnTo: url.searchParams.get("return") || "/" };
}

/** The sign-in page that comes back to `target` afterwards. */
export function loginHref(target: string) {
  return target === "/" ? "/login" : withQuery("/login", new URLSearchParams({ redirectTo: target }));
}
