import { data } from "react-router";
import type { Route } from "./+types/test-hooks.slow";

/**
 * A slow response, so the tests can prove that shutdown lets in-flight requests finish.
 * Exists only when the server was started with ENABLE_TEST_HOOKS=1.
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (process.env.ENABLE_TEST_HOOKS !== "1") throw data(null, { status: 404 });
  const ms = Math.min(Number(new URL(request.url).searchParams.get("ms")) || 1000, 10_000);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response("slow response finished", { headers: { "Content-Type": "text/plain" } });
}
