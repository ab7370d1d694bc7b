import { sql } from "drizzle-orm";
import type { ArticleInput } from "~/lib/article-schema";
import type { ConflictPolicy, ImportRunStatus } from "~/lib/import-options";
import type { TocEntry } from "~/lib/toc";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    // Null for accounts that only ever signed in through OAuth.
    passwordHash: text("password_hash"),
    fullName: text("full_name").notNull(),
    // What this person may do (app/auth/permissions.ts): readers have no admin panel.
    role: text("role").$type<Role>().notNull().default("reader"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    // A suspended account cannot sign in; its sessions are deleted when it is suspended.
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    // Set by a moderator: this person may no longer comment.
    commentsBlockedAt: timestamp("comments_blocked_at", { withTimezone: true }),
    // Mail preferences (one-click unsubscribe turns these off).
    notifyOnComment: boolean("notify_on_comment").notNull().default(true),
    notifyOnReply: boolean("notify_on_reply").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_email_shape", sql`${t.email} ~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$'`),
    check("users_full_name_present", sql`length(trim(${t.fullName})) > 0`),
    check("users_role_known", sql`${t.role} in ('reader', 'contributor', 'author', 'editor', 'administrator')`),
    // People page: staff first; "the last administrator" check.
    index("users_role_idx").on(t.role),
  ],
);

export const oauthAccounts = pgTable(
  "oauth_accounts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerAccountId: text("provider_account_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("oauth_accounts_provider_account_key").on(t.provider, t.providerAccountId),
    index("oauth_accounts_user_id_idx").on(t.userId),
    check("oauth_accounts_provider_known", sql`${t.provider} in ('github', 'google')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the random token in the cookie: a leaked table cannot be replayed.
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_expires_at_idx").on(t.expiresAt)],
);

/** Single-use tokens mailed to users: email verification and password reset. */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    // What the token carries besides its user (change-email: the new address).
    payload: text("payload"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_tokens_token_hash_key").on(t.tokenHash),
    index("user_tokens_user_purpose_idx").on(t.userId, t.purpose),
    check("user_tokens_purpose_known", sql`${t.purpose} in ('verify-email', 'reset-password', 'change-email')`),
  ],
);

/** Fixed-window counters shared by every app instance (sign-in, registration, mails). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull().default(0),
    windowStartsAt: timestamp("window_starts_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limits_window_idx").on(t.windowStartsAt)],
);

export const authors = pgTable(
  "authors",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    // The public page: /author/{slug}. Left out on insert, the database derives it from the name
    // (trigger authors_default_slug, migration 0004): every way of creating a profile gets one.
    slug: text("slug")
      .notNull()
      .$defaultFn(() => sql`null`),
    avatarUrl: text("avatar_url"),
    bio: text("bio"),
    // A deleted user keeps their byline: the profile just loses its link.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("authors_user_id_key").on(t.userId),
    uniqueIndex("authors_slug_key").on(t.slug),
    check("authors_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const ROLES = ["reader", "contributor", "author", "editor", "administrator"] as const;
export type Role = (typeof ROLES)[number];

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [
    uniqueIndex("categories_name_lower_key").on(sql`lower(${t.name})`),
    uniqueIndex("categories_slug_key").on(t.slug),
    check("categories_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** Slugs a renamed category used to have: /category/{old} answers 301 to its current slug. */
export const categoryRedirects = pgTable(
  "category_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("category_redirects_category_idx").on(t.categoryId)],
);

/**
 * A series of articles read in order (issue 26): /series/{slug}. Its parts are series_parts rows;
 * their `position` orders them (1..n, renumbered under the series row's lock:
 * app/taxonomy/series.server.ts). A draft part is not shown publicly and not counted.
 */
export const series = pgTable(
  "series",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("series_slug_key").on(t.slug),
    uniqueIndex("series_name_lower_key").on(sql`lower(${t.name})`),
    check("series_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("series_name_present", sql`length(trim(${t.name})) > 0`),
  ],
);

export type { TocEntry } from "~/lib/toc";

export const articles = pgTable(
  "articles",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull(),
    // Rendered once at save time (see app/markdown): reads never parse markdown.
    contentHtml: text("content_html").notNull(),
    // The first paragraphs of a long article, rendered; null when the article is short.
    previewHtml: text("preview_html"),
    toc: jsonb("toc").$type<TocEntry[]>().notNull().default([]),
    readingMinutes: integer("reading_minutes").notNull().default(1),
    excerpt: text("excerpt"),
    imageUrl: text("image_url"),
    // Where the article was first published, when that is another site (a cross-post): the
    // page's rel=canonical names it and the sitemap leaves the article out. Null: this site.
    canonicalUrl: text("canonical_url"),
    // Deleting a category or author must not delete articles: they fall back to General / Anonymous.
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    authorId: integer("author_id").references(() => authors.id, { onDelete: "set null" }),
    featured: boolean("featured").notNull().default(false),
    // Editorial status (app/articles/editorial.server.ts): only 'published' rows are public.
    status: text("status").$type<ArticleStatus>().notNull().default("published"),
    // Set while status = 'scheduled': when the scheduler publishes it (UTC).
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    // Why the scheduler could not publish it (shown on the dashboard); cleared by the next save.
    publishError: text("publish_error"),
    // Null for drafts and scheduled articles (and for an unpublished one).
    publishedAt: timestamp("published_at", { withTimezone: true }).defaultNow(),
    // When public content last changed (feeds, sitemap, the article page).
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // The editor's version (optimistic concurrency): moves with every editorial write, autosaves
    // and staged edits included, which readers never see.
    revisedAt: timestamp("revised_at", { withTimezone: true }).notNull().defaultNow(),
    // A contributor's draft waiting in the review queue (null when not submitted).
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    // The editor's note when a draft was returned to its author.
    reviewNote: text("review_note"),
    // Staged edits not yet live (an autosave, a saved draft of a published article).
    pendingRevisionId: integer("pending_revision_id").references((): AnyPgColumn => articleRevisions.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("articles_slug_key").on(t.slug),
    check("articles_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("articles_title_present", sql`length(trim(${t.title})) > 0`),
    check("articles_reading_minutes_positive", sql`${t.readingMinutes} > 0`),
    // Home, feeds, sitemap, dashboard: newest first.
    index("articles_published_idx").on(t.publishedAt.desc(), t.id.desc()),
    // Category pages and What's New: one category's published articles, newest first.
    // (status is in the key, not a partial predicate: the page is then an index-only scan.)
    index("articles_category_published_idx").on(t.categoryId, t.status, t.publishedAt.desc(), t.id.desc()),
    index("articles_author_id_idx").on(t.authorId),
    index("articles_featured_published_idx")
      .on(t.publishedAt.desc())
      .where(sql`${t.featured} and ${t.status} = 'published'`),
    // The dashboard's Drafts and Scheduled filters (newest first: their published_at is null).
    // Public lists walk the indexes above and skip the few unpublished rows.
    index("articles_status_id_idx").on(t.status, t.id.desc()),
    // The scheduler's due rows.
    index("articles_scheduled_due_idx")
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'scheduled' and ${t.publishError} is null`),
    // The review queue: submitted drafts, oldest first.
    index("articles_review_queue_idx").on(t.submittedAt).where(sql`${t.submittedAt} is not null`),
    // Thinning revisions sets this to null (ON DELETE SET NULL): the lookup needs an index.
    index("articles_pending_revision_idx").on(t.pendingRevisionId),
    check("articles_status_known", sql`${t.status} in ('draft', 'scheduled', 'published')`),
    check("articles_scheduled_has_time", sql`${t.status} <> 'scheduled' or ${t.scheduledAt} is not null`),
    check("articles_published_has_time", sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
    check("articles_unpublished_no_time", sql`${t.status} = 'published' or ${t.publishedAt} is null`),
  ],
);

/**
 * An article's place in a series (at most one): its series and position. Deleting the series or
 * the article deletes the row (the article then is in no series).
 */
export const seriesParts = pgTable(
  "series_parts",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    // A series page and an article's previous/next parts: one series in order. Unique, so two
    // concurrent edits can never leave two parts in one place.
    uniqueIndex("series_parts_position_key").on(t.seriesId, t.position),
  ],
);

/**
 * Tags (issue 26): besides its one category, an article has up to 5. `slug` is the normalised
 * form ("React", "react " and "#react" are one tag: app/lib/tag-names.ts); `name` is how it is
 * shown. /tag/{slug}.
 */
export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("tags_slug_key").on(t.slug),
    check("tags_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("tags_name_present", sql`length(trim(${t.name})) > 0`),
  ],
);

/** An article's tags, in the order the editor typed them. */
export const articleTags = pgTable(
  "article_tags",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    // The article's tags (cards, article page): by the primary key.
    primaryKey({ columns: [t.articleId, t.tagId] }),
    // A tag page, the tag filter in search, a merge: one tag's articles.
    index("article_tags_tag_idx").on(t.tagId, t.articleId),
  ],
);

/** Slugs a renamed or merged tag used to have: /tag/{old} answers 301 to its current slug. */
export const tagRedirects = pgTable(
  "tag_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("tag_redirects_tag_idx").on(t.tagId)],
);

export type ArticleStatus = "draft" | "scheduled" | "published";
export const REVISION_REASONS = [
  "created",
  "saved",
  "autosaved",
  "published",
  "unpublished",
  "scheduled",
  "restored",
] as const;
export type RevisionReason = (typeof REVISION_REASONS)[number];

/** Every field an editor saves, as one revision keeps it: what a save writes. */
export type RevisionFields = ArticleInput;

/** Every save of an article: who, when, why, and the full fields. */
export const articleRevisions = pgTable(
  "article_revisions",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references((): AnyPgColumn => articles.id, { onDelete: "cascade" }),
    authorUserId: integer("author_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").$type<RevisionReason>().notNull(),
    fields: jsonb("fields").$type<RevisionFields>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // History page (newest first) and thinning.
    index("article_revisions_article_idx").on(t.articleId, t.id.desc()),
    check(
      "article_revisions_reason_known",
      sql`${t.reason} in ('created', 'saved', 'autosaved', 'published', 'unpublished', 'scheduled', 'restored')`,
    ),
  ],
);

/** Shareable, revocable preview links: only the SHA-256 of the token is kept. */
export const previewLinks = pgTable(
  "preview_links",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("preview_links_token_hash_key").on(t.tokenHash),
    index("preview_links_article_idx").on(t.articleId),
  ],
);

/** Slugs a published article used to have: /post/{old} answers 301 to its current slug. */
export const slugRedirects = pgTable(
  "slug_redirects",
  {
    oldSlug: text("old_slug").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("slug_redirects_article_idx").on(t.articleId)],
);

export const interviewQuestions = pgTable(
  "interview_questions",
  {
    id: serial("id").primaryKey(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    answerHtml: text("answer_html").notNull(),
    // The spec styles Easy and Medium; anything else is shown as hard.
    difficulty: text("difficulty").notNull(),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    // Editors reorder questions: the page lists them by position, then id.
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("interview_questions_category_idx").on(t.categoryId, t.position, t.id),
    index("interview_questions_position_idx").on(t.position, t.id),
    uniqueIndex("interview_questions_question_key").on(t.question),
    check("interview_questions_difficulty_present", sql`length(trim(${t.difficulty})) > 0`),
  ],
);

/** Raw bytes (PostgreSQL bytea); Drizzle has no built-in bytea column. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded images (app/media). One row per distinct original (the SHA-256 of its cleaned bytes,
 * `hash`), whoever uploaded it and however often: the same file uploaded twice is one upload.
 */
export const mediaUploads = pgTable(
  "media_uploads",
  {
    id: serial("id").primaryKey(),
    hash: text("hash").notNull(),
    originalName: text("original_name").notNull(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    alt: text("alt"),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("media_uploads_hash_key").on(t.hash),
    // The library: newest first; the editor's recent uploads.
    index("media_uploads_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("media_uploads_hash_shape", sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
    check(
      "media_uploads_mime_known",
      sql`${t.mime} in ('image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/gif')`,
    ),
    check("media_uploads_size_positive", sql`${t.bytes} > 0 and ${t.width} > 0 and ${t.height} > 0`),
  ],
);

/** The resized copies of an upload, served at /media/{upload hash}-{width}.{format}. */
export const mediaVariants = pgTable(
  "media_variants",
  {
    uploadId: integer("upload_id")
      .notNull()
      .references(() => mediaUploads.id, { onDelete: "cascade" }),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").notNull(),
    bytes: integer("bytes").notNull(),
    // The blob holding its bytes (media_blobs.hash).
    hash: text("hash").notNull(),
  },
  (t) => [
    uniqueIndex("media_variants_upload_width_format_key").on(t.uploadId, t.width, t.format),
    index("media_variants_hash_idx").on(t.hash),
    check("media_variants_format_known", sql`${t.format} in ('webp', 'avif')`),
  ],
);

/**
 * The default storage (app/media/storage.server.ts): content-addressed bytes. Kept apart from the
 * metadata so that an object store can replace this table without touching the others.
 */
export const mediaBlobs = pgTable("media_blobs", {
  hash: text("hash").primaryKey(),
  bytes: bytea("bytes").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  createdAt: createdAt(),
});

/**
 * Which articles use which uploads (in their markdown or as their cover), written with every
 * article save. An upload in use cannot be deleted: the foreign key refuses it even in a race.
 */
export const mediaUsages = pgTable(
  "media_usages",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    uploadId: integer("upload_id")
      .notNull()
      .references(() => mediaUploads.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.uploadId] }), index("media_usages_upload_idx").on(t.uploadId)],
);

/** Invitations to join the staff with a role: single use, expiring; only the token's hash is kept. */
export const invites = pgTable(
  "invites",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    role: text("role").$type<Role>().notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invites_token_hash_key").on(t.tokenHash),
    index("invites_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("invites_role_staff", sql`${t.role} in ('contributor', 'author', 'editor', 'administrator')`),
  ],
);

/** Site settings edited in the admin panel (app/settings): one row per key, JSON values. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/** Every write in the admin panel: who, what, when, and a summary (app/audit). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    // The actor's name at the time (the account may be deleted later).
    actorName: text("actor_name").notNull(),
    // What kind of thing changed: article, comment, category, question, person, invite, settings, page, message, media.
    kind: text("kind").notNull(),
    action: text("action").notNull(),
    targetId: text("target_id"),
    summary: text("summary").notNull(),
    details: jsonb("details"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_id_idx").on(t.id.desc()),
    index("audit_log_actor_idx").on(t.actorUserId, t.id.desc()),
    index("audit_log_kind_idx").on(t.kind, t.id.desc()),
  ],
);

export const COMMENT_STATUSES = ["pending", "approved", "hidden"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** Readers' comments on published articles; one level of replies (parent_id of a top-level comment). */
export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    // Null once the account is deleted: shown as "deleted user".
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    parentId: integer("parent_id").references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    // Rendered and sanitised at save (app/markdown), like articles.
    bodyHtml: text("body_html").notNull(),
    status: text("status").$type<CommentStatus>().notNull().default("approved"),
    reportCount: integer("report_count").notNull().default(0),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    // A deleted comment with replies stays as a "deleted" placeholder.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The article's thread, oldest first.
    index("comments_article_idx").on(t.articleId, t.status, t.id),
    // Moderation queues, newest first.
    index("comments_status_idx").on(t.status, t.id.desc()),
    index("comments_user_idx").on(t.userId, t.id.desc()),
    index("comments_parent_idx").on(t.parentId),
    check("comments_status_known", sql`${t.status} in ('pending', 'approved', 'hidden')`),
    check("comments_body_length", sql`length(${t.body}) <= 10000`),
  ],
);

/** A reader reports a comment once. */
export const commentReports = pgTable(
  "comment_reports",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_reports_user_idx").on(t.userId)],
);

/** Threads (an article's comments) a reader muted: no reply mails from them. */
export const threadMutes = pgTable(
  "thread_mutes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] }), index("thread_mutes_article_idx").on(t.articleId)],
);

/** A reader's saved articles (private). */
export const readingList = pgTable(
  "reading_list",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.articleId] }),
    // The list, newest saved first.
    index("reading_list_user_created_idx").on(t.userId, t.createdAt.desc(), t.articleId),
    index("reading_list_article_idx").on(t.articleId),
  ],
);

export const MESSAGE_KINDS = ["contact", "pitch"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_STATUSES = ["unread", "read", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Contact and Write for Us messages: the admin inbox. */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<MessageKind>().notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    // Pitch fields (proposed title, summary, links).
    details: jsonb("details"),
    status: text("status").$type<MessageStatus>().notNull().default("unread"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_status_idx").on(t.status, t.id.desc()),
    check("messages_kind_known", sql`${t.kind} in ('contact', 'pitch')`),
    check("messages_status_known", sql`${t.status} in ('unread', 'read', 'archived')`),
  ],
);

/** Site pages (terms, privacy, FAQ, …): markdown edited by administrators, rendered at save. */
export const pages = pgTable(
  "pages",
  {
    slug: text("slug").primaryKey(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    contentHtml: text("content_html").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("pages_slug_shape", sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

/**
 * Articles brought in by an import (app/backup/import.server.ts), by where they came from
 * (`source`: ghost, devto, markdown, devperspective; `source_id`: the post's id or file path
 * there): importing the same file again finds them and creates nothing new.
 */
export const importedArticles = pgTable(
  "imported_articles",
  {
    source: text("source").notNull(),
    sourceId: text("source_id").notNull(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceId] }), index("imported_articles_article_idx").on(t.articleId)],
);

/** An imported article's old paths (Ghost /{slug}/, dev.to /{user}/{slug}, aliases): 301 to it. */
export const importRedirects = pgTable(
  "import_redirects",
  {
    path: text("path").primaryKey(),
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("import_redirects_article_idx").on(t.articleId)],
);

/**
 * An import (app/backup/import-runs.server.ts), from the admin panel or the command line: its
 * file (import_upload_chunks, in the database so that any instance can read it, decision
 * "imports-upload-in-database"; dropped once applied), its plan (import_run_items: one row per
 * article or page, done one transaction each) and what it changed (import_run_changes: undone by
 * a roll back). `lease_until` is set while an instance applies it; a run left `applying` with
 * the lease gone was stopped (a restart, a time budget) and can be resumed or rolled back.
 */
export const importRuns = pgTable(
  "import_runs",
  {
    id: serial("id").primaryKey(),
    status: text("status").$type<ImportRunStatus>().notNull().default("uploaded"),
    fileName: text("file_name").notNull(),
    kind: text("kind").notNull(),
    policy: text("policy").$type<ConflictPolicy>().notNull().default("rename"),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Articles and pages already imported (by an earlier run) when this one was applied. */
    unchanged: integer("unchanged").notNull().default(0),
    /** The report, kept when the run finishes (its changes are gone after a roll back). */
    report: jsonb("report").$type<Record<string, unknown>>(),
  },
  (t) => [
    check("import_runs_status", sql`${t.status} in ('uploaded', 'applying', 'finished', 'rolled-back')`),
    check("import_runs_policy", sql`${t.policy} in ('rename', 'skip', 'overwrite')`),
    // Abandoned uploads are swept by age.
    index("import_runs_uploaded_idx").on(t.createdAt).where(sql`${t.status} = 'uploaded'`),
  ],
);

/** The uploaded file of an import run, in pieces of at most 1 MB. */
export const importUploadChunks = pgTable(
  "import_upload_chunks",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

/**
 * One article or page of a run's plan: what will happen (`action`: create, overwrite, skip;
 * `slug` here) and, once its transaction committed, what did (`state` done, failed or skipped,
 * `outcome` and `notes`: images kept as links, images missing).
 */
export const importRunItems = pgTable(
  "import_run_items",
  {
    runId: integer("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    target: text("target").$type<"article" | "page">().notNull(),
    sourceId: text("source_id").notNull(),
    title: text("title").notNull(),
    action: text("action").$type<"create" | "overwrite" | "skip">().notNull(),
    slug: text("slug").notNull(),
    renamedFrom: text("renamed_from"),
    state: text("state").$type<"pending" | "done" | "failed" | "skipped">().notNull().default("pending"),
    reason: text("reason"),
    notes: jsonb("notes").$type<{ kept?: { url: string; reason: string }[]; missing?: string[] }>(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.position] }),
    // The next batch: a run's pending items in order.
    index("import_run_items_pending_idx").on(t.runId, t.position).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * What a run changed, undone newest first by a roll back: an article or page created
 * (deleted), overwritten (`previous` restored), an image added to the media library (deleted
 * unless in use), a redirect, a category or an author created.
 */
export const importRunChanges = pgTable(
  "import_run_changes",
  {
    id: serial("id").primaryKey(),
    runId: integer("run_id")
      .notNull()
      .references(() => importRuns.id, { onDelete: "cascade" }),
    change: text("change")
      .$type<
        | "article-created"
        | "article-overwritten"
        | "page-created"
        | "page-overwritten"
        | "media-created"
        | "redirect-created"
        | "category-created"
        | "author-created"
      >()
      .notNull(),
    target: text("target").notNull(),
    previous: jsonb("previous").$type<Record<string, unknown>>(),
  },
  (t) => [index("import_run_changes_run_idx").on(t.runId, t.id)],
);

/** Site pages brought in by an import (Ghost pages), by source: importing them again creates nothing. */
export const importedPages = pgTable(
  "imported_pages",
  {
    source: text("source").notNull(),
    sourceId: text("source_id").notNull(),
    pageSlug: text("page_slug")
      .notNull()
      .references(() => pages.slug, { onDelete: "cascade", onUpdate: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.source, t.sourceId] }), index("imported_pages_page_idx").on(t.pageSlug)],
);

export const MAIL_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** A mail body many outbox rows share (app/mail/outbox.server.ts): one copy for a whole newsletter. */
export const mailBodies = pgTable("mail_bodies", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  createdAt: createdAt(),
});

/**
 * Every mail the site sends, written in the transaction of the change that causes it and sent
 * by the outbox worker (app/mail/outbox.server.ts) on every instance. `sending` rows carry a
 * lease (`lease_until`) and a claim id: a worker that died mid-send leaves them to be claimed
 * again once the lease ends; results are written only by the claim that holds the row.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // What caused it ('verify-email', 'reset-password', 'comment', …): for counts and tests.
    kind: text("kind").notNull(),
    // The Message-ID header, fixed when the row is written: a re-send after a crash carries the same one.
    messageId: text("message_id").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>(),
    // A body shared by many rows (a newsletter to every subscriber): text_body and html_body are
    // then empty and the worker sends the shared body with this row's `vars` put in its {{names}}.
    bodyId: bigint("body_id", { mode: "number" }).references(() => mailBodies.id),
    vars: jsonb("vars").$type<Record<string, string>>(),
    status: text("status").$type<MailStatus>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    claimId: text("claim_id"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    // A hard bounce: the receiving server refused the address for good (SMTP 5xx at send time, or
    // a bounce reported later). The address is then suppressed for newsletters.
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("mail_outbox_message_id_key").on(t.messageId),
    index("mail_outbox_body_idx").on(t.bodyId).where(sql`${t.bodyId} is not null`),
    // The worker's claim: due pending rows, and sending rows whose lease ended.
    index("mail_outbox_due_idx").on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    index("mail_outbox_lease_idx").on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    // Health: failed in the last day.
    index("mail_outbox_failed_idx").on(t.failedAt).where(sql`${t.status} = 'failed'`),
    check("mail_outbox_status_known", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * Addresses newsletters are never sent to: a permanent delivery failure (SMTP 5xx) or a hard
 * bounce puts the address here. Transactional mails (verification, reset) still go.
 */
export const mailSuppressions = pgTable("mail_suppressions", {
  // Lower-cased address.
  email: text("email").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: createdAt(),
});

export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];
export const SUBSCRIBER_FREQUENCIES = ["each", "weekly"] as const;
export type SubscriberFrequency = (typeof SUBSCRIBER_FREQUENCIES)[number];
/** How a subscriber consented: the mailed link, their verified account, or an import that says so. */
export const SUBSCRIBER_CONSENTS = ["link", "account", "import"] as const;
export type SubscriberConsent = (typeof SUBSCRIBER_CONSENTS)[number];

/**
 * Newsletter subscribers (app/newsletters): one row per address, kept after an unsubscribe (the
 * admin chart counts the lost). Topics: everything, or the categories and authors in the two
 * tables below. `pending` until the mailed link is confirmed (double opt-in).
 */
export const subscribers = pgTable(
  "subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    // A signed-in reader's subscription (managed at /account); null for anyone else.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").$type<SubscriberStatus>().notNull().default("pending"),
    everything: boolean("everything").notNull().default(false),
    frequency: text("frequency").$type<SubscriberFrequency>().notNull().default("each"),
    // The confirmation link's token (SHA-256, app/auth/secret-tokens.server.ts) and when it was mailed.
    confirmTokenHash: text("confirm_token_hash"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    consent: text("consent").$type<SubscriberConsent>(),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    // The weekly digest: articles published after this were not in a digest yet.
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("subscribers_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("subscribers_user_id_key").on(t.userId),
    uniqueIndex("subscribers_confirm_token_key").on(t.confirmTokenHash),
    // Fan-out and digests walk confirmed subscribers by id.
    index("subscribers_confirmed_idx").on(t.frequency, t.id).where(sql`${t.status} = 'confirmed'`),
    // The admin chart: confirmed and lost per week.
    index("subscribers_confirmed_at_idx").on(t.confirmedAt),
    index("subscribers_unsubscribed_at_idx").on(t.unsubscribedAt),
    check("subscribers_status_known", sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
    check("subscribers_frequency_known", sql`${t.frequency} in ('each', 'weekly')`),
    check("subscribers_email_shape", sql`${t.email} ~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$'`),
  ],
);

export const subscriberCategories = pgTable(
  "subscriber_categories",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.categoryId] }),
    index("subscriber_categories_category_idx").on(t.categoryId, t.subscriberId),
  ],
);

export const subscriberAuthors = pgTable(
  "subscriber_authors",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => authors.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.authorId] }),
    index("subscriber_authors_author_idx").on(t.authorId, t.subscriberId),
  ],
);

export const NEWSLETTER_STATES = ["waiting", "queued", "done", "skipped"] as const;
export type NewsletterState = (typeof NEWSLETTER_STATES)[number];

/**
 * One row per article that was (or will be) mailed: `waiting` holds the editor's choice until the
 * article goes live; going live makes it `queued` (or `skipped`: "Do not email this article");
 * the worker fans it out in batches (`cursor`: the last subscriber id done) until `done`. A row
 * never goes back to `waiting` or `queued`: editing or republishing never sends again.
 */
export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    articleId: integer("article_id")
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    skip: boolean("skip").notNull().default(false),
    state: text("state").$type<NewsletterState>().notNull().default("waiting"),
    cursor: integer("cursor").notNull().default(0),
    recipients: integer("recipients").notNull().default(0),
    bodyId: bigint("body_id", { mode: "number" }).references(() => mailBodies.id),
    createdAt: createdAt(),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("newsletter_issues_queued_idx").on(t.queuedAt).where(sql`${t.state} = 'queued'`),
    check("newsletter_issues_state_known", sql`${t.state} in ('waiting', 'queued', 'done', 'skipped')`),
  ],
);

/**
 * Who was mailed which article (alone, or in a weekly digest): the primary key makes a subscriber
 * get an article at most once, whatever topics match and however often the fan-out restarts.
 * `message_id` is the outbox row's (per-article counts join on it).
 */
export const newsletterDeliveries = pgTable(
  "newsletter_deliveries",
  {
    articleId: integer("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.subscriberId] }),
    index("newsletter_deliveries_subscriber_idx").on(t.subscriberId),
    index("newsletter_deliveries_message_idx").on(t.messageId),
  ],
);

/**
 * Integrations (issue 42): another program's keys to the Ghost-compatible APIs
 * (app/integrations). The Content API key (26 hex) reads what is public; the Admin API key is
 * `{admin_key_id}:{admin_secret}` (24 and 64 hex, Ghost's format): the client signs a short-lived
 * JWT with the secret, so the secret itself is kept to check the signature. `role` is what the
 * permissions module lets the integration do on the Admin API (Ghost gives every integration full
 * power; here it is one staff role).
 */
export const integrations = pgTable(
  "integrations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    role: text("role").$type<"contributor" | "author" | "editor" | "administrator">().notNull().default("editor"),
    contentKey: text("content_key").notNull(),
    adminKeyId: text("admin_key_id").notNull(),
    adminSecret: text("admin_secret").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("integrations_name_lower_key").on(sql`lower(${t.name})`),
    uniqueIndex("integrations_content_key_key").on(t.contentKey),
    uniqueIndex("integrations_admin_key_id_key").on(t.adminKeyId),
    check("integrations_name_present", sql`length(trim(${t.name})) > 0`),
    check("integrations_role_staff", sql`${t.role} in ('contributor', 'author', 'editor', 'administrator')`),
    check("integrations_content_key_shape", sql`${t.contentKey} ~ '^[0-9a-f]{26}$'`),
    check("integrations_admin_key_id_shape", sql`${t.adminKeyId} ~ '^[0-9a-f]{24}$'`),
    check("integrations_admin_secret_shape", sql`${t.adminSecret} ~ '^[0-9a-f]{64}$'`),
  ],
);
