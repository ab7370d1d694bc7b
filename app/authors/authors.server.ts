/**
 * Author profiles: each staff member's own (/admin/profile, created on first save and linked by
 * authors.user_id), administrators' edits of anyone's (/admin/authors), and the public page
 * /author/{slug} with its feed.
 *
 * The slug is set once, from the name, by the database (trigger authors_default_slug) when the
 * profile is created; renaming never changes it, so author URLs are stable.
 * Every save records an audit entry (kind "author") and announces the pages showing the author:
 * their page, their published articles' pages (byline, author card), lists, feeds and search.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { getDb } from "~/db/db.server";
import { isPublished } from "~/db/order";
import { articles, authors, users } from "~/db/schema";
import { tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import type { AuthorProfileValues } from "~/lib/author-schema";
import { SLUG_PATTERN } from "~/lib/content";

export type AuthorProfile = {
  id: number;
  name: string;
  slug: string;
  bio: string | null;
  avatarUrl: string | null;
  userId: number | null;
};

const profileColumns = {
  id: authors.id,
  name: authors.name,
  slug: authors.slug,
  bio: authors.bio,
  avatarUrl: authors.avatarUrl,
  userId: authors.userId,
};

/** The profile linked to a user (authors_user_id_key), or null. */
export async function getProfileForUser(userId: number): Promise<AuthorProfile | null> {
  const db = await getDb();
  const [row] = await db.select(profileColumns).from(authors).where(eq(authors.userId, userId)).limit(1);
  return row ?? null;
}

export async function getAuthor(id: number): Promise<AuthorProfile | null> {
  const db = await getDb();
  const [row] = await db.select(profileColumns).from(authors).where(eq(authors.id, id)).limit(1);
  return row ?? null;
}

/** A public author by slug (authors_slug_key), or null. */
export async function getAuthorBySlug(slug: string): Promise<AuthorProfile | null> {
  if (slug.length > 200 || !SLUG_PATTERN.test(slug)) return null;
  const db = await getDb();
  const [row] = await db.select(profileColumns).from(authors).where(eq(authors.slug, slug)).limit(1);
  return row ?? null;
}

export type AuthorListRow = {
  id: number;
  name: string;
  slug: string;
  email: string | null;
  publishedCount: number;
};

/** Every author profile, by name, with the linked account and their published article count. */
export async function listAuthors(): Promise<AuthorListRow[]> {
  const db = await getDb();
  return db
    .select({
      id: authors.id,
      name: authors.name,
      slug: authors.slug,
      email: users.email,
      // Written out: inside a subquery Drizzle leaves column names unqualified.
      publishedCount:
        sql<number>`(select count(*) from articles a where a.author_id = "authors"."id" and a.status = 'published')`.mapWith(
          Number,
        ),
    })
    .from(authors)
    .leftJoin(users, eq(users.id, authors.userId))
    .orderBy(asc(sql`lower(${authors.name})`), asc(authors.id));
}

/** The form's values as stored: empty optional fields become null. */
function toRow(values: AuthorProfileValues) {
  return {
    name: values.name,
    bio: values.bio ? values.bio : null,
    avatarUrl: values.avatarUrl ? values.avatarUrl : null,
  };
}

async function announce(author: { id: number; slug: string }) {
  const db = await getDb();
  const posts = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(and(eq(articles.authorId, author.id), isPublished));
  await contentChanged(`author:${author.id}`, [
    tags.author(author.slug),
    tags.lists,
    tags.feeds,
    tags.search,
    ...posts.map((post) => tags.article(post.slug)),
  ]);
}

/**
 * Saves `user`'s own profile, creating it (linked to them, with a slug from the name) when they
 * have none yet.
 */
export async function saveOwnProfile(user: AuditActor, values: AuthorProfileValues): Promise<AuthorProfile> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: authors.id })
      .from(authors)
      .where(eq(authors.userId, user.id))
      .for("update")
      .limit(1);
    const row = toRow(values);
    const [result] = existing
      ? await tx.update(authors).set(row).where(eq(authors.id, existing.id)).returning(profileColumns)
      : await tx
          .insert(authors)
          .values({ ...row, userId: user.id })
          // Two first saves at once: the second updates the profile the first created.
          .onConflictDoUpdate({ target: authors.userId, set: row })
          .returning(profileColumns);
    if (!result) throw new Error("author profile save returned no row");
    await recordAudit(
      user,
      {
        kind: "author",
        action: existing ? "updated" : "created",
        targetId: result.id,
        summary: existing
          ? `Edited their author profile (${result.name})`
          : `Created their author profile (${result.name})`,
      },
      tx,
    );
    return result;
  });
  await announce(saved);
  return saved;
}

/** An administrator's edit of any author's profile; null when it does not exist. */
export async function updateAuthor(
  actor: AuditActor,
  id: number,
  values: AuthorProfileValues,
): Promise<AuthorProfile | null> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [result] = await tx.update(authors).set(toRow(values)).where(eq(authors.id, id)).returning(profileColumns);
    if (!result) return null;
    await recordAudit(
      actor,
      { kind: "author", action: "updated", targetId: id, summary: `Edited the author profile of ${result.name}` },
      tx,
    );
    return result;
  });
  if (saved) await announce(saved);
  return saved;
}
