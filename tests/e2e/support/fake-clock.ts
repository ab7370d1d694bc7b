import type { Page } from "@playwright/test";

/**
 * Timing tests on a page's own clock. Playwright's fake clock (installed with
 * `page.clock.install()` before the page opens) replaces the page's timers and
 * `performance.now()`. These helpers stop it once the page is ready and move it on in small
 * steps, letting the page render between steps, so a test measures the page's timers and not
 * how busy the machine running the suite is.
 */

/**
 * Stops the page's clock a moment from now (the clock runs on while the test reads it); timers
 * then wait for {@link advanceClock}.
 */
export async function pauseClock(page: Page) {
  for (let attempt = 0; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 100);
      return;
    } catch (error) {
      // The page's clock passed that moment before the pause arrived: read it again.
      if (attempt >= 5 || !String(error).includes("to the past")) throw error;
    }
  }
}

/** Lets the page finish the work its timers queued (React renders in a posted-message task). */
function settle(page: Page) {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * Moves the paused clock on by `ms`, `step` ms at a time, settling after each step: a change
 * a timer makes is seen at most one step after it was due.
 */
export async function advanceClock(page: Page, ms: number, step = 50) {
  for (let done = 0; done < ms; done += step) {
    await page.clock.runFor(Math.min(step, ms - done));
    await settle(page);
  }
}
