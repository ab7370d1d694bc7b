import { testHooksEnabled } from "~/http/test-hooks.server";
import { notFound } from "~/lib/route-errors";
import type { Route } from "./+types/test-hooks.slow";

/**
 * A slow response, so the tests can prove that shutdown lets in-flight requests finish.
 * Exists only when the server was started with ENABLE_TEST_HOOKS=1.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!testHooksEnabled()) throw notFound();
  const ms = Math.min(Number(new URL(request.url).searchParams.get("ms")) || 1000, 10_000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response("slow response finished", { headers: { "Content-Type": "text/plain" } });
}
