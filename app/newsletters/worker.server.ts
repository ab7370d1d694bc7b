/**
 * The newsletter worker, on every instance (started by `startup()` in app/http/runtime.server.ts,
 * stopped by `shutdown()`): fans out queued newsletters (app/newsletters/fan-out.server.ts) and
 * sends the weekly digests when due (digest.server.ts). It runs at start, every POLL_MS, when a
 * newsletter is queued on any PostgreSQL instance (NOTIFY) and when content changes here (a
 * publish announces itself: the embedded database has no notifications). The database decides
 * who does each batch (FOR UPDATE SKIP LOCKED), so instances never write one mail twice. It runs
 * as background work (`inBackground`): on the embedded database its batches yield to requests.
 */
import { startWorkLoop, type WorkLoop } from "~/db/work-loop.server";
import { onContentChanged } from "~/cache/content-events.server";
import { logger } from "~/observability/logger.server";
import { sendDueDigests } from "./digest.server";
import { fanOutQueued, NEWSLETTER_CHANNEL } from "./fan-out.server";

export const POLL_MS = 5_000;
/** How often the digest's moment is checked (it is cheap: one indexed query when nothing is due). */
export const DIGEST_CHECK_MS = 60_000;

let worker: WorkLoop | null = null;

export async function startNewsletterWorker(options: { pollMs?: number } = {}): Promise<WorkLoop> {
  if (worker) return worker;
  let lastDigestCheck = 0;
  worker = await startWorkLoop({
    channel: NEWSLETTER_CHANNEL,
    pollMs: options.pollMs ?? POLL_MS,
    async work(stopped) {
      const written = await fanOutQueued({ stopped });
      if (written > 0) logger().info({ event: "newsletter", mails: written }, `newsletter fan-out: ${written} mail(s)`);
      if (Date.now() - lastDigestCheck >= DIGEST_CHECK_MS) {
        lastDigestCheck = Date.now();
        const digests = await sendDueDigests(new Date(), { stopped });
        if (digests > 0) logger().info({ event: "newsletter", digests }, `weekly digests queued: ${digests}`);
      }
    },
    failed: (error) => logger().error({ event: "newsletter", err: error }, "newsletter run failed"),
    // A publish here announces itself (the embedded database has no notifications).
    wakers: [(wake) => onContentChanged(() => wake())],
  });
  return worker;
}

export async function stopNewsletterWorker() {
  const stopping = worker;
  await stopping?.stop();
  if (worker === stopping) worker = null;
}
