/**
 * A subscription's topics: everything, or categories and authors (subscriber_categories and
 * subscriber_authors). Forms post slugs; unknown slugs are dropped.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Runner } from "~/db/db.server";
import { authors, categories, subscriberAuthors, subscriberCategories, subscribers } from "~/db/schema";
import type { TopicChoice, TopicOption } from "~/lib/newsletter-schema";

export type ResolvedTopics = { everything: boolean; categoryIds: number[]; authorIds: number[]; names: string[] };

/** The ids (and names, for mails) of the slugs a form posted. */
export async function resolveTopics(
  runner: Runner,
  choice: { everything: boolean; category: string[]; author: string[] },
): Promise<ResolvedTopics> {
  const [foundCategories, foundAuthors] = await Promise.all([
    choice.category.length === 0
      ? []
      : runner
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(inArray(categories.slug, choice.category)),
    choice.author.length === 0
      ? []
      : runner.select({ id: authors.id, name: authors.name }).from(authors).where(inArray(authors.slug, choice.author)),
  ]);
  return {
    everything: choice.everything,
    categoryIds: foundCategories.map((row) => row.id),
    authorIds: foundAuthors.map((row) => row.id),
    names: [...foundCategories, ...foundAuthors].map((row) => row.name),
  };
}

export const hasTopics = (topics: ResolvedTopics) =>
  topics.everything || topics.categoryIds.length > 0 || topics.authorIds.length > 0;

/** Sets (replace) or adds to (merge) a subscriber's topics. */
export async function writeTopics(tx: Runner, subscriberId: number, topics: ResolvedTopics, mode: "replace" | "merge") {
  if (mode === "replace") {
    await tx.delete(subscriberCategories).where(eq(subscriberCategories.subscriberId, subscriberId));
    await tx.delete(subscriberAuthors).where(eq(subscriberAuthors.subscriberId, subscriberId));
    await tx.update(subscribers).set({ everything: topics.everything }).where(eq(subscribers.id, subscriberId));
  } else if (topics.everything) {
    await tx.update(subscribers).set({ everything: true }).where(eq(subscribers.id, subscriberId));
  }
  if (topics.categoryIds.length > 0) {
    await tx
      .insert(subscriberCategories)
      .values(topics.categoryIds.map((categoryId) => ({ subscriberId, categoryId })))
      .onConflictDoNothing();
  }
  if (topics.authorIds.length > 0) {
    await tx
      .insert(subscriberAuthors)
      .values(topics.authorIds.map((authorId) => ({ subscriberId, authorId })))
      .onConflictDoNothing();
  }
}

/** A subscriber's topics as a form shows them (slugs). */
export async function readTopics(subscriberId: number, runner?: Runner): Promise<TopicChoice & { names: string[] }> {
  const db = runner ?? (await getDb());
  const [row] = await db
    .select({ everything: subscribers.everything })
    .from(subscribers)
    .where(eq(subscribers.id, subscriberId));
  const [cats, people] = await Promise.all([
    db
      .select({ slug: categories.slug, name: categories.name })
      .from(subscriberCategories)
      .innerJoin(categories, eq(categories.id, subscriberCategories.categoryId))
      .where(eq(subscriberCategories.subscriberId, subscriberId))
      .orderBy(asc(categories.name)),
    db
      .select({ slug: authors.slug, name: authors.name })
      .from(subscriberAuthors)
      .innerJoin(authors, eq(authors.id, subscriberAuthors.authorId))
      .where(eq(subscriberAuthors.subscriberId, subscriberId))
      .orderBy(asc(authors.name)),
  ]);
  return {
    everything: row?.everything ?? false,
    categories: cats.map((c) => c.slug),
    authors: people.map((a) => a.slug),
    names: [...cats, ...people].map((t) => t.name),
  };
}

/** What the manage forms offer: every category, and every author with a published article. */
export async function topicOptions(): Promise<{ categories: TopicOption[]; authors: TopicOption[] }> {
  const db = await getDb();
  const [cats, people] = await Promise.all([
    db.select({ slug: categories.slug, name: categories.name }).from(categories).orderBy(asc(categories.name)),
    db
      .select({ slug: authors.slug, name: authors.name })
      .from(authors)
      .where(sql`exists (select 1 from articles a where a.author_id = ${authors.id} and a.status = 'published')`)
      .orderBy(asc(authors.name)),
  ]);
  return { categories: cats, authors: people };
}
