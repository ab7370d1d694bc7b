import { ready } from "~/http/runtime.server";

/**
 * Readiness for a load balancer: 200 when migrations are applied and the database answers;
 * 503 otherwise, and from the moment shutdown begins (SIGTERM), so traffic drains before the
 * process stops. `/healthz` stays the liveness check. Never cached.
 */
export async function loader() {
  const ok = await ready();
  return Response.json(
    { status: ok ? "ready" : "not ready" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
