/**
 * Demo content and synthetic benchmark articles.
 *
 * Markdown is rendered here, at save time, exactly as the admin forms do: reads never parse
 * markdown. Demo content is idempotent: every row is keyed on a unique column (categories.slug,
 * articles.slug, interview_questions.question; authors by name) and rows that already exist
 * are left untouched, so re-running the seed never overwrites an administrator's edits.
 */
import { randomBytes } from "node:crypto";
import { asc, inArray, ne, sql } from "drizzle-orm";
import { slugify } from "~/lib/content";
import { type RenderedMarkdown, renderMarkdown, renderMarkdownFragment } from "~/markdown/markdown.server";
import { markStoredHtmlCurrent } from "~/markdown/render-version.server";
import { getDb } from "~/db/db.server";
import { articles, authors, categories, interviewQuestions } from "~/db/schema";
import { articles as demoArticles } from "./demo/articles";
import { authors as demoAuthors } from "./demo/authors";
import { categories as demoCategories } from "./demo/categories";
import { changelogEntries } from "./demo/changelog";
import { questions as demoQuestions } from "./demo/questions";
import type { SeedArticle, SeedQuestion } from "./demo/types";
import { generateSyntheticArticle, mulberry32 } from "./demo/synthetic";

// Serialises concurrent demo seeds (several instances starting on an empty PostgreSQL at once):
// authors have no unique key, so without it two seeds could both insert the same author.
const SEED_LOCK_KEY = 727_274_002;

export type SeedSummary = { categories: number; authors: number; articles: number; questions: number };

/** True when there is nothing to show yet: no categories and no articles. */
export async function isDatabaseEmpty(): Promise<boolean> {
  const db = await getDb();
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (category) return false;
  const [article] = await db.select({ id: articles.id }).from(articles).limit(1);
  return !article;
}

/**
 * Writes the demo categories, authors, articles (changelog included) and interview questions.
 * Returns how many rows of each this call inserted: all zeros when the content is already there.
 */
export async function seedDemoContent(): Promise<SeedSummary> {
  const db = await getDb();
  const allArticles = [...demoArticles, ...changelogEntries];

  // Render only what is missing, before the transaction: rendering is the slow part.
  const presentSlugs = new Set(
    (
      await db
        .select({ slug: articles.slug })
        .from(articles)
        .where(
          inArray(
            articles.slug,
            allArticles.map((a) => a.slug),
          ),
        )
    ).map((row) => row.slug),
  );
  const missingArticles = allArticles.filter((a) => !presentSlugs.has(a.slug));
  // No article yet: everything stored from here on is rendered by this renderer.
  const [anyArticle] = await db.select({ id: articles.id }).from(articles).limit(1);
  if (!anyArticle) await markStoredHtmlCurrent();
  const renderedArticles: { article: SeedArticle; rendered: RenderedMarkdown }[] = [];
  for (const article of missingArticles) {
    renderedArticles.push({ article, rendered: await renderMarkdown(article.content) });
  }

  const presentQuestions = new Set(
    (
      await db
        .select({ question: interviewQuestions.question })
        .from(interviewQuestions)
        .where(
          inArray(
            interviewQuestions.question,
            demoQuestions.map((q) => q.question),
          ),
        )
    ).map((row) => row.question),
  );
  const missingQuestions = demoQuestions.filter((q) => !presentQuestions.has(q.question));
  const renderedQuestions: { question: SeedQuestion; answerHtml: string }[] = [];
  for (const question of missingQuestions) {
    renderedQuestions.push({ question, answerHtml: await renderMarkdownFragment(question.answer) });
  }

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // No conflict target: a clash on either unique key (slug, or the case-insensitive name)
    // means the category is already there.
    const insertedCategories = await tx
      .insert(categories)
      .values(demoCategories.map(({ slug, name, description }) => ({ slug, name, description })))
      .onConflictDoNothing()
      .returning({ id: categories.id });
    const categoryIds = new Map(
      (
        await tx
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .where(
            inArray(
              categories.slug,
              demoCategories.map((c) => c.slug),
            ),
          )
      ).map((row) => [row.slug, row.id]),
    );

    // Authors have no natural unique key: match them by name, oldest profile first.
    const authorIds = new Map<string, number>();
    const existingAuthors = await tx
      .select({ id: authors.id, name: authors.name })
      .from(authors)
      .where(
        inArray(
          authors.name,
          demoAuthors.map((a) => a.name),
        ),
      )
      .orderBy(asc(authors.id));
    for (const row of existingAuthors) if (!authorIds.has(row.name)) authorIds.set(row.name, row.id);
    const newAuthors = demoAuthors.filter((a) => !authorIds.has(a.name));
    if (newAuthors.length > 0) {
      const inserted = await tx
        .insert(authors)
        .values(newAuthors.map(({ name, bio, avatarUrl }) => ({ name, bio, avatarUrl })))
        .returning({ id: authors.id, name: authors.name });
      for (const row of inserted) authorIds.set(row.name, row.id);
    }

    let insertedArticles = 0;
    if (renderedArticles.length > 0) {
      const rows = renderedArticles.map(({ article, rendered }) => {
        const publishedAt = new Date(article.publishedAt);
        return {
          title: article.title,
          slug: article.slug,
          content: article.content,
          contentHtml: rendered.html,
          previewHtml: rendered.previewHtml,
          toc: rendered.toc,
          readingMinutes: Math.max(1, rendered.readingMinutes),
          excerpt: article.excerpt,
          imageUrl: article.imageUrl ?? null,
          categoryId: categoryIds.get(article.category) ?? null,
          authorId: authorIds.get(article.author) ?? null,
          featured: article.featured ?? false,
          publishedAt,
          updatedAt: publishedAt,
        };
      });
      const inserted = await tx
        .insert(articles)
        .values(rows)
        .onConflictDoNothing({ target: articles.slug })
        .returning({ id: articles.id });
      insertedArticles = inserted.length;
    }

    let insertedQuestions = 0;
    if (renderedQuestions.length > 0) {
      // Seeded questions go after the existing ones, in the order they are listed.
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${interviewQuestions.position}), 0)`.mapWith(Number) })
        .from(interviewQuestions);
      const start = last?.position ?? 0;
      const inserted = await tx
        .insert(interviewQuestions)
        .values(
          renderedQuestions.map(({ question, answerHtml }, index) => ({
            position: start + index + 1,
            question: question.question,
            answer: question.answer,
            answerHtml,
            difficulty: question.difficulty,
            categoryId: categoryIds.get(question.category) ?? null,
          })),
        )
        .onConflictDoNothing({ target: interviewQuestions.question })
        .returning({ id: interviewQuestions.id });
      insertedQuestions = inserted.length;
    }

    return {
      categories: insertedCategories.length,
      authors: newAuthors.length,
      articles: insertedArticles,
      questions: insertedQuestions,
    };
  });
}

/** Rows per INSERT: ~15 parameters each keeps a batch far below PostgreSQL's 65,535 limit. */
const SYNTHETIC_BATCH_SIZE = 500;
/**
 * Distinct generated articles rendered per run. Rendering (Shiki) costs ~40 ms an article, so
 * past this many the generator reuses a rendered one (title, body and excerpt) under a new slug,
 * date, category and author: 100 000 articles seed in minutes instead of an hour, with the same
 * mix of words, code and lengths for the search and the lists.
 */
const SYNTHETIC_DISTINCT = 1000;

export type SyntheticOptions = {
  onProgress?: (done: number) => void;
  /** Seed for the content choices (titles, paragraphs, dates); slugs stay unique regardless. */
  seed?: number;
};

/**
 * Adds `count` generated articles (for benchmarks) spread over the existing categories (except
 * Changelog) and authors, published over the past four years. Returns how many were inserted.
 */
export async function seedSyntheticArticles(count: number, options: SyntheticOptions = {}): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`The number of synthetic articles must be a non-negative integer (got ${count}).`);
  }
  if (count === 0) return 0;
  const db = await getDb();

  const categoryIds = (
    await db.select({ id: categories.id }).from(categories).where(ne(categories.slug, "changelog"))
  ).map((row) => row.id);
  const authorIds = (await db.select({ id: authors.id }).from(authors)).map((row) => row.id);
  if (categoryIds.length === 0 || authorIds.length === 0) {
    throw new Error("Synthetic articles need categories and authors: seed the demo content first.");
  }

  const random = mulberry32(options.seed ?? randomBytes(4).readUInt32LE(0));
  // Slug suffix: a random run id plus a counter, so slugs never repeat within a run and
  // practically never across runs; a rare clash is caught by ON CONFLICT and regenerated.
  const runId = randomBytes(4).readUInt32LE(0).toString(36).padStart(7, "0").slice(-5);
  let sequence = 0;
  const now = Date.now();
  const span = 4 * 365.25 * 24 * 60 * 60 * 1000;

  const distinct: { generated: ReturnType<typeof generateSyntheticArticle>; rendered: RenderedMarkdown }[] = [];
  async function nextArticle() {
    if (distinct.length >= SYNTHETIC_DISTINCT) return distinct[Math.floor(random() * distinct.length)]!;
    const generated = generateSyntheticArticle(random);
    const article = { generated, rendered: await renderMarkdown(generated.content) };
    distinct.push(article);
    return article;
  }

  let done = 0;
  let fruitlessRounds = 0;
  while (done < count) {
    const size = Math.min(SYNTHETIC_BATCH_SIZE, count - done);
    const rows = [];
    for (let i = 0; i < size; i++) {
      const { generated, rendered } = await nextArticle();
      const publishedAt = new Date(now - Math.floor(random() * span));
      const base = slugify(generated.title).slice(0, 80).replace(/-+$/, "") || "article";
      rows.push({
        title: generated.title,
        slug: `${base}-${runId}${(sequence++).toString(36)}`,
        content: generated.content,
        contentHtml: rendered.html,
        previewHtml: rendered.previewHtml,
        toc: rendered.toc,
        readingMinutes: Math.max(1, rendered.readingMinutes),
        excerpt: generated.excerpt,
        imageUrl: null,
        categoryId: categoryIds[Math.floor(random() * categoryIds.length)]!,
        authorId: authorIds[Math.floor(random() * authorIds.length)]!,
        featured: false,
        publishedAt,
        updatedAt: publishedAt,
      });
    }
    const inserted = await db
      .insert(articles)
      .values(rows)
      .onConflictDoNothing({ target: articles.slug })
      .returning({ id: articles.id });
    done += inserted.length;
    fruitlessRounds = inserted.length === 0 ? fruitlessRounds + 1 : 0;
    if (fruitlessRounds >= 3) throw new Error("Could not generate unique slugs for synthetic articles.");
    options.onProgress?.(done);
  }
  return done;
}

/**
 * The site pages (terms, privacy, FAQ, …) that are missing: run on every start (startup()) and by
 * `npm run db:seed`, so an existing database gets them too; pages already there are left as
 * administrators edited them. Returns how many were added.
 */
export async function seedSitePages(): Promise<number> {
  const { insertMissingPages } = await import("~/pages/pages.server");
  const { pages: demoPages } = await import("./demo/pages");
  return insertMissingPages(demoPages);
}
