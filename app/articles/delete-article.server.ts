import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { articles } from "~/db/schema";
import { type AuditActor, type AuditCommandActor, recordAudit } from "~/audit/audit.server";
import { announceArticle, articlePageState } from "./article-tags.server";

/** Deletes article `id`; "not-found" when there was none. */
export async function deleteArticle(
  id: number,
  actor: AuditActor | AuditCommandActor,
): Promise<{ status: "deleted"; slug: string } | { status: "not-found" }> {
  const db = await getDb();
  const before = await articlePageState(id);
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(articles)
      .where(eq(articles.id, id))
      .returning({ id: articles.id, slug: articles.slug, title: articles.title });
    if (deleted) {
      await recordAudit(
        actor,
        { kind: "article", action: "deleted", targetId: id, summary: `Deleted “${deleted.title}”` },
        tx,
      );
    }
    return deleted;
  });
  if (!row) return { status: "not-found" };
  await announceArticle(row.id, before);
  return { status: "deleted", slug: row.slug };
}
