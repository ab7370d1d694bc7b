import { getUser } from "~/auth/guards.server";
import { isStaffRole } from "~/auth/permissions";
import { health } from "~/http/runtime.server";
import { outboxHealth } from "~/mail/outbox.server";
import type { Route } from "./+types/healthz";

/**
 * 200 when the database answers, 503 otherwise. Never cached. Staff signed in also get the
 * details: the mail outbox's pending count, the age of its oldest pending mail and the mails
 * that failed for good in the last day.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ok = await health();
  const user = ok ? await getUser(request).catch(() => null) : null;
  const details = user && isStaffRole(user.role) ? { mail: await outboxHealth() } : undefined;
  return Response.json(
    { status: ok ? "ok" : "unavailable", ...(details ? { details } : {}) },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
