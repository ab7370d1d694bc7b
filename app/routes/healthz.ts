import { health } from "~/http/runtime.server";

/** 200 when the database answers, 503 otherwise. Never cached. */
export async function loader() {
  const ok = await health();
  return Response.json(
    { status: ok ? "ok" : "unavailable" },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
