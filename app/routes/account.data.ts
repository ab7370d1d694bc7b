/** GET /account/data: the signed-in reader's data as a JSON attachment (profile, comments, reading list). */
import { exportAccountData } from "~/account/account.server";
import { requireUser } from "~/auth/guards.server";
import type { Route } from "./+types/account.data";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const body = JSON.stringify(await exportAccountData(user.id), null, 2);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="devperspective-data-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
