/**
 * Categories in the admin panel (/admin/categories): the list with article counts, create,
 * rename (name and slug), describe, and delete (moving its articles and questions to another
 * category in the same transaction).
 *
 * - A renamed slug is kept in category_redirects: /category/{old} (and its feed) answer 301 to
 *   the current slug. A slug that still redirects to another category cannot be taken; a
 *   category may take back one of its own old slugs (the redirect is dropped).
 * - Every write records an audit entry (kind "category") in its transaction, then announces the
 *   pages it changed (contentChanged): the category's pages under both slugs, and for a rename
 *   or a delete the article pages that show its name, the lists, feeds and search.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { getDb } from "~/db/db.server";
import { isUniqueViolation } from "~/db/pg-error.server";
import { articles, categories, categoryRedirects, interviewQuestions } from "~/db/schema";
import { type CacheTag, tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { CATEGORY_MESSAGES, type CategoryFormValues } from "~/lib/category-schema";
import { namedInput, SLUG_PATTERN } from "~/lib/content";
import { insertNamed, nameOrSlugTaken, renameDetails, writeOrRaced } from "~/taxonomy/named-rows.server";

export type AdminCategory = {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** Every article in it, drafts included (they move too when it is deleted). */
  articleCount: number;
};

export type CategoryInput = { name: string; slug: string; description: string };
type FieldErrors = Partial<Record<"name" | "slug" | "moveTo", string[]>>;

export type CategorySaveResult =
  | { status: "saved"; category: AdminCategory }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "not-found" };

export type CategoryDeleteResult =
  | { status: "deleted"; name: string; moved: number; movedTo: string | null }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "not-found" };

/** The form's values as a save writes them: an empty slug is made from the name. */
export function toCategoryInput(values: CategoryFormValues): CategoryInput | { fieldErrors: FieldErrors } {
  return namedInput(values) ?? { fieldErrors: { slug: [CATEGORY_MESSAGES.slugFromName] } };
}

// Written out: inside a subquery Drizzle leaves column names unqualified.
const articleCount = sql<number>`(select count(*) from articles a where a.category_id = "categories"."id")`
  .mapWith(Number)
  .as("article_count");

const adminColumns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
};

/** Every category, by name, with its article count (articles_category_published_idx). */
export async function listAdminCategories(): Promise<AdminCategory[]> {
  const db = await getDb();
  return db
    .select({ ...adminColumns, articleCount })
    .from(categories)
    .orderBy(asc(sql`lower(${categories.name})`), asc(categories.id));
}

export async function getAdminCategory(id: number): Promise<AdminCategory | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...adminColumns, articleCount })
    .from(categories)
    .where(eq(categories.id, id))
    .limit(1);
  return row ?? null;
}

/** The current slug of the category that `slug` used to name, or null. */
export async function findCategoryRedirect(slug: string): Promise<string | null> {
  const old = slug.trim().toLowerCase();
  if (old.length > 200 || !SLUG_PATTERN.test(old)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ slug: categories.slug })
    .from(categoryRedirects)
    .innerJoin(categories, eq(categories.id, categoryRedirects.categoryId))
    .where(eq(categoryRedirects.oldSlug, old))
    .limit(1);
  return row && row.slug !== old ? row.slug : null;
}

/** Name and slug free (other than `exceptId`), the slug not another category's old one. */
async function conflicts(input: CategoryInput, exceptId: number | null): Promise<FieldErrors> {
  const db = await getDb();
  const [taken, [redirect]] = await Promise.all([
    nameOrSlugTaken(categories, input, exceptId),
    db
      .select({ categoryId: categoryRedirects.categoryId })
      .from(categoryRedirects)
      .where(eq(categoryRedirects.oldSlug, input.slug))
      .limit(1),
  ]);
  const errors: FieldErrors = {};
  if (taken.name) errors.name = [CATEGORY_MESSAGES.nameTaken];
  if (taken.slug) errors.slug = [CATEGORY_MESSAGES.slugTaken];
  else if (redirect && redirect.categoryId !== exceptId) errors.slug = [CATEGORY_MESSAGES.slugRedirects];
  return errors;
}

/** A lost race on a unique key, as the field error the pre-check would have given. */
function raceErrors(error: unknown): FieldErrors | null {
  const constraint = isUniqueViolation(
    error,
    "categories_name_lower_key",
    "categories_slug_key",
    "category_redirects_pkey",
  );
  if (constraint === false) return null;
  if (constraint === "categories_name_lower_key") return { name: [CATEGORY_MESSAGES.nameTaken] };
  if (constraint === "category_redirects_pkey") return { slug: [CATEGORY_MESSAGES.slugRedirects] };
  return { slug: [CATEGORY_MESSAGES.slugTaken] };
}

/** Published article pages that show this category (their breadcrumb and badge). */
async function articlePageTags(categoryId: number): Promise<CacheTag[]> {
  const db = await getDb();
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(and(eq(articles.categoryId, categoryId), sql`${articles.status} = 'published'`));
  return rows.map((row) => tags.article(row.slug));
}

export async function createCategory(actor: AuditActor, input: CategoryInput): Promise<CategorySaveResult> {
  const fieldErrors = await conflicts(input, null);
  if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  const written = await insertNamed(
    actor,
    "category",
    async (tx) => {
      const [row] = await tx.insert(categories).values(input).returning(adminColumns);
      return row && { ...row, articleCount: 0 };
    },
    raceErrors,
  );
  if (written.status === "invalid") return written;
  const created = written.value;
  // A new category shows in the search filters and the sitemap; its own page was a 404 (never cached).
  await contentChanged(`category:${created.id}`, [tags.category(created.slug), tags.search, tags.feeds]);
  return { status: "saved", category: created };
}

/** Rename (name and/or slug) and describe; an old slug keeps answering with a 301. */
export async function updateCategory(actor: AuditActor, id: number, input: CategoryInput): Promise<CategorySaveResult> {
  const before = await getAdminCategory(id);
  if (!before) return { status: "not-found" };
  const fieldErrors = await conflicts(input, id);
  if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  const renamed = before.name !== input.name || before.slug !== input.slug;
  const db = await getDb();
  const written = await writeOrRaced(
    () =>
      db.transaction(async (tx) => {
        await tx.update(categories).set(input).where(eq(categories.id, id));
        if (before.slug !== input.slug) {
          // Taking back one of its own old slugs: that redirect goes.
          await tx
            .delete(categoryRedirects)
            .where(and(eq(categoryRedirects.oldSlug, input.slug), eq(categoryRedirects.categoryId, id)));
          await tx
            .insert(categoryRedirects)
            .values({ oldSlug: before.slug, categoryId: id })
            .onConflictDoUpdate({ target: categoryRedirects.oldSlug, set: { categoryId: id, createdAt: new Date() } });
        }
        const changes: string[] = [];
        if (before.name !== input.name) changes.push(`renamed ${before.name} to ${input.name}`);
        if (before.slug !== input.slug) changes.push(`moved /category/${before.slug} to /category/${input.slug}`);
        if (before.description !== input.description) changes.push("edited the description");
        await recordAudit(
          actor,
          {
            kind: "category",
            action: renamed ? "renamed" : "updated",
            targetId: id,
            summary: `Category ${input.name}: ${changes.length > 0 ? changes.join(", ") : "saved without changes"}`,
            details: renameDetails(before, input),
          },
          tx,
        );
      }),
    raceErrors,
  );
  if (written.status === "invalid") return written;
  const touched = new Set([tags.category(before.slug), tags.category(input.slug)]);
  if (renamed) {
    // Cards, article pages, feeds and search results show the name and link the slug.
    for (const tag of [tags.lists, tags.feeds, tags.search, ...(await articlePageTags(id))]) touched.add(tag);
  }
  await contentChanged(`category:${id}`, [...touched]);
  return { status: "saved", category: { ...before, ...input } };
}

/**
 * Deletes a category. One that still has articles needs `moveTo` (another category): its
 * articles and interview questions move there in the same transaction as the delete.
 */
export async function deleteCategory(
  actor: AuditActor,
  id: number,
  moveTo: number | null,
): Promise<CategoryDeleteResult> {
  const category = await getAdminCategory(id);
  if (!category) return { status: "not-found" };
  if (moveTo === id) return { status: "invalid", fieldErrors: { moveTo: [CATEGORY_MESSAGES.moveInvalid] } };
  if (category.articleCount > 0 && moveTo === null)
    return { status: "invalid", fieldErrors: { moveTo: [CATEGORY_MESSAGES.moveRequired] } };
  const target = moveTo === null ? null : await getAdminCategory(moveTo);
  if (moveTo !== null && !target)
    return { status: "invalid", fieldErrors: { moveTo: [CATEGORY_MESSAGES.moveInvalid] } };
  const postTags = await articlePageTags(id);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // Locks the row: an article saved into it meanwhile waits, then fails on the foreign key.
    const [locked] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for("update");
    if (!locked) return null;
    if (!target) {
      // An article saved into it since the form was shown: it must move, not lose its category.
      const [row] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(articles)
        .where(eq(articles.categoryId, id));
      if ((row?.n ?? 0) > 0) return "needs-move" as const;
    }
    let moved = 0;
    if (target) {
      const movedRows = await tx
        .update(articles)
        .set({ categoryId: target.id })
        .where(eq(articles.categoryId, id))
        .returning({ id: articles.id });
      moved = movedRows.length;
      await tx.update(interviewQuestions).set({ categoryId: target.id }).where(eq(interviewQuestions.categoryId, id));
    }
    await tx.delete(categories).where(eq(categories.id, id));
    await recordAudit(
      actor,
      {
        kind: "category",
        action: "deleted",
        targetId: id,
        summary: target
          ? `Deleted category ${category.name}, moving ${moved} ${moved === 1 ? "article" : "articles"} to ${target.name}`
          : `Deleted category ${category.name}`,
        details: { slug: category.slug, movedTo: target?.id ?? null, moved },
      },
      tx,
    );
    return { moved };
  });
  if (!result) return { status: "not-found" };
  if (result === "needs-move") return { status: "invalid", fieldErrors: { moveTo: [CATEGORY_MESSAGES.moveRequired] } };
  const touched = [tags.category(category.slug), tags.lists, tags.feeds, tags.search, ...postTags];
  if (target) touched.push(tags.category(target.slug));
  await contentChanged(`category:${id}`, touched);
  return { status: "deleted", name: category.name, moved: result.moved, movedTo: target?.name ?? null };
}
