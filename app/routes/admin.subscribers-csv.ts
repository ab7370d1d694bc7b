/**
 * GET /admin/subscribers.csv (editors and administrators: "subscribers.manage"): every
 * subscriber with their topics and consent, as CSV streamed batch by batch
 * (app/newsletters/subscribers-csv.server.ts).
 */
import { staffOrStatus } from "~/http/actions/admin-session.server";
import { subscriberCsvStream } from "~/newsletters/subscribers-csv.server";
import type { Route } from "./+types/admin.subscribers-csv";

export async function loader({ request }: Route.LoaderArgs) {
  const who = await staffOrStatus(request, "subscribers.manage");
  if ("status" in who) {
    return new Response(who.status === 401 ? "Sign in first.\n" : "Forbidden.\n", {
      status: who.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(subscriberCsvStream(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="subscribers-${day}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
