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
  if (mode === "replace") return replaceTopics(tx, [{ subscriberId, topics }]);
  if (topics.everything) {
    await tx.update(subscribers).set({ everything: true }).where(eq(subscribers.id, subscriberId));
  }
  await addTopics(tx, [{ subscriberId, topics }]);
}

type TopicsOf = { subscriberId: number; topics: Pick<ResolvedTopics, "everything" | "categoryIds" | "authorIds"> };

/** Sets the topics of many subscribers at once (an import's batch): five statements whatever the count. */
export async function replaceTopics(tx: Runner, entries: TopicsOf[]) {
  if (entries.length === 0) return;
  const ids = entries.map((entry) => entry.subscriberId);
  // Arrays as one parameter each (`any`, `unnest`): an import's batch of 250 builds cheaply.
  await tx.execute(sql`delete from subscriber_categories where subscriber_id = any(${sql.param(ids)}::int[])`);
  await tx.execute(sql`delete from subscriber_authors where subscriber_id = any(${sql.param(ids)}::int[])`);
  await tx.execute(sql`update subscribers s set everything = v.everything
    from unnest(${sql.param(ids)}::int[], ${sql.param(entries.map((entry) => entry.topics.everything))}::boolean[])
      as v(id, everything)
    where s.id = v.id`);
  await addTopics(tx, entries);
}

/** Adds topics to subscribers (kept ones stay): two statements whatever the count. */
export async function addTopics(tx: Runner, entries: TopicsOf[]) {
  const pairs = (topicIds: (topics: TopicsOf["topics"]) => number[]) => {
    const subscriberIds: number[] = [];
    const ids: number[] = [];
    for (const { subscriberId, topics } of entries) {
      for (const id of topicIds(topics)) {
        subscriberIds.push(subscriberId);
        ids.push(id);
      }
    }
    return { subscriberIds, ids };
  };
  const cats = pairs((topics) => topics.categoryIds);
  const people = pairs((topics) => topics.authorIds);
  if (cats.ids.length > 0) {
    await tx.execute(sql`insert into subscriber_categories (subscriber_id, category_id)
      select * from unnest(${sql.param(cats.subscriberIds)}::int[], ${sql.param(cats.ids)}::int[]) on conflict do nothing`);
  }
  if (people.ids.length > 0) {
    await tx.execute(sql`insert into subscriber_authors (subscriber_id, author_id)
      select * from unnest(${sql.param(people.subscriberIds)}::int[], ${sql.param(people.ids)}::int[]) on conflict do nothing`);
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
