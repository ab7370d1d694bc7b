/**
 * Imports (issue 25): a preview of what an import will do, then the import itself, article by
 * article (each in its own transaction: never half an article). Importing the same file again
 * creates nothing new (imported_articles remembers each source post), and an interrupted import
 * resumes by running it again. Images inside the file go to the media library through the
 * upload checks; remote images are kept as links and listed. Every article is rendered by the
 * same pipeline as an editor's save. Old paths become 301 redirects (import_redirects).
 */
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { renderArticleColumns } from "~/articles/save-article.server";
import { announceArticle, articlePageState } from "~/articles/article-tags.server";
import { recordRevision } from "~/articles/revisions.server";
import { type AuditActor, type AuditCommandActor, recordAudit } from "~/audit/audit.server";
import { getDb, queryRows } from "~/db/db.server";
import { articles, authors, categories, importedArticles, importRedirects } from "~/db/schema";
import { slugify } from "~/lib/content";
import { postHref } from "~/lib/urls";
import { recordUsages, storeUpload } from "~/media/media.server";
import { parseTagList, TAG_LIMITS } from "~/lib/tag-names";
import { setArticleTags } from "~/taxonomy/tags.server";
import type { ImportSource, SourceArticle } from "./import-sources.server";

export type ConflictPolicy = "skip" | "rename";

export type PlannedArticle = {
  article: SourceArticle;
  action: "create" | "unchanged" | "skip-conflict";
  /** The slug it will have here (a new one when renamed). */
  slug: string;
  renamedFrom?: string;
};

export type ImportPlan = {
  kind: ImportSource["kind"];
  items: PlannedArticle[];
  categoriesToCreate: string[];
  authorsToCreate: string[];
  counts: { create: number; unchanged: number; conflicts: number; renamed: number };
};

async function takenSlugs(): Promise<Set<string>> {
  const rows = await queryRows<{ slug: string }>(
    await getDb(),
    sql`select slug from articles union select old_slug as slug from slug_redirects`,
  );
  return new Set(rows.map((row) => row.slug));
}

/** What importing `source` would do (nothing is written). */
export async function planImport(source: ImportSource, onConflict: ConflictPolicy = "rename"): Promise<ImportPlan> {
  const db = await getDb();
  const imported = new Set(
    (
      await db
        .select({ sourceId: importedArticles.sourceId })
        .from(importedArticles)
        .where(eq(importedArticles.source, source.kind))
    ).map((row) => row.sourceId),
  );
  const taken = await takenSlugs();
  const items: PlannedArticle[] = [];
  const counts = { create: 0, unchanged: 0, conflicts: 0, renamed: 0 };
  for (const article of source.articles) {
    if (imported.has(article.sourceId)) {
      items.push({ article, action: "unchanged", slug: article.slug });
      counts.unchanged++;
      continue;
    }
    let slug = article.slug || "imported";
    if (taken.has(slug)) {
      counts.conflicts++;
      if (onConflict === "skip") {
        items.push({ article, action: "skip-conflict", slug });
        continue;
      }
      let n = 2;
      while (taken.has(`${slug}-${n}`)) n++;
      const renamed = `${slug}-${n}`;
      items.push({ article, action: "create", slug: renamed, renamedFrom: slug });
      counts.renamed++;
      slug = renamed;
    } else {
      items.push({ article, action: "create", slug });
    }
    taken.add(slug);
    counts.create++;
  }
  const creating = items.filter((item) => item.action === "create").map((item) => item.article);
  const known = async (table: typeof categories | typeof authors, names: string[]) => {
    const wanted = [...new Set(names)];
    if (wanted.length === 0) return [];
    const rows = await db.select({ name: table.name, slug: table.slug }).from(table);
    const have = new Set(rows.flatMap((row) => [row.name.toLowerCase(), row.slug]));
    return wanted.filter((name) => !have.has(name.toLowerCase()) && !have.has(slugify(name)));
  };
  return {
    kind: source.kind,
    items,
    categoriesToCreate: await known(
      categories,
      creating.flatMap((a) => (a.category ? [a.category] : [])),
    ),
    authorsToCreate: await known(
      authors,
      creating.flatMap((a) => (a.author ? [a.author] : [])),
    ),
    counts,
  };
}

export type ImportReport = {
  created: { slug: string; title: string }[];
  unchanged: number;
  skipped: { slug: string; reason: string }[];
  renamed: { from: string; to: string }[];
  images: number;
  remoteImages: string[];
  missingImages: string[];
  redirects: number;
  failed: { title: string; reason: string }[];
};

const IMAGE = /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(\s+"[^"]*")?\s*\)/g;

/** Finds `src` among the imported files (relative to the article's folder, or to the root). */
function findFile(source: ImportSource, folder: string, src: string): { name: string; bytes: Buffer } | null {
  let clean: string;
  try {
    clean = decodeURIComponent(src.split(/[?#]/, 1)[0]!);
  } catch {
    return null;
  }
  const candidates = clean.startsWith("/")
    ? [clean.slice(1), `static/${clean.slice(1)}`, `public/${clean.slice(1)}`]
    : [path.posix.join(folder, clean), clean];
  for (const candidate of candidates) {
    const name = path.posix.normalize(candidate);
    if (name.startsWith("..")) continue;
    const bytes = source.files.get(name);
    if (bytes) return { name, bytes };
  }
  return null;
}

async function mapOrCreate(
  table: typeof categories | typeof authors,
  name: string,
  cache: Map<string, number>,
  givenSlug?: string | null,
): Promise<number | null> {
  const key = name.toLowerCase();
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const db = await getDb();
  const slug = (givenSlug && slugify(givenSlug) === givenSlug ? givenSlug : null) ?? slugify(name);
  if (!slug) return null;
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(sql`lower(${table.name}) = ${key} or ${table.slug} = ${slug}`)
    .limit(1);
  let id = found?.id;
  if (id === undefined) {
    const [created] = await db.insert(table).values({ name, slug }).onConflictDoNothing().returning({ id: table.id });
    id = created?.id;
  }
  if (id === undefined) return null;
  cache.set(key, id);
  return id;
}

/** Runs the plan: creates each article in its own transaction and returns the report. */
export async function applyImport(
  source: ImportSource,
  plan: ImportPlan,
  actor: AuditActor | AuditCommandActor,
  fileLabel: string,
): Promise<ImportReport> {
  const db = await getDb();
  const report: ImportReport = {
    created: [],
    unchanged: plan.counts.unchanged,
    skipped: [],
    renamed: [],
    images: 0,
    remoteImages: [],
    missingImages: [],
    redirects: 0,
    failed: [],
  };
  const categoryIds = new Map<string, number>();
  const authorIds = new Map<string, number>();
  const uploads = new Map<string, string>();
  for (const item of plan.items) {
    if (item.action === "skip-conflict") {
      report.skipped.push({ slug: item.slug, reason: "an article here already has this slug" });
      continue;
    }
    if (item.action !== "create") continue;
    const article = item.article;
    try {
      const image = async (src: string): Promise<string> => {
        if (/^(https?:)?\/\//i.test(src) || src.startsWith("data:")) {
          if (/^(https?:)?\/\//i.test(src)) report.remoteImages.push(src);
          return src;
        }
        const found = findFile(source, article.folder, src);
        if (!found) {
          report.missingImages.push(`${article.sourceId}: ${src}`);
          return src;
        }
        const known = uploads.get(found.name);
        if (known) return known;
        try {
          const stored = await storeUpload({
            bytes: found.bytes,
            name: path.posix.basename(found.name),
            userId: actor.id,
          });
          uploads.set(found.name, stored.upload.url);
          if (stored.created) report.images++;
          return stored.upload.url;
        } catch (error) {
          report.missingImages.push(`${article.sourceId}: ${src} (${(error as Error).message})`);
          return src;
        }
      };
      // Images in the body: imported, pointed at the media library, and given alt text.
      let content = "";
      let last = 0;
      for (const match of article.markdown.matchAll(IMAGE)) {
        const [whole, alt = "", src = "", title = ""] = match;
        const url = await image(src);
        const altText =
          alt.trim() || path.posix.basename(src.split(/[?#]/, 1)[0]!).replace(/\.[a-z0-9]+$/i, "") || "image";
        content += `${article.markdown.slice(last, match.index)}![${altText}](${url}${title})`;
        last = match.index! + whole.length;
      }
      content += article.markdown.slice(last);
      if (!content.trim()) content = article.excerpt ?? article.title;
      const cover = article.cover ? await image(article.cover) : null;
      const categoryId = article.category
        ? await mapOrCreate(categories, article.category, categoryIds, article.categorySlug)
        : null;
      const authorId = article.author
        ? await mapOrCreate(authors, article.author, authorIds, article.authorSlug)
        : null;
      const input = {
        title: article.title.slice(0, 200),
        slug: item.slug,
        content,
        excerpt: article.excerpt?.slice(0, 500) ?? null,
        imageUrl: cover,
        categoryId,
        featured: article.featured === true,
        // Front matter `tags`, Ghost's tags, dev.to's tag_list: normalised, at most 5 (longer
        // or empty ones are left out rather than failing the import).
        tags: parseTagList(article.tags)
          .tags.slice(0, TAG_LIMITS.count)
          .map((tag) => tag.name),
      };
      const { values, hashes } = await renderArticleColumns(input);
      const published = article.status === "published";
      const publishedAt = published ? (article.publishedAt ?? new Date()) : null;
      const updatedAt = article.updatedAt ?? article.publishedAt ?? new Date();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(articles)
          .values({
            ...values,
            authorId,
            status: published ? "published" : "draft",
            publishedAt,
            updatedAt,
            revisedAt: sql`now()`,
          })
          .returning({ id: articles.id });
        if (!row) throw new Error("The article was not saved.");
        await setArticleTags(tx, row.id, input.tags);
        await tx
          .insert(importedArticles)
          .values({ source: article.source, sourceId: article.sourceId, articleId: row.id });
        for (const oldPath of new Set(article.oldPaths)) {
          if (oldPath === postHref(item.slug)) continue;
          const inserted = await tx
            .insert(importRedirects)
            .values({ path: oldPath, articleId: row.id })
            .onConflictDoNothing()
            .returning({ path: importRedirects.path });
          report.redirects += inserted.length;
        }
        await recordUsages(tx as never, row.id, hashes);
        await recordRevision(tx, {
          articleId: row.id,
          userId: actor.id,
          reason: "created",
          fields: { ...input },
        });
        return row.id;
      });
      await announceArticle(id, await articlePageState(id));
      report.created.push({ slug: item.slug, title: article.title });
      if (item.renamedFrom) report.renamed.push({ from: item.renamedFrom, to: item.slug });
    } catch (error) {
      report.failed.push({ title: article.title, reason: (error as Error).message });
    }
  }
  await recordAudit(actor, {
    kind: "site",
    action: "imported",
    summary: `Imported ${report.created.length} articles from ${fileLabel} (${plan.kind}); ${report.unchanged} already imported, ${report.skipped.length} skipped`,
    details: {
      source: plan.kind,
      created: report.created.length,
      unchanged: report.unchanged,
      skipped: report.skipped.length,
      images: report.images,
      redirects: report.redirects,
      failed: report.failed.length,
    },
  });
  return report;
}

/** The article an old (imported) path redirects to: its slug, or null. */
export async function importedRedirect(pathname: string): Promise<string | null> {
  const clean = pathname.replace(/\/+$/, "");
  if (!clean || clean.length > 500) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: articles.slug })
    .from(importRedirects)
    .innerJoin(articles, and(eq(articles.id, importRedirects.articleId), eq(articles.status, "published")))
    .where(eq(importRedirects.path, clean))
    .limit(1);
  return row?.slug ?? null;
}
