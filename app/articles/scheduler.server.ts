/**
 * The publishing scheduler: every running instance runs it (started by `startup()` in
 * app/http/runtime.server.ts, stopped by `shutdown()`); the database decides who publishes.
 *
 * - A tick claims due rows (status 'scheduled', scheduled_at <= now(), no publish error) with
 *   `FOR UPDATE SKIP LOCKED` inside one transaction, publishes them and records a 'published'
 *   revision for each; a second instance ticking at the same moment skips the locked rows, so
 *   an article is published exactly once. An instance that dies mid-publish leaves its
 *   transaction rolled back: the rows are due again for the next tick anywhere.
 * - It ticks at start (articles that fell due while no instance ran), every TICK_MS, and at once
 *   when content changes anywhere (LISTEN/NOTIFY through content-events.server.ts: another
 *   instance's schedule may fall due sooner than the next tick).
 * - A row that fails to publish keeps its status; the reason goes to publish_error (shown on the
 *   dashboard) and the row leaves the due set until the article is saved again.
 * - After the commit, every published article announces the change (contentChanged), which clears
 *   cached pages on every instance: home, lists, feeds and the sitemap show it at once.
 *
 * Index: articles_scheduled_due_idx (scheduled_at) where status = 'scheduled' and publish_error is null.
 */
import { eq, sql } from "drizzle-orm";
import { type Database, getDb, inBackground, queryRows } from "~/db/db.server";
import { articles } from "~/db/schema";
import { onContentChanged } from "~/cache/content-events.server";
import { announceArticle, articlePageState } from "./article-tags.server";
import { nextRevisedAt, recordRevision, rowFieldColumns } from "./revisions.server";
import { noteArticleNewsletter } from "~/newsletters/fan-out.server";
import { logger } from "~/observability/logger.server";
import { countSchedulerFailure, observeSchedulerTick } from "~/observability/metrics.server";

/** How often every instance looks for due articles. */
export const TICK_MS = 5_000;
/** Rows claimed per transaction (a tick repeats until none is left). */
export const CLAIM_BATCH = 20;

export type PublishHooks = {
  /** Test seam: runs inside the transaction before each row is published; a throw is that row's failure. */
  beforePublish?: (articleId: number) => Promise<void> | void;
};

/**
 * One claim-and-publish transaction on `db` (the test seam: several "instances" in one test);
 * returns the ids it published. The application calls `publishDueArticles()`.
 */
export async function publishDueOnce(db: Database, hooks: PublishHooks = {}): Promise<number[]> {
  const published: number[] = [];
  await db.transaction(async (tx) => {
    const due = await queryRows<{ id: number; late: number }>(
      tx as unknown as Database,
      sql`select id, extract(epoch from now() - scheduled_at)::float8 as late from articles
          where status = 'scheduled' and publish_error is null and scheduled_at <= now()
          order by scheduled_at, id
          limit ${CLAIM_BATCH}
          for update skip locked`,
    );
    for (const { id, late } of due) {
      try {
        // A savepoint per row: one failure does not undo the others.
        await tx.transaction(async (row) => {
          await hooks.beforePublish?.(id);
          const [fields] = await row.select(rowFieldColumns).from(articles).where(eq(articles.id, id));
          if (!fields) return;
          await row
            .update(articles)
            .set({
              status: "published",
              publishedAt: sql`now()`,
              scheduledAt: null,
              updatedAt: sql`greatest(now(), ${articles.updatedAt} + interval '1 microsecond')`,
              revisedAt: nextRevisedAt,
            })
            .where(eq(articles.id, id));
          await recordRevision(row, { articleId: id, userId: null, reason: "published", fields });
          await noteArticleNewsletter(row, id, { becameLive: true });
        });
        published.push(id);
        latestLagSeconds = Math.max(latestLagSeconds, Number(late) || 0);
      } catch (error) {
        const reason = error instanceof Error && error.message ? error.message : "unknown error";
        logger().error({ event: "scheduler", articleId: id, reason }, `publishing article ${id} failed`);
        countSchedulerFailure();
        await tx
          .update(articles)
          .set({ publishError: reason.slice(0, 500) })
          .where(eq(articles.id, id));
      }
    }
  });
  for (const id of published) await announceArticle(id, await articlePageState(id));
  return published;
}

/** Publishes every due article (in batches); returns their ids. */
export async function publishDueArticles(hooks: PublishHooks = {}): Promise<number[]> {
  const db = await getDb();
  const all: number[] = [];
  for (;;) {
    const batch = await publishDueOnce(db, hooks);
    all.push(...batch);
    if (batch.length < CLAIM_BATCH) return all;
  }
}

/** How late (seconds past its scheduled time) the latest article this tick published was (metrics). */
let latestLagSeconds = 0;

type Scheduler = { stop(): Promise<void> };
let running: Scheduler | null = null;

/** Starts this instance's scheduler (idempotent); the first tick runs at once. */
export function startScheduler(options: { tickMs?: number } = {}): Scheduler {
  if (running) return running;
  let stopped = false;
  let ticking: Promise<unknown> = Promise.resolve();
  let again = false;
  const tick = () => {
    if (stopped) return;
    if (again) return;
    again = true;
    ticking = ticking.then(() =>
      inBackground(async () => {
        again = false;
        if (stopped) return;
        const startedAt = performance.now();
        latestLagSeconds = 0;
        try {
          const ids = await publishDueArticles();
          observeSchedulerTick({
            seconds: (performance.now() - startedAt) / 1000,
            published: ids.length,
            lagSeconds: latestLagSeconds,
          });
          if (ids.length > 0) {
            logger().info({ event: "scheduler", articleIds: ids }, `published ${ids.length} scheduled article(s)`);
          }
        } catch (error) {
          // The database may be briefly unreachable: the next tick tries again.
          logger().error({ event: "scheduler", err: error }, "tick failed");
          countSchedulerFailure();
        }
      }),
    );
  };
  const timer = setInterval(tick, options.tickMs ?? TICK_MS);
  timer.unref();
  // A schedule saved anywhere (here, or on another instance through NOTIFY) may be due already.
  const unsubscribe = onContentChanged(() => tick());
  tick();
  running = {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await ticking;
      running = null;
    },
  };
  return running;
}

export async function stopScheduler() {
  await running?.stop();
}
