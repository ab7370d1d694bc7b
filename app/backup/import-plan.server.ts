/**
 * The plan of an import (nothing is written here): for every article and page of the source,
 * whether it is created, overwrites what is here, is already imported (unchanged) or skipped,
 * and under which slug. A slug already taken is a conflict, resolved by the chosen policy:
 * rename (slug-2, slug-3, …), skip, or overwrite (the article or page that has it now is
 * replaced; an old slug that only redirects, or a page address the app itself uses, cannot be
 * overwritten and is renamed instead). An article or page that reads the same as the one here with
 * its slug (title and body, and an article's canonical URL: this site's own export, imported
 * while its articles are still here, or a site page nobody edited) is unchanged, whatever the
 * policy: only different content at a taken address is a conflict.
 */
import { inArray, sql } from "drizzle-orm";
import { storedCanonicalUrl } from "~/articles/canonical-url.server";
import { getDb, queryRows } from "~/db/db.server";
import { articles, authors, categories, importedArticles, importedPages } from "~/db/schema";
import { slugify } from "~/lib/content";
import type { ConflictPolicy } from "~/lib/import-options";
import { RESERVED_PAGE_SLUGS } from "~/lib/site-pages";
import type { ImportSource, SourceArticle, SourcePage } from "./import-types.server";
import type { ImportPreview, PlannedAction } from "./import-view";

export type PlannedItem = {
  target: "article" | "page";
  /** The article or page of the source. */
  source: SourceArticle | SourcePage;
  action: PlannedAction;
  /** Its slug here (a new one when renamed; the replaced one's when overwriting). */
  slug: string;
  renamedFrom: string | null;
};

export type ImportPlan = {
  kind: ImportSource["kind"];
  policy: ConflictPolicy;
  items: PlannedItem[];
  categoriesToCreate: string[];
  authorsToCreate: string[];
  problems: string[];
  counts: ImportPreview["counts"];
};

/** What an article or page says (title and body), as compared with what the source says. */
const textOf = (title: string, body: string) => `${title}\n${body.trimEnd()}`;
/** An article's also says where it was first published: a different canonical URL is a change. */
const articleTextOf = (title: string, body: string, canonicalUrl: string | null) =>
  `${textOf(title, body)}\n${canonicalUrl ?? ""}`;

/** Slugs in use: articles' (and their old slugs, which redirect), pages'. */
async function takenSlugs() {
  const db = await getDb();
  const [articleRows, redirectRows, pageRows] = await Promise.all([
    queryRows<{ slug: string }>(db, sql`select slug from articles`),
    queryRows<{ slug: string }>(db, sql`select old_slug as slug from slug_redirects`),
    queryRows<{ slug: string; title: string; content: string }>(db, sql`select slug, title, content from pages`),
  ]);
  return {
    articles: new Set(articleRows.map((row) => row.slug)),
    redirects: new Set(redirectRows.map((row) => row.slug)),
    pages: new Set(pageRows.map((row) => row.slug)),
    /** Each page's title and body: a source page that reads the same is already here. */
    pageTexts: new Map(pageRows.map((row) => [row.slug, textOf(row.title, row.content)])),
  };
}

/** The text of each article here whose slug the source asks for (a few at a time, by the slug's index). */
async function articleTexts(source: ImportSource) {
  const wanted = [...new Set(source.articles.map((article) => article.slug).filter(Boolean))];
  const texts = new Map<string, string>();
  const db = await getDb();
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .select({
        slug: articles.slug,
        title: articles.title,
        content: articles.content,
        canonicalUrl: articles.canonicalUrl,
      })
      .from(articles)
      .where(inArray(articles.slug, wanted.slice(i, i + 1000)));
    for (const row of rows) texts.set(row.slug, articleTextOf(row.title, row.content, row.canonicalUrl));
  }
  return texts;
}

async function importedIds(source: ImportSource) {
  const db = await getDb();
  const ids = (items: { sourceId: string }[]) => [...new Set(items.map((item) => item.sourceId))];
  const articleIds = ids(source.articles);
  const pageIds = ids(source.pages);
  const [articleRows, pageRows] = await Promise.all([
    articleIds.length === 0
      ? []
      : db
          .select({ id: importedArticles.sourceId })
          .from(importedArticles)
          .where(
            sql`${importedArticles.source} = ${source.kind} and ${inArray(importedArticles.sourceId, articleIds)}`,
          ),
    pageIds.length === 0
      ? []
      : db
          .select({ id: importedPages.sourceId })
          .from(importedPages)
          .where(sql`${importedPages.source} = ${source.kind} and ${inArray(importedPages.sourceId, pageIds)}`),
  ]);
  return { articles: new Set(articleRows.map((row) => row.id)), pages: new Set(pageRows.map((row) => row.id)) };
}

/** Names among `names` that match no row of `table` (by name, case aside, or by slug). */
async function unknownNames(table: typeof categories | typeof authors, names: string[]) {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return [];
  const db = await getDb();
  const rows = await db.select({ name: table.name, slug: table.slug }).from(table);
  const have = new Set(rows.flatMap((row) => [row.name.toLowerCase(), row.slug]));
  return wanted.filter((name) => !have.has(name.toLowerCase()) && !have.has(slugify(name)));
}

/** What importing `source` with `policy` would do. */
export async function planImport(source: ImportSource, policy: ConflictPolicy = "rename"): Promise<ImportPlan> {
  const taken = await takenSlugs();
  const texts = { article: await articleTexts(source), page: taken.pageTexts };
  const imported = await importedIds(source);
  const counts = { create: 0, overwrite: 0, unchanged: 0, skip: 0, conflicts: 0, renamed: 0 };
  const items: PlannedItem[] = [];
  const overwritten = new Set<string>();
  const plan = (target: "article" | "page", item: SourceArticle | SourcePage, done: boolean) => {
    const inUse = target === "article" ? taken.articles : taken.pages;
    const add = (action: PlannedAction, slug: string, renamedFrom: string | null = null) => {
      items.push({ target, source: item, action, slug, renamedFrom });
      counts[action]++;
      if (renamedFrom) counts.renamed++;
      if (action === "create") inUse.add(slug);
    };
    if (done) return add("unchanged", item.slug);
    // The same content at its own address: already here (this site's own export), never a conflict.
    const sourceText =
      "canonicalUrl" in item
        ? articleTextOf(item.title, item.markdown, storedCanonicalUrl(item.canonicalUrl, item.slug) ?? null)
        : textOf(item.title, item.markdown);
    if (texts[target].get(item.slug) === sourceText) return add("unchanged", item.slug);
    const wanted = item.slug || (target === "article" ? "imported" : "imported-page");
    const blocked = (slug: string) =>
      inUse.has(slug) || (target === "article" ? taken.redirects.has(slug) : RESERVED_PAGE_SLUGS.has(slug));
    if (!blocked(wanted)) return add("create", wanted);
    counts.conflicts++;
    if (policy === "skip") return add("skip", wanted);
    // Only what has this slug now can be replaced, and only once per import.
    const key = `${target}:${wanted}`;
    if (policy === "overwrite" && inUse.has(wanted) && !overwritten.has(key)) {
      overwritten.add(key);
      return add("overwrite", wanted);
    }
    let n = 2;
    while (blocked(`${wanted}-${n}`)) n++;
    return add("create", `${wanted}-${n}`, wanted);
  };
  for (const article of source.articles) plan("article", article, imported.articles.has(article.sourceId));
  for (const page of source.pages) plan("page", page, imported.pages.has(page.sourceId));
  const writing = items
    .filter((item) => item.target === "article" && (item.action === "create" || item.action === "overwrite"))
    .map((item) => item.source as SourceArticle);
  return {
    kind: source.kind,
    policy,
    items,
    categoriesToCreate: await unknownNames(
      categories,
      writing.flatMap((a) => (a.category ? [a.category] : [])),
    ),
    authorsToCreate: await unknownNames(
      authors,
      writing.flatMap((a) => (a.author ? [a.author] : [])),
    ),
    problems: source.problems,
    counts,
  };
}

/** How many rows of a plan a preview shows. */
export const PREVIEW_ROWS = 500;

export function previewOf(plan: ImportPlan): ImportPreview {
  const writes = { articles: 0, pages: 0 };
  for (const item of plan.items) {
    if (item.action === "create" || item.action === "overwrite")
      writes[item.target === "page" ? "pages" : "articles"]++;
  }
  return {
    writes,
    kind: plan.kind,
    policy: plan.policy,
    counts: plan.counts,
    categoriesToCreate: plan.categoriesToCreate,
    authorsToCreate: plan.authorsToCreate,
    problems: plan.problems,
    items: plan.items.slice(0, PREVIEW_ROWS).map((item) => ({
      target: item.target,
      title: item.source.title,
      slug: item.slug,
      action: item.action,
      renamedFrom: item.renamedFrom,
      draft: "status" in item.source && item.source.status === "draft",
    })),
    total: plan.items.length,
  };
}
