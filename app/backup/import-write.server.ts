/**
 * Writing one planned article or page of an import run, whole or not at all: the row (created,
 * or the one here overwritten), its category and author when they are new, its old paths as
 * redirects, its revision, the source's id (importing it again finds it), the item's state and
 * the run's changes (what a roll back undoes) all commit in one transaction. Its images are
 * imported just before (import-images.server.ts). Rendered by the pipeline of every save.
 */
import { and, eq, sql } from "drizzle-orm";
import { announceArticle, articlePageState } from "~/articles/article-tags.server";
import { storedCanonicalUrl } from "~/articles/canonical-url.server";
import { recordRevision } from "~/articles/revisions.server";
import { renderArticleColumns } from "~/articles/save-article.server";
import { parseTagList, TAG_LIMITS } from "~/lib/tag-names";
import { setArticleTags } from "~/taxonomy/tags.server";
import { tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { type Database, getDb, type Runner } from "~/db/db.server";
import {
  articles,
  authors,
  categories,
  importedArticles,
  importedPages,
  importRedirects,
  importRunChanges,
  importRunItems,
  pages,
} from "~/db/schema";
import { slugify } from "~/lib/content";
import { postHref } from "~/lib/urls";
import { renderMarkdown } from "~/markdown/markdown.server";
import { recordUsages } from "~/media/media.server";
import { type ImageContext, type ImageNotes, importImages } from "./import-images.server";
import type { SourceArticle, SourcePage } from "./import-types.server";

/** A row of import_run_items. */
export type RunItem = typeof importRunItems.$inferSelect;

export type WriteContext = ImageContext & {
  /** Category and author ids by lower-cased name, known to exist (committed). */
  categoryIds: Map<string, number>;
  authorIds: Map<string, number>;
};

/** The columns an overwrite replaces, kept to be put back by a roll back. */
export const OVERWRITTEN_ARTICLE_COLUMNS = {
  title: articles.title,
  slug: articles.slug,
  content: articles.content,
  contentHtml: articles.contentHtml,
  previewHtml: articles.previewHtml,
  toc: articles.toc,
  readingMinutes: articles.readingMinutes,
  excerpt: articles.excerpt,
  imageUrl: articles.imageUrl,
  canonicalUrl: articles.canonicalUrl,
  categoryId: articles.categoryId,
  authorId: articles.authorId,
  featured: articles.featured,
  status: articles.status,
  scheduledAt: articles.scheduledAt,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  submittedAt: articles.submittedAt,
  reviewNote: articles.reviewNote,
  publishError: articles.publishError,
  pendingRevisionId: articles.pendingRevisionId,
};

const change = (tx: Runner, runId: number, kind: RunChange, target: string | number, previous?: object) =>
  tx.insert(importRunChanges).values({
    runId,
    change: kind,
    target: String(target),
    previous: (previous as Record<string, unknown>) ?? null,
  });
type RunChange = (typeof importRunChanges.$inferInsert)["change"];

/** The id of category/author `name` (created, and recorded as a change, when missing). */
async function mapOrCreate(
  tx: Runner,
  runId: number,
  table: typeof categories | typeof authors,
  name: string,
  known: Map<string, number>,
  created: Map<string, number>,
  givenSlug?: string | null,
): Promise<number | null> {
  const key = name.toLowerCase();
  const cached = known.get(key) ?? created.get(key);
  if (cached !== undefined) return cached;
  const slug = (givenSlug && slugify(givenSlug) === givenSlug ? givenSlug : null) ?? slugify(name);
  if (!slug) return null;
  const [found] = await tx
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${table.name}) = ${key} or ${table.slug} = ${slug}`)
    .limit(1);
  if (found) {
    created.set(key, found.id);
    return found.id;
  }
  const [row] = await tx.insert(table).values({ name, slug }).returning({ id: table.id });
  if (!row) return null;
  await change(tx, runId, table === categories ? "category-created" : "author-created", row.id);
  created.set(key, row.id);
  return row.id;
}

/** Marks the item done inside the write's transaction (nothing is written twice: it must be pending). */
async function markDone(tx: Runner, item: RunItem, notes: ImageNotes) {
  const done = await tx
    .update(importRunItems)
    .set({ state: "done", notes })
    .where(
      and(
        eq(importRunItems.runId, item.runId),
        eq(importRunItems.position, item.position),
        eq(importRunItems.state, "pending"),
      ),
    )
    .returning({ position: importRunItems.position });
  if (done.length === 0) throw new Error("This item was already written.");
}

export async function writeArticle(
  context: WriteContext,
  item: RunItem,
  article: SourceArticle,
  userId: number | null,
) {
  const images = await importImages(context, article);
  const content = images.markdown.trim() ? images.markdown : (article.excerpt ?? article.title);
  const db = await getDb();
  const categoriesCreated = new Map<string, number>();
  const authorsCreated = new Map<string, number>();
  let before: Awaited<ReturnType<typeof articlePageState>> = null;
  // Rendered before the transaction (rendering reads the media library: on the embedded
  // database a query outside a transaction waits for it to end).
  const base = {
    title: article.title.slice(0, 200),
    slug: item.slug,
    content,
    excerpt: article.excerpt?.slice(0, 500) ?? null,
    imageUrl: images.cover,
    // The source's, unless it names this article's own address here.
    canonicalUrl: storedCanonicalUrl(article.canonicalUrl, item.slug) ?? null,
    featured: article.featured === true,
    // Front matter `tags`, Ghost's tags, dev.to's tag_list: normalised, at most 5 (longer or
    // empty ones are left out rather than failing the import).
    tags: parseTagList(article.tags)
      .tags.slice(0, TAG_LIMITS.count)
      .map((tag) => tag.name),
  };
  const { values, hashes } = await renderArticleColumns({ ...base, categoryId: null });
  const published = article.status === "published";
  const id = await db.transaction(async (tx) => {
    const categoryId = article.category
      ? await mapOrCreate(
          tx,
          item.runId,
          categories,
          article.category,
          context.categoryIds,
          categoriesCreated,
          article.categorySlug,
        )
      : null;
    const authorId = article.author
      ? await mapOrCreate(
          tx,
          item.runId,
          authors,
          article.author,
          context.authorIds,
          authorsCreated,
          article.authorSlug,
        )
      : null;
    const input = { ...base, categoryId };
    const row = {
      ...values,
      categoryId,
      authorId,
      status: published ? ("published" as const) : ("draft" as const),
      publishedAt: published ? (article.publishedAt ?? new Date()) : null,
      updatedAt: article.updatedAt ?? article.publishedAt ?? new Date(),
      revisedAt: sql`now()`,
    };
    let articleId: number;
    if (item.action === "overwrite") {
      const [current] = await tx
        .select({ id: articles.id, ...OVERWRITTEN_ARTICLE_COLUMNS })
        .from(articles)
        .where(eq(articles.slug, item.slug))
        .for("update")
        .limit(1);
      if (!current) throw new Error("The article to overwrite is gone.");
      before = await articlePageState(current.id, tx);
      const { id: currentId, ...previous } = current;
      await tx
        .update(articles)
        .set({
          ...row,
          scheduledAt: null,
          submittedAt: null,
          reviewNote: null,
          publishError: null,
          pendingRevisionId: null,
        })
        .where(eq(articles.id, currentId));
      await change(tx, item.runId, "article-overwritten", currentId, {
        source: article.source,
        sourceId: article.sourceId,
        columns: previous,
      });
      articleId = currentId;
    } else {
      const [created] = await tx.insert(articles).values(row).returning({ id: articles.id });
      articleId = created!.id;
      await change(tx, item.runId, "article-created", articleId);
    }
    await setArticleTags(tx, articleId, base.tags);
    await tx.insert(importedArticles).values({ source: article.source, sourceId: article.sourceId, articleId });
    for (const oldPath of new Set(article.oldPaths)) {
      if (oldPath === postHref(item.slug)) continue;
      const inserted = await tx
        .insert(importRedirects)
        .values({ path: oldPath, articleId })
        .onConflictDoNothing()
        .returning({ path: importRedirects.path });
      for (const redirect of inserted) await change(tx, item.runId, "redirect-created", redirect.path);
    }
    await recordUsages(tx as Database, articleId, hashes);
    await recordRevision(tx, {
      articleId,
      userId,
      reason: item.action === "overwrite" ? "saved" : "created",
      fields: input,
    });
    await markDone(tx, item, images.notes);
    return articleId;
  });
  for (const [key, value] of categoriesCreated) context.categoryIds.set(key, value);
  for (const [key, value] of authorsCreated) context.authorIds.set(key, value);
  await announceArticle(id, before, await articlePageState(id));
}

export async function writePage(context: WriteContext, item: RunItem, page: SourcePage, userId: number | null) {
  const images = await importImages(context, page);
  const rendered = await renderMarkdown(images.markdown);
  const values = {
    title: page.title.slice(0, 200),
    content: images.markdown,
    contentHtml: rendered.html,
    updatedAt: page.updatedAt ?? new Date(),
    updatedBy: userId,
  };
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (item.action === "overwrite") {
      const [current] = await tx
        .select({
          title: pages.title,
          content: pages.content,
          contentHtml: pages.contentHtml,
          updatedAt: pages.updatedAt,
          updatedBy: pages.updatedBy,
        })
        .from(pages)
        .where(eq(pages.slug, item.slug))
        .for("update");
      if (!current) throw new Error("The page to overwrite is gone.");
      await tx.update(pages).set(values).where(eq(pages.slug, item.slug));
      await change(tx, item.runId, "page-overwritten", item.slug, {
        source: page.source,
        sourceId: page.sourceId,
        columns: current,
      });
    } else {
      await tx.insert(pages).values({ slug: item.slug, ...values });
      await change(tx, item.runId, "page-created", item.slug);
    }
    await tx.insert(importedPages).values({ source: page.source, sourceId: page.sourceId, pageSlug: item.slug });
    await markDone(tx, item, images.notes);
  });
  await contentChanged(`page ${item.slug} imported`, [tags.page(item.slug)]);
}
