/**
 * Site pages (terms, privacy, FAQ, …): markdown stored in `pages`, rendered and sanitised at save
 * (app/markdown), edited by administrators. A save is audited and drops the page's cached copy.
 */
import { asc, eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { getDb } from "~/db/db.server";
import { pages } from "~/db/schema";
import { tags } from "~/cache/tags";
import { contentChanged } from "~/cache/content-events.server";
import { renderMarkdown } from "~/markdown/markdown.server";

export type SitePage = { slug: string; title: string; contentHtml: string; updatedAt: string };

/** A page as readers see it, or null. */
export async function getPage(slug: string): Promise<SitePage | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: pages.slug, title: pages.title, contentHtml: pages.contentHtml, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.slug, slug))
    .limit(1);
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

/** A page with its markdown, for the editor. */
export async function getPageSource(slug: string) {
  const db = await getDb();
  const [row] = await db
    .select({ slug: pages.slug, title: pages.title, content: pages.content, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.slug, slug))
    .limit(1);
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

/** Every page, by title (the admin list). */
export async function listPages() {
  const db = await getDb();
  const rows = await db
    .select({ slug: pages.slug, title: pages.title, updatedAt: pages.updatedAt })
    .from(pages)
    .orderBy(asc(pages.title));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** Saves an existing page's title and markdown (rendered now); false when there is no such page. */
export async function savePage(
  actor: AuditActor,
  slug: string,
  input: { title: string; content: string },
): Promise<boolean> {
  const rendered = await renderMarkdown(input.content);
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pages)
      .set({
        title: input.title,
        content: input.content,
        contentHtml: rendered.html,
        updatedAt: sql`now()`,
        updatedBy: actor.id,
      })
      .where(eq(pages.slug, slug))
      .returning({ slug: pages.slug });
    if (!row) return false;
    await recordAudit(
      actor,
      { kind: "page", action: "updated", targetId: slug, summary: `Edited page “${input.title}”` },
      tx,
    );
    return true;
  });
  if (saved) await contentChanged(`page ${slug} saved`, [tags.page(slug)]);
  return saved;
}

/** Inserts the pages that are missing (rendered now); existing pages are never overwritten. */
export async function insertMissingPages(seed: readonly { slug: string; title: string; content: string }[]) {
  const db = await getDb();
  const present = new Set((await db.select({ slug: pages.slug }).from(pages)).map((row) => row.slug));
  const missing = seed.filter((page) => !present.has(page.slug));
  for (const page of missing) {
    const rendered = await renderMarkdown(page.content);
    await db
      .insert(pages)
      .values({ slug: page.slug, title: page.title, content: page.content, contentHtml: rendered.html })
      .onConflictDoNothing();
  }
  return missing.length;
}
