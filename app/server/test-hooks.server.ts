/**
 * Lets the browser tests force a database read failure, to prove every page still renders its
 * frame with the spec's error toast. Active only when the server runs with ENABLE_TEST_HOOKS=1
 * and the request carries the cookie `dp_test_fail_reads=1`; a no-op in every real deployment.
 */
export const FAIL_READS_COOKIE = "dp_test_fail_reads";

export class SimulatedDatabaseError extends Error {
  constructor() {
    super("The database is unavailable (simulated by the test suite).");
    this.name = "SimulatedDatabaseError";
  }
}

export function simulateReadFailure(request: Request) {
  if (process.env.ENABLE_TEST_HOOKS !== "1") return;
  if (request.headers.get("Cookie")?.includes(`${FAIL_READS_COOKIE}=1`)) throw new SimulatedDatabaseError();
}
