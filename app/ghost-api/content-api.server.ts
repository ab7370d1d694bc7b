/**
 * The Content API (`/ghost/api/content/…`, and the versioned paths older clients call:
 * `/ghost/api/v3/content/…`): Ghost's read endpoints, authenticated by an integration's Content
 * API key (`?key=`). Answers Ghost's envelopes, CORS open to any origin, `Accept-Version` echoed
 * as `Content-Version`, an ETag on every answer (304 when it matches).
 */
import { createHash } from "node:crypto";
import { logger } from "~/observability/logger.server";
import { integrationByContentKey } from "~/integrations/integrations.server";
import { CONTENT_KEY_PATTERN } from "~/integrations/keys.server";
import { apiError, badParameter } from "./api-errors.server";
import { FilterError } from "./nql.server";
import { browsePosts, POST_OPTIONS, readPost } from "./posts.server";
import { type QueryOptions, type ResourceOptions, readQueryOptions } from "./query-options.server";
import {
  AUTHOR_OPTIONS,
  browseAuthors,
  browsePages,
  browseTags,
  browseTiers,
  LIST_OPTIONS,
  PAGE_OPTIONS,
  readAuthor,
  readPage,
  readSettings,
  readTag,
  TAG_OPTIONS,
} from "./site-resources.server";

type Key = { id: string } | { slug: string };
type Resource = {
  options: ResourceOptions;
  browse: (options: QueryOptions) => Promise<unknown> | unknown;
  read?: (key: Key, options: QueryOptions) => Promise<unknown | null>;
};

const RESOURCES: Record<string, Resource> = {
  posts: { options: POST_OPTIONS, browse: browsePosts, read: readPost },
  pages: { options: PAGE_OPTIONS, browse: browsePages, read: readPage },
  tags: { options: TAG_OPTIONS, browse: browseTags, read: readTag },
  authors: { options: AUTHOR_OPTIONS, browse: browseAuthors, read: readAuthor },
  tiers: { options: LIST_OPTIONS, browse: browseTiers },
  settings: { options: LIST_OPTIONS, browse: () => readSettings() },
};

/** `content/posts/`, `v4/content/posts/slug/x/`, … : the version, the API and the rest. */
export function apiPath(splat: string): { api: string; parts: string[] } | null {
  const parts = splat.split("/").filter(Boolean);
  if (parts[0] && /^(v[2-6](\.\d+)?|canary)$/.test(parts[0])) parts.shift();
  const api = parts.shift();
  return api ? { api, parts } : null;
}

export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
  "Access-Control-Allow-Headers": "Accept-Version, Content-Type",
  "Access-Control-Max-Age": "86400",
};

function versionHeaders(request: Request): Record<string, string> {
  const asked = request.headers.get("accept-version");
  const version = asked && /^v\d+(\.\d+)?$/.test(asked) ? asked : "v5.0";
  return { ...CORS_HEADERS, "Content-Version": version, Vary: "Accept-Version" };
}

/** Answers one Content API request (`parts`: the path after `content/`). */
export async function answerContentApi(request: Request, parts: string[]): Promise<Response> {
  const headers = versionHeaders(request);
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers });
  try {
    if (request.method !== "GET" && request.method !== "HEAD") {
      throw apiError(405, "The Content API only reads.", null, { headers: { Allow: "GET, HEAD, OPTIONS" } });
    }
    const url = new URL(request.url);
    await requireContentKey(url.searchParams.get("key"));
    const body = await dispatch(parts, url.searchParams);
    return withEtag(request, body, headers);
  } catch (error) {
    return withHeaders(apiFailure(error), headers);
  }
}

/** A thrown Response as it is; a bad filter as a 400 naming it; anything else logged, and a bare 500. */
export function apiFailure(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof FilterError) return badParameter("filter", error.message);
  logger().error({ err: error }, "API request failed");
  return apiError(500, "The server could not answer this request.");
}

function withHeaders(response: Response, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

async function requireContentKey(key: string | null) {
  if (key === null || key === "") {
    throw apiError(
      401,
      "Authorization failed",
      "Unable to determine the authenticated member or integration. Check the supplied Content API Key.",
    );
  }
  if (!CONTENT_KEY_PATTERN.test(key) || !(await integrationByContentKey(key))) {
    throw apiError(401, "Unknown Content API Key", "The Content API Key is not valid, or its integration was deleted.");
  }
}

async function dispatch(parts: string[], params: URLSearchParams): Promise<unknown> {
  const [name = "", ...rest] = parts;
  const resource = Object.hasOwn(RESOURCES, name) ? RESOURCES[name] : undefined;
  if (!resource) throw apiError(404, "Resource not found", `No Content API resource is called "${name}".`);
  const options = readQueryOptions(params, resource.options);
  if (rest.length === 0) return resource.browse(options);
  const key: Key | null =
    rest.length === 1 && rest[0]
      ? { id: rest[0] }
      : rest.length === 2 && rest[0] === "slug" && rest[1]
        ? { slug: rest[1] }
        : null;
  if (!key || !resource.read) throw apiError(404, "Resource not found", `Nothing is at ${name}/${rest.join("/")}.`);
  const found = await resource.read(key, options);
  if (!found) throw apiError(404, `${singular(name)} not found.`, null);
  return found;
}

const singular = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1, -1)}`;

/** A JSON answer with its ETag; a 304 when the client holds it already. */
function withEtag(request: Request, body: unknown, headers: Record<string, string>): Response {
  const text = JSON.stringify(body);
  const etag = `W/"${createHash("sha1").update(text).digest("base64url")}"`;
  const all = { ...headers, ETag: etag, "Cache-Control": "public, max-age=0, must-revalidate" };
  const held = request.headers.get("if-none-match");
  if (held?.split(",").some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers: all });
  return new Response(request.method === "HEAD" ? null : text, {
    status: 200,
    headers: { ...all, "Content-Type": "application/json; charset=utf-8" },
  });
}
