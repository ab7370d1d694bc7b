import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { articles, authors, categories, previewLinks, type RevisionFields } from "~/db/schema";
import { renderMarkdown } from "~/markdown/markdown.server";
import { toIso } from "~/lib/dates";
import { createSecretToken, hashSecretToken, isSecretToken } from "~/auth/secret-tokens.server";
import { getEditorState } from "./pending-changes.server";
import type { PreviewLinkRow } from "./history-view";
import type { ArticleViewData } from "./article-view";
import { storedCanonicalUrl } from "./canonical-url.server";

/** A new preview link's token (shown once: only its hash is stored). */
export async function createPreviewLink(articleId: number): Promise<string | null> {
  const db = await getDb();
  const { token, hash } = createSecretToken();
  const [exists] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId)).limit(1);
  if (!exists) return null;
  await db.insert(previewLinks).values({ articleId, tokenHash: hash });
  return token;
}

export async function revokePreviewLink(articleId: number, linkId: number): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .update(previewLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(previewLinks.id, linkId), eq(previewLinks.articleId, articleId), isNull(previewLinks.revokedAt)))
    .returning({ id: previewLinks.id });
  return rows.length > 0;
}

export async function listPreviewLinks(articleId: number): Promise<PreviewLinkRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: previewLinks.id, createdAt: previewLinks.createdAt, revokedAt: previewLinks.revokedAt })
    .from(previewLinks)
    .where(eq(previewLinks.articleId, articleId))
    .orderBy(desc(previewLinks.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: toIso(row.createdAt),
    revokedAt: row.revokedAt ? toIso(row.revokedAt) : null,
  }));
}

/** Token shape: 32 random bytes in base64url. Anything else matches nothing (no query). */
export function isPlausibleToken(token: string) {
  return isSecretToken(token);
}

/**
 * What a preview link shows: the article's id and the fields to render (pending changes when
 * there are some), or the live slug once it is published with nothing pending (a 301). Null
 * for an unknown or revoked token.
 */
export async function resolvePreviewToken(
  token: string,
): Promise<{ kind: "live"; slug: string } | { kind: "preview"; articleId: number; fields: RevisionFields } | null> {
  if (!isPlausibleToken(token)) return null;
  const db = await getDb();
  const [link] = await db
    .select({ articleId: previewLinks.articleId })
    .from(previewLinks)
    .where(and(eq(previewLinks.tokenHash, hashSecretToken(token)), isNull(previewLinks.revokedAt)))
    .limit(1);
  if (!link) return null;
  const state = await getEditorState(link.articleId);
  if (!state) return null;
  if (state.status === "published" && !state.pending) return { kind: "live", slug: state.saved.slug };
  return { kind: "preview", articleId: link.articleId, fields: state.fields };
}

// The preview page

/** The article page's fields (./article-view) for an unpublished article, with its whole HTML. */
export type PreviewArticle = Pick<
  ArticleViewData,
  "slug" | "title" | "excerpt" | "imageUrl" | "canonicalUrl" | "readingMinutes" | "toc" | "category" | "author"
> & {
  /** ISO 8601: the publish date it will have (the schedule, or now). */
  publishedAt: string;
  html: string;
};

/**
 * What /preview/{token} shows: the article as its page will render it (pending changes when there
 * are some, rendered by the same markdown pipeline), or where the live article is.
 */
export async function previewByToken(
  token: string,
): Promise<{ kind: "live"; slug: string } | { kind: "preview"; article: PreviewArticle } | null> {
  const resolved = await resolvePreviewToken(token);
  if (!resolved || resolved.kind === "live") return resolved;
  const db = await getDb();
  const { fields } = resolved;
  const [[row], output] = await Promise.all([
    db
      .select({
        scheduledAt: articles.scheduledAt,
        publishedAt: articles.publishedAt,
        authorName: authors.name,
        authorAvatarUrl: authors.avatarUrl,
        authorBio: authors.bio,
      })
      .from(articles)
      .leftJoin(authors, eq(authors.id, articles.authorId))
      .where(eq(articles.id, resolved.articleId))
      .limit(1),
    renderMarkdown(fields.content),
  ]);
  const [category] =
    fields.categoryId === null
      ? []
      : await db
          .select({ name: categories.name, slug: categories.slug })
          .from(categories)
          .where(eq(categories.id, fields.categoryId))
          .limit(1);
  const when = row?.publishedAt ?? row?.scheduledAt ?? new Date();
  return {
    kind: "preview",
    article: {
      slug: fields.slug,
      title: fields.title,
      excerpt: fields.excerpt,
      imageUrl: fields.imageUrl,
      // As a save would store it (an autosave keeps whatever was typed).
      canonicalUrl: storedCanonicalUrl(fields.canonicalUrl ?? null, fields.slug) ?? null,
      publishedAt: toIso(when),
      readingMinutes: Math.max(1, output.readingMinutes),
      toc: output.toc,
      html: output.html,
      category: category ?? null,
      author:
        row?.authorName != null ? { name: row.authorName, avatarUrl: row.authorAvatarUrl, bio: row.authorBio } : null,
    },
  };
}
