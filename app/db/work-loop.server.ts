/**
 * A background loop on every instance (the mail outbox, the newsletters): it runs its work at
 * start, every `pollMs`, on each NOTIFY on `channel` (from any instance) and on each `wake()`.
 * One run at a time; a wake during a run asks for one more run after it, never more. The work is
 * told when the loop is stopping; a run that throws is reported to `failed` and the next wake or
 * poll tries again (the database may be briefly unreachable). Runs are background work
 * (`inBackground`): on the embedded database their statements go after waiting requests'. `stop()` ends the timer, the
 * listener and the wakers given, then waits for the run under way.
 */
import { getDatabaseHandle, inBackground } from "./db.server";

export type WorkLoop = { wake(): void; stop(): Promise<void> };

export async function startWorkLoop(options: {
  channel: string;
  pollMs: number;
  work: (stopped: () => boolean) => Promise<void>;
  failed: (error: unknown) => void;
  /** Other ways to wake the loop; each returns how to stop it. */
  wakers?: ((wake: () => void) => () => void)[];
}): Promise<WorkLoop> {
  const handle = await getDatabaseHandle();
  let stopped = false;
  let again = false;
  let running: Promise<unknown> = Promise.resolve();
  const isStopped = () => stopped;
  const wake = () => {
    if (stopped || again) return;
    again = true;
    running = running.then(() =>
      inBackground(async () => {
        again = false;
        if (stopped) return;
        try {
          await options.work(isStopped);
        } catch (error) {
          options.failed(error);
        }
      }),
    );
  };
  const unlisten = await handle.listen(options.channel, () => wake());
  const unwake = (options.wakers ?? []).map((waker) => waker(wake));
  const timer = setInterval(wake, options.pollMs);
  timer.unref();
  wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      for (const stop of unwake) stop();
      await unlisten();
      await running;
    },
  };
}
