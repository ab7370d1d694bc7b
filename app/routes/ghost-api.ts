/**
 * Ghost's APIs at /ghost/api/… (issue 42): `content/` (read with a Content API key), `admin/`
 * (an integration's signed token) and the versioned forms (`v3/content/`, …). JSON in Ghost's envelopes; every answer, errors included,
 * is made by app/ghost-api.
 */
import { apiError } from "~/ghost-api/api-errors.server";
import { readUploadForm } from "~/http/actions/upload-request.server";
import { answerAdminApi } from "~/ghost-api/admin-api.server";
import { answerContentApi, apiPath } from "~/ghost-api/content-api.server";
import type { Route } from "./+types/ghost-api";

async function answer(request: Request, splat: string | undefined) {
  const path = apiPath(splat ?? "");
  if (path?.api === "content") return answerContentApi(request, path.parts);
  if (path?.api === "admin") return answerAdminApi(request, path.parts, readUploadForm);
  return apiError(404, "Resource not found", "The APIs are /ghost/api/content/ and /ghost/api/admin/.");
}

export function loader({ request, params }: Route.LoaderArgs) {
  return answer(request, params["*"]);
}

export function action({ request, params }: Route.ActionArgs) {
  return answer(request, params["*"]);
}
