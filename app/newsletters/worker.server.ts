/**
 * The newsletter worker, on every instance (started by `startup()` in app/http/runtime.server.ts,
 * stopped by `shutdown()`): fans out queued newsletters (app/newsletters/fan-out.server.ts) and
 * sends the weekly digests when due (digest.server.ts). It runs at start, every POLL_MS, when a
 * newsletter is queued on any PostgreSQL instance (NOTIFY) and when content changes here (a
 * publish announces itself: the embedded database has no notifications). The database decides
 * who does each batch (FOR UPDATE SKIP LOCKED), so instances never write one mail twice. It runs
 * as background work (`inBackground`): on the embedded database its batches yield to requests.
 */
import { getDatabaseHandle, inBackground } from "~/db/db.server";
import { onContentChanged } from "~/cache/content-events.server";
import { logger } from "~/observability/logger.server";
import { sendDueDigests } from "./digest.server";
import { fanOutQueued, NEWSLETTER_CHANNEL } from "./fan-out.server";

export const POLL_MS = 5_000;
/** How often the digest's moment is checked (it is cheap: one indexed query when nothing is due). */
export const DIGEST_CHECK_MS = 60_000;

type Worker = { wake(): void; stop(): Promise<void> };
let worker: Worker | null = null;

export async function startNewsletterWorker(options: { pollMs?: number } = {}): Promise<Worker> {
  if (worker) return worker;
  const handle = await getDatabaseHandle();
  let stopped = false;
  let again = false;
  let running: Promise<unknown> = Promise.resolve();
  let lastDigestCheck = 0;
  const run = () => {
    if (stopped || again) return;
    again = true;
    running = running.then(() =>
      inBackground(async () => {
        again = false;
        if (stopped) return;
        try {
          const written = await fanOutQueued({ stopped: () => stopped });
          if (written > 0)
            logger().info({ event: "newsletter", mails: written }, `newsletter fan-out: ${written} mail(s)`);
          if (Date.now() - lastDigestCheck >= DIGEST_CHECK_MS) {
            lastDigestCheck = Date.now();
            const digests = await sendDueDigests(new Date(), { stopped: () => stopped });
            if (digests > 0) logger().info({ event: "newsletter", digests }, `weekly digests queued: ${digests}`);
          }
        } catch (error) {
          // The database may be briefly unreachable: the next wake or poll tries again.
          logger().error({ event: "newsletter", err: error }, "newsletter run failed");
        }
      }),
    );
  };
  const unlisten = await handle.listen(NEWSLETTER_CHANNEL, () => run());
  const unsubscribe = onContentChanged(() => run());
  const timer = setInterval(run, options.pollMs ?? POLL_MS);
  timer.unref();
  run();
  worker = {
    wake: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await unlisten();
      await running;
      worker = null;
    },
  };
  return worker;
}

export async function stopNewsletterWorker() {
  await worker?.stop();
}
