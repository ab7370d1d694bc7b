/**
 * The publication as one portable zip, for people (and other platforms) rather than for a
 * restore: Markdown with YAML front matter, the images, and JSON for the rest. Streamed: rows are
 * read in pages and files are written as they are read (zip-writer.server.ts).
 *
 *   manifest.json            format, version, site, when, counts
 *   articles/{slug}.md       front matter (title, slug, status, dates, category, author,
 *                            description, cover, canonical URL, featured, tags, series) and the Markdown body
 *   pages/{slug}.md          the site pages (terms, privacy, FAQ, …)
 *   media/{hash}.{ext}       every image of the media library (as uploaded, cleaned)
 *   media.json               each image's file, original name, alt text, type and size
 *   authors.json, categories.json, questions.json (interview questions), comments.json
 *   subscribers.csv          the newsletter's subscribers with their topics and consent (how and
 *                            when they agreed), app/newsletters/subscribers-csv.server.ts
 *
 * Never in it: password hashes, sessions, reset or verification tokens, account e-mail
 * addresses (subscribers' addresses are the list itself), preview links, the audit log, inbox
 * messages.
 */
import { and, asc, eq, gt } from "drizzle-orm";
import { stringify } from "yaml";
import { type Database, getDb } from "~/db/db.server";
import {
  articles,
  authors,
  categories,
  comments,
  interviewQuestions,
  mediaUploads,
  pages,
  series,
  seriesParts,
  users,
} from "~/db/schema";
import { tagsOfArticles } from "~/taxonomy/card-tags.server";
import { postHref } from "~/lib/urls";
import { mediaUrl } from "~/media/media.server";
import { mediaStorage } from "~/media/storage.server";
import { subscriberCsvLines } from "~/newsletters/subscribers-csv.server";
import { createZipWriter, type ZipWriter } from "./zip-writer.server";

export const EXPORT_FORMAT = "devperspective-export";
export const EXPORT_FORMAT_VERSION = 1;
const PAGE = 200;

export type ExportCounts = {
  articles: number;
  pages: number;
  images: number;
  authors: number;
  categories: number;
  questions: number;
  comments: number;
  subscribers: number;
};

const iso = (date: Date | null) => (date ? date.toISOString() : undefined);

/** A Markdown file with YAML front matter (keys whose value is undefined are left out). */
export function markdownFile(front: Record<string, unknown>, body: string) {
  const defined = Object.fromEntries(
    Object.entries(front).filter(([, value]) => value !== undefined && value !== null),
  );
  return `---\n${stringify(defined, { lineWidth: 0 })}---\n\n${body.endsWith("\n") ? body : `${body}\n`}`;
}

/** A table's rows a page at a time by ascending id (keyset: every page is an index range scan). */
async function* keysetPages<T extends { id: number }>(page: (after: number) => Promise<T[]>): AsyncGenerator<T[]> {
  let after = 0;
  for (;;) {
    const rows = await page(after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

/** A JSON array written into `zip` as `name` one element at a time; returns how many. */
async function writeJsonArray<T extends { id: number }>(
  zip: ZipWriter,
  name: string,
  pages: AsyncGenerator<T[]>,
  element: (row: T) => unknown,
) {
  const file = zip.open(name);
  let count = 0;
  await file.write("[");
  for await (const rows of pages) {
    for (const row of rows) await file.write(`${count++ === 0 ? "\n" : ",\n"}${JSON.stringify(element(row))}`);
  }
  await file.write("\n]\n");
  file.end();
  return count;
}

async function writeArticles(db: Database, zip: ZipWriter, siteUrl: string) {
  const pages = keysetPages((after) =>
    db
      .select({
        id: articles.id,
        title: articles.title,
        slug: articles.slug,
        status: articles.status,
        content: articles.content,
        excerpt: articles.excerpt,
        imageUrl: articles.imageUrl,
        canonicalUrl: articles.canonicalUrl,
        featured: articles.featured,
        publishedAt: articles.publishedAt,
        updatedAt: articles.updatedAt,
        scheduledAt: articles.scheduledAt,
        category: categories.name,
        categorySlug: categories.slug,
        author: authors.name,
        authorSlug: authors.slug,
        series: series.name,
        seriesSlug: series.slug,
        seriesPosition: seriesParts.position,
      })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .leftJoin(authors, eq(authors.id, articles.authorId))
      .leftJoin(seriesParts, eq(seriesParts.articleId, articles.id))
      .leftJoin(series, eq(series.id, seriesParts.seriesId))
      .where(gt(articles.id, after))
      .orderBy(asc(articles.id))
      .limit(PAGE),
  );
  let count = 0;
  for await (const rows of pages) {
    // The page's tags in one query.
    const tagsOf = await tagsOfArticles(
      rows.map((row) => row.id),
      db,
    );
    for (const row of rows) {
      const tagNames = (tagsOf.get(row.id) ?? []).map((tag) => tag.name);
      const front = {
        title: row.title,
        slug: row.slug,
        status: row.status,
        date: iso(row.publishedAt),
        updated: iso(row.updatedAt),
        scheduled: iso(row.scheduledAt),
        category: row.category ?? undefined,
        category_slug: row.categorySlug ?? undefined,
        author: row.author ?? undefined,
        author_slug: row.authorSlug ?? undefined,
        description: row.excerpt ?? undefined,
        cover: row.imageUrl ?? undefined,
        // Where it was first published; else, once published, its page here (other platforms
        // that import the file point back to it; importing it here again reads it as none).
        canonical_url: row.canonicalUrl ?? (row.status === "published" ? `${siteUrl}${postHref(row.slug)}` : undefined),
        featured: row.featured || undefined,
        tags: tagNames.length > 0 ? tagNames : undefined,
        series: row.series ?? undefined,
        series_slug: row.seriesSlug ?? undefined,
        series_position: row.seriesPosition ?? undefined,
      };
      await zip.add(`articles/${row.slug}.md`, markdownFile(front, row.content));
      count++;
    }
  }
  return count;
}

async function writeMedia(db: Database, zip: ZipWriter) {
  const storage = mediaStorage();
  const listed: Record<string, unknown>[] = [];
  const pages = keysetPages((after) =>
    db.select().from(mediaUploads).where(gt(mediaUploads.id, after)).orderBy(asc(mediaUploads.id)).limit(PAGE),
  );
  for await (const rows of pages) {
    for (const row of rows) {
      const bytes = await storage.get(db, row.hash);
      if (!bytes) continue;
      const file = mediaUrl(row.hash, row.mime).replace(/^\/media\//, "media/");
      await zip.add(file, bytes);
      listed.push({
        file,
        url: mediaUrl(row.hash, row.mime),
        original_name: row.originalName,
        alt: row.alt,
        mime: row.mime,
        width: row.width,
        height: row.height,
        uploaded: iso(row.createdAt),
      });
    }
  }
  await zip.add("media.json", `${JSON.stringify(listed, null, 2)}\n`);
  return listed.length;
}

function writeComments(db: Database, zip: ZipWriter) {
  const pages = keysetPages((after) =>
    db
      .select({
        id: comments.id,
        article: articles.slug,
        parentId: comments.parentId,
        author: users.fullName,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        deletedAt: comments.deletedAt,
      })
      .from(comments)
      .innerJoin(articles, eq(articles.id, comments.articleId))
      .leftJoin(users, eq(users.id, comments.userId))
      .where(gt(comments.id, after))
      .orderBy(asc(comments.id))
      .limit(PAGE),
  );
  return writeJsonArray(zip, "comments.json", pages, (row) => ({
    id: row.id,
    article: row.article,
    parent: row.parentId,
    author: row.author ?? null,
    body: row.deletedAt ? "" : row.body,
    status: row.status,
    created: iso(row.createdAt),
    edited: iso(row.editedAt) ?? null,
    deleted: iso(row.deletedAt) ?? null,
  }));
}

/** The subscribers as CSV, streamed batch by batch; returns how many rows it wrote. */
async function writeSubscribers(zip: ZipWriter) {
  const file = zip.open("subscribers.csv");
  let lines = -1;
  for await (const chunk of subscriberCsvLines()) {
    lines += chunk.split("\n").length - 1;
    await file.write(chunk);
  }
  file.end();
  return Math.max(0, lines);
}

/**
 * Writes the export into `zip` (the caller pipes `zip.output` to a file or a response, and
 * receives the counts when everything has been added).
 */
export async function writeExport(zip: ZipWriter, siteUrl: string): Promise<ExportCounts> {
  const db = await getDb();
  const counts: ExportCounts = {
    articles: await writeArticles(db, zip, siteUrl),
    pages: 0,
    images: 0,
    authors: 0,
    categories: 0,
    questions: 0,
    comments: 0,
    subscribers: 0,
  };
  const pageRows = await db.select().from(pages).orderBy(asc(pages.slug));
  for (const page of pageRows) {
    await zip.add(
      `pages/${page.slug}.md`,
      markdownFile({ title: page.title, slug: page.slug, updated: iso(page.updatedAt) }, page.content),
    );
  }
  counts.pages = pageRows.length;
  counts.images = await writeMedia(db, zip);
  const authorRows = await db
    .select({ name: authors.name, slug: authors.slug, bio: authors.bio, avatar: authors.avatarUrl })
    .from(authors)
    .orderBy(asc(authors.id));
  await zip.add("authors.json", `${JSON.stringify(authorRows, null, 2)}\n`);
  counts.authors = authorRows.length;
  const categoryRows = await db
    .select({ name: categories.name, slug: categories.slug, description: categories.description })
    .from(categories)
    .orderBy(asc(categories.id));
  await zip.add("categories.json", `${JSON.stringify(categoryRows, null, 2)}\n`);
  counts.categories = categoryRows.length;
  const questionRows = await db
    .select({
      question: interviewQuestions.question,
      answer: interviewQuestions.answer,
      difficulty: interviewQuestions.difficulty,
      category: categories.slug,
      position: interviewQuestions.position,
    })
    .from(interviewQuestions)
    .leftJoin(categories, and(eq(categories.id, interviewQuestions.categoryId)))
    .orderBy(asc(interviewQuestions.position), asc(interviewQuestions.id));
  await zip.add("questions.json", `${JSON.stringify(questionRows, null, 2)}\n`);
  counts.questions = questionRows.length;
  counts.comments = await writeComments(db, zip);
  counts.subscribers = await writeSubscribers(zip);
  await zip.add(
    "manifest.json",
    `${JSON.stringify(
      {
        format: EXPORT_FORMAT,
        formatVersion: EXPORT_FORMAT_VERSION,
        site: siteUrl,
        exportedAt: new Date().toISOString(),
        counts,
      },
      null,
      2,
    )}\n`,
  );
  zip.end();
  return counts;
}

export { createZipWriter };
