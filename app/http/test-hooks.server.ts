/**
 * Hooks for the browser tests, active only when the server runs with ENABLE_TEST_HOOKS=1; a
 * no-op in every real deployment. No route module imports this: the request handler's
 * instrumentation (app/entry.server.tsx) applies it to every request at once.
 *
 * - A request carrying the cookie `dp_test_fail_reads=1` runs with its content reads failing
 *   (the database module's `withSimulatedReadFailures`), to prove every page renders its frame,
 *   the spec's toast and a reference instead of the driver's text.
 * - The routes /__test/crash and /__test/slow exist only while `testHooksEnabled()`.
 */
import type { ServerInstrumentation } from "react-router";
import { withSimulatedReadFailures } from "~/db/db.server";
import { testHooksEnabled } from "~/env.server";

export const FAIL_READS_COOKIE = "dp_test_fail_reads";

export { testHooksEnabled };

function wantsFailingReads(request: { headers: Pick<Headers, "get"> }) {
  if (!testHooksEnabled()) return false;
  const cookies = request.headers.get("Cookie") ?? "";
  return cookies.split(";").some((part) => part.trim() === `${FAIL_READS_COOKIE}=1`);
}

/** Marks a request that asked for failing reads, for everything it runs (loaders, actions, render). */
export const testHooksInstrumentation: ServerInstrumentation = {
  handler(handler) {
    handler.instrument({
      async request(handle, { request }) {
        if (wantsFailingReads(request)) await withSimulatedReadFailures(handle);
        else await handle();
      },
    });
  },
};
