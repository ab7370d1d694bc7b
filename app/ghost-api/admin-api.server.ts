/**
 * The Admin API (`/ghost/api/admin/…`, and the versioned paths): Ghost's token
 * (`Authorization: Ghost {JWT}`, app/integrations/keys.server.ts) names an integration, whose role
 * the permissions module applies to every call. JSON bodies only (415 otherwise, 400 when not
 * JSON); answers in Ghost's envelopes: POST 201, DELETE 204.
 */
import { integrationByAdminKeyId } from "~/integrations/integrations.server";
import { ghostToken, TOKEN_REFUSALS, verifyAdminToken } from "~/integrations/keys.server";
import { env } from "~/env.server";
import { getSiteSettings } from "~/settings/settings.server";
import { apiError } from "./api-errors.server";
import {
  ADMIN_POST_OPTIONS,
  addAdminPost,
  type ApiIntegration,
  browseAdminPosts,
  deleteAdminPost,
  editAdminPost,
  readAdminPost,
} from "./admin-posts.server";
import { apiFailure } from "./content-api.server";
import { readQueryOptions } from "./query-options.server";
import { AUTHOR_OPTIONS, browseAuthors, browseTags, readAuthor, readTag, TAG_OPTIONS } from "./site-resources.server";
import { MediaError } from "~/media/process.server";
import { storeUpload } from "~/media/media.server";
import { can } from "~/auth/permissions";

/** Reads a multipart upload (the route's one body reader, with the upload limit). */
export type UploadReader = (request: Request) => Promise<FormData>;

/** The largest JSON body the Admin API reads (an article is at most a few hundred kB). */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

async function authenticate(request: Request): Promise<ApiIntegration> {
  const token = ghostToken(request.headers.get("authorization"));
  if (!token) throw apiError(401, "Authorization failed", TOKEN_REFUSALS.missing);
  let found: Awaited<ReturnType<typeof integrationByAdminKeyId>> = null;
  const checked = await verifyAdminToken(token, async (keyId) => {
    found = await integrationByAdminKeyId(keyId);
    return found?.secret ?? null;
  });
  if (!checked.ok || !found) {
    throw apiError(401, "Authorization failed", TOKEN_REFUSALS[checked.ok ? "unknown key" : checked.refusal]);
  }
  const integration = found as ApiIntegration;
  return { id: integration.id, name: integration.name, role: integration.role };
}

/** The JSON body of a write: 415 when it is not JSON, 413 when too large, 400 when unreadable. */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw apiError(415, "The body must be JSON (Content-Type: application/json).");
  }
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_JSON_BYTES) throw apiError(413, `The body may be at most ${MAX_JSON_BYTES / 1024 / 1024} MB.`);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES)
    throw apiError(413, `The body may be at most ${MAX_JSON_BYTES / 1024 / 1024} MB.`);
  try {
    return JSON.parse(text);
  } catch {
    throw apiError(400, "The body is not valid JSON.");
  }
}

/** Answers one Admin API request (`parts`: the path after `admin/`). */
export async function answerAdminApi(request: Request, parts: string[], readUpload: UploadReader): Promise<Response> {
  try {
    const integration = await authenticate(request);
    const url = new URL(request.url);
    const [resource = "", ...rest] = parts;
    const method = request.method;
    if (resource === "site" && rest.length === 0 && (method === "GET" || method === "HEAD")) {
      return json(200, await siteObject());
    }
    if (resource === "images" && rest.length === 1 && rest[0] === "upload" && method === "POST") {
      return json(201, await uploadImage(integration, request, readUpload));
    }
    const reader = READERS[resource];
    if (reader && (method === "GET" || method === "HEAD")) {
      const readOptions = readQueryOptions(url.searchParams, reader.options);
      if (rest.length === 0) return json(200, rename(await reader.browse(readOptions), reader.key));
      const key = rest.length === 1 ? { id: rest[0]! } : rest[0] === "slug" && rest[1] ? { slug: rest[1] } : null;
      const found = key ? await reader.read(key, readOptions) : null;
      if (!found) throw apiError(404, "Resource not found.");
      return json(200, rename(found, reader.key));
    }
    if (resource !== "posts") {
      throw apiError(404, "Resource not found", `No Admin API resource is called "${resource}".`);
    }
    const options = readQueryOptions(url.searchParams, ADMIN_POST_OPTIONS);
    const source = url.searchParams.get("source");
    const id = rest.length === 1 ? rest[0]! : null;
    if (rest.length === 0 && (method === "GET" || method === "HEAD")) return json(200, await browseAdminPosts(options));
    if (rest.length === 0 && method === "POST") {
      return json(201, await addAdminPost(integration, await readJson(request), options, source));
    }
    if (rest.length === 2 && rest[0] === "slug" && method === "GET") {
      return json(200, await readAdminPost({ slug: rest[1]! }, options));
    }
    if (id && (method === "GET" || method === "HEAD")) return json(200, await readAdminPost({ id }, options));
    if (id && method === "PUT")
      return json(200, await editAdminPost(integration, id, await readJson(request), options, source));
    if (id && method === "DELETE") {
      await deleteAdminPost(integration, id);
      return new Response(null, { status: 204 });
    }
    throw apiError(405, "This method is not allowed here.", null, { headers: { Allow: "GET, POST, PUT, DELETE" } });
  } catch (error) {
    return apiFailure(error);
  }
}

/** Read-only Admin API resources: the Content API's (users are the author profiles). */
const READERS: Record<
  string,
  {
    key: string;
    options: typeof TAG_OPTIONS;
    browse: typeof browseTags | typeof browseAuthors;
    read: typeof readTag | typeof readAuthor;
  }
> = {
  tags: { key: "tags", options: TAG_OPTIONS, browse: browseTags, read: readTag },
  users: { key: "users", options: AUTHOR_OPTIONS, browse: browseAuthors, read: readAuthor },
};

/** `{authors: …}` as `{users: …}` for the users resource (Ghost's Admin API name). */
function rename(body: Record<string, unknown>, key: string) {
  if (key !== "users" || !("authors" in body)) return body;
  const { authors, ...rest } = body;
  return { users: authors, ...rest };
}

/** `images/upload/`: multipart `file` (and `ref`), through the media pipeline; `{images:[{url, ref}]}`. */
async function uploadImage(integration: ApiIntegration, request: Request, readUpload: UploadReader) {
  if (!can(integration.role, "media.upload")) throw apiError(403, "Permission error, cannot upload images.");
  if (!/^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "")) {
    throw apiError(415, "An image upload is a multipart/form-data body with a file field.");
  }
  const form = await readUpload(request).catch(async (refusal: unknown) => {
    // The body reader's refusals (400, 413, 415) as text: the same status in Ghost's envelope.
    if (refusal instanceof Response && (refusal.status === 400 || refusal.status === 413 || refusal.status === 415)) {
      throw apiError(refusal.status, (await refusal.text()) || "The upload could not be read.");
    }
    throw refusal;
  });
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) {
    throw apiError(422, "Choose an image to upload.", null, { type: "ValidationError", property: "file" });
  }
  const ref = form.get("ref");
  try {
    const { upload } = await storeUpload({
      bytes: new Uint8Array(await file.arrayBuffer()),
      name: file.name,
      userId: null,
    });
    return { images: [{ url: new URL(upload.url, env().SITE_URL).href, ref: typeof ref === "string" ? ref : null }] };
  } catch (error) {
    if (error instanceof MediaError) {
      const status = error.status === 413 ? 413 : error.status === 415 ? 415 : 422;
      throw apiError(status, error.message, null, status === 422 ? { type: "ValidationError", property: "file" } : {});
    }
    throw error;
  }
}

function json(status: number, body: unknown) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

async function siteObject() {
  const settings = await getSiteSettings();
  return {
    site: {
      title: settings.siteName,
      description: settings.siteDescription,
      logo: null,
      icon: null,
      accent_color: null,
      locale: "en",
      url: new URL("/", env().SITE_URL).href,
      version: "5.0",
    },
  };
}
