import { testHooksEnabled } from "~/http/test-hooks.server";
import { notFound } from "~/lib/route-errors";

/**
 * A page whose loader crashes, so the browser tests can see the 500 page (the root error
 * boundary: this route is outside the layouts). It exists only when the server was started with
 * ENABLE_TEST_HOOKS=1; otherwise this is the ordinary 404.
 */
export function loader(): never {
  if (!testHooksEnabled()) throw notFound();
  throw new Error("Deliberate crash for the error-page test");
}

export default function Crash() {
  return null;
}
