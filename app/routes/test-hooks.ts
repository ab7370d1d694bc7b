import { data } from "react-router";
import type { Route } from "./+types/test-hooks";

/**
 * Hooks the browser tests use to reach states a reader cannot cause on purpose: a crash (the
 * 500 page) and a slow request (graceful shutdown). They exist only when the server was started
 * with ENABLE_TEST_HOOKS=1; otherwise this is the ordinary 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (process.env.ENABLE_TEST_HOOKS !== "1") throw data(null, { status: 404 });
  switch (params.hook) {
    case "crash":
      throw new Error("Deliberate crash for the error-page test");
    case "slow": {
      const ms = Math.min(Number(new URL(request.url).searchParams.get("ms") ?? 1000), 10_000);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return new Response("slow response finished", { headers: { "Content-Type": "text/plain" } });
    }
    default:
      throw data(null, { status: 404 });
  }
}
