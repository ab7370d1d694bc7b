/**
 * Tags in the admin panel (/admin/tags, administrators: tags.manage): the list with article
 * counts, rename and merge.
 *
 * - A rename sets the name and the slug made from it; the old slug is kept in tag_redirects, so
 *   /tag/{old} (and its feed) answer 301 and an editor typing the old name gets the tag.
 * - A merge moves the tag's articles to another tag (an article that has both keeps one), deletes
 *   the tag and keeps its slug (and its own old slugs) redirecting to the other tag.
 * Both record an audit entry in their transaction and announce the tag pages under every slug
 * involved, the article pages that show the tag, their category pages and every list (cards).
 */
import { and, asc, eq, ilike, inArray, ne, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { contentChanged } from "~/cache/content-events.server";
import { type CacheTag, tags as cacheTags } from "~/cache/tags";
import { getDb } from "~/db/db.server";
import { isUniqueViolation } from "~/db/pg-error.server";
import { articles, articleTags, categories, tagRedirects, tags } from "~/db/schema";
import { cleanTagName, tagSlug } from "~/lib/tag-names";
import { TAG_ADMIN_MESSAGES } from "~/lib/taxonomy-schemas";
import { type TagSummary, tagSummaryColumns } from "./tags.server";

export type AdminTag = TagSummary & { articleCount: number };
export const ADMIN_TAGS_PAGE_SIZE = 50;

type FieldErrors = Partial<Record<"name" | "into", string[]>>;
export type TagWriteResult =
  | { status: "saved"; tag: TagSummary }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "not-found" };

// Written out: inside a subquery Drizzle leaves column names unqualified.
const articleCount = sql<number>`(select count(*) from article_tags at where at.tag_id = "tags"."id")`
  .mapWith(Number)
  .as("article_count");

function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of tags by slug (optionally those whose name has `q`), with counts and the total. */
export async function listAdminTags(q = "", page = 1): Promise<{ tags: AdminTag[]; total: number }> {
  const db = await getDb();
  const where = q ? ilike(tags.name, likePattern(q)) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...tagSummaryColumns, articleCount })
      .from(tags)
      .where(where)
      .orderBy(asc(tags.slug))
      .limit(ADMIN_TAGS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_TAGS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(tags)
      .where(where),
  ]);
  return { tags: rows, total: counted?.n ?? 0 };
}

export async function getAdminTag(id: number): Promise<AdminTag | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...tagSummaryColumns, articleCount })
    .from(tags)
    .where(eq(tags.id, id))
    .limit(1);
  return row ?? null;
}

/** The pages that show a tag: its page (every slug), its articles' pages and categories, every list. */
async function pagesShowing(tagIds: number[], slugs: string[]): Promise<CacheTag[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: articles.slug, categorySlug: categories.slug })
    .from(articleTags)
    .innerJoin(articles, eq(articles.id, articleTags.articleId))
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(inArray(articleTags.tagId, tagIds));
  const touched = new Set<CacheTag>([cacheTags.lists, cacheTags.feeds, cacheTags.search]);
  for (const slug of slugs) touched.add(cacheTags.tag(slug));
  for (const row of rows) {
    touched.add(cacheTags.article(row.slug));
    if (row.categorySlug) touched.add(cacheTags.category(row.categorySlug));
  }
  return [...touched];
}

/** Renames a tag (name and the slug made from it); the old slug keeps answering with a 301. */
export async function renameTag(actor: AuditActor, id: number, rawName: string): Promise<TagWriteResult> {
  const before = await getAdminTag(id);
  if (!before) return { status: "not-found" };
  const name = cleanTagName(rawName);
  const slug = tagSlug(name);
  if (!slug) return { status: "invalid", fieldErrors: { name: [TAG_ADMIN_MESSAGES.nameNoLetters] } };
  const db = await getDb();
  const [[taken], [redirected]] = await Promise.all([
    db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.slug, slug), ne(tags.id, id)))
      .limit(1),
    db
      .select({ tagId: tagRedirects.tagId })
      .from(tagRedirects)
      .where(and(eq(tagRedirects.oldSlug, slug), ne(tagRedirects.tagId, id)))
      .limit(1),
  ]);
  if (taken || redirected) return { status: "invalid", fieldErrors: { name: [TAG_ADMIN_MESSAGES.nameTaken] } };
  const touched = await pagesShowing([id], [before.slug, slug]);
  try {
    await db.transaction(async (tx) => {
      await tx.update(tags).set({ name, slug }).where(eq(tags.id, id));
      if (slug !== before.slug) {
        // Taking back one of its own old slugs: that redirect goes.
        await tx.delete(tagRedirects).where(and(eq(tagRedirects.oldSlug, slug), eq(tagRedirects.tagId, id)));
        await tx
          .insert(tagRedirects)
          .values({ oldSlug: before.slug, tagId: id })
          .onConflictDoUpdate({ target: tagRedirects.oldSlug, set: { tagId: id, createdAt: new Date() } });
      }
      await recordAudit(
        actor,
        {
          kind: "tag",
          action: "renamed",
          targetId: id,
          summary: `Renamed tag ${before.name} to ${name}`,
          details: { before: { name: before.name, slug: before.slug }, after: { name, slug } },
        },
        tx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, "tags_slug_key", "tag_redirects_pkey") !== false)
      return { status: "invalid", fieldErrors: { name: [TAG_ADMIN_MESSAGES.nameTaken] } };
    throw error;
  }
  await contentChanged(`tag:${id}`, touched);
  return { status: "saved", tag: { id, name, slug } };
}

/** Merges tag `id` into the tag named `intoName`: one tag remains, the other's addresses redirect. */
export async function mergeTag(actor: AuditActor, id: number, intoName: string): Promise<TagWriteResult> {
  const source = await getAdminTag(id);
  if (!source) return { status: "not-found" };
  const intoSlug = tagSlug(intoName);
  const db = await getDb();
  const [target] = intoSlug ? await db.select(tagSummaryColumns).from(tags).where(eq(tags.slug, intoSlug)) : [];
  if (!target) return { status: "invalid", fieldErrors: { into: [TAG_ADMIN_MESSAGES.mergeInto] } };
  if (target.id === id) return { status: "invalid", fieldErrors: { into: [TAG_ADMIN_MESSAGES.mergeSelf] } };
  const touched = await pagesShowing([id, target.id], [source.slug, target.slug]);
  await db.transaction(async (tx) => {
    // Both rows locked, in id order (two merges of the same pair cannot deadlock).
    await tx
      .select({ id: tags.id })
      .from(tags)
      .where(inArray(tags.id, [id, target.id]))
      .orderBy(asc(tags.id))
      .for("update");
    await tx.execute(sql`
      insert into article_tags (article_id, tag_id, position)
      select at.article_id, ${target.id}, at.position from article_tags at where at.tag_id = ${id}
      on conflict do nothing`);
    await tx.update(tagRedirects).set({ tagId: target.id }).where(eq(tagRedirects.tagId, id));
    await tx
      .insert(tagRedirects)
      .values({ oldSlug: source.slug, tagId: target.id })
      .onConflictDoUpdate({ target: tagRedirects.oldSlug, set: { tagId: target.id, createdAt: new Date() } });
    await tx.delete(tags).where(eq(tags.id, id));
    await recordAudit(
      actor,
      {
        kind: "tag",
        action: "merged",
        targetId: target.id,
        summary: `Merged tag ${source.name} into ${target.name}`,
        details: { from: { id, slug: source.slug }, into: { id: target.id, slug: target.slug } },
      },
      tx,
    );
  });
  await contentChanged(`tag:${id}`, touched);
  return { status: "saved", tag: target };
}
