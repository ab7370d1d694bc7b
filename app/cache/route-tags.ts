/**
 * How a cacheable route declares the tags of the page it renders: its `handle` carries
 * `cacheTags`, a pure function of the route's params (and the URL, for `.md`-style variants).
 *
 *   export const handle = cacheHandle(({ params }) => [tags.article(params.slug ?? "")]);
 *
 * The page cache keeps only pages whose route declares tags (server/app-handler.ts asks
 * `pageTagsFor(url)` in app/http/page-tags.server.ts); a route without them is rendered every
 * time, so it can never go stale. tests/cache/route-tags.test.ts walks the route table.
 */
import type { CacheTag } from "./tags";

export type CacheTagsArgs = { params: Readonly<Record<string, string | undefined>>; url: URL };
export type CacheHandle = { cacheTags: (args: CacheTagsArgs) => CacheTag[] };

export function cacheHandle(cacheTags: CacheHandle["cacheTags"]): CacheHandle {
  return { cacheTags };
}

export function isCacheHandle(handle: unknown): handle is CacheHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as CacheHandle).cacheTags === "function";
}
