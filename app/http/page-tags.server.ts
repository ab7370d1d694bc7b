/**
 * The tags of the page at a URL, from the route that renders it (its `handle.cacheTags`,
 * app/cache/route-tags.ts): the route table itself, matched as React Router matches it, is the
 * only map from addresses to tags.
 */
import { matchRoutes, type ServerBuild } from "react-router";
import { isCacheHandle } from "~/cache/route-tags";
import type { CacheTag } from "~/cache/tags";

type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  handle?: unknown;
  children?: RouteNode[];
};

type Leaf = { route: RouteNode; params: Record<string, string | undefined> };
/** Paths whose match is remembered (then forgotten all at once: addresses are cheap to match again). */
const MATCHES_KEPT = 10_000;

function routeTree(manifest: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      handle: route.module.handle,
      children: route.index ? undefined : [],
    });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return roots;
}

/** A function from a request's path and query to the tags of its page; null: not cacheable. */
export function createPageTagger(manifest: ServerBuild["routes"]) {
  const routes = routeTree(manifest);
  // matchRoutes ranks every branch of the table on each call (~0.1 ms): each path is matched once.
  const matched = new Map<string, Leaf | null>();
  const leafFor = (path: string): Leaf | null => {
    const known = matched.get(path);
    if (known !== undefined) return known;
    let leaf: Leaf | null;
    try {
      const matches = matchRoutes(routes as Parameters<typeof matchRoutes>[0], path) as Leaf[] | null;
      leaf = matches?.at(-1) ?? null;
    } catch {
      leaf = null;
    }
    if (matched.size >= MATCHES_KEPT) matched.clear();
    matched.set(path, leaf);
    return leaf;
  };
  return (url: string): CacheTag[] | null => {
    let parsed: URL;
    try {
      parsed = new URL(url, "http://page.invalid");
    } catch {
      return null;
    }
    // Client-side navigations fetch the same pages as `.data` (`/_root.data` for `/`).
    let path = parsed.pathname;
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    parsed.pathname = path;
    try {
      decodeURIComponent(path);
    } catch {
      return null; // a malformed address renders a 400 and is never kept
    }
    const leaf = leafFor(path);
    if (!leaf || !isCacheHandle(leaf.route.handle)) return null;
    return leaf.route.handle.cacheTags({ params: leaf.params, url: parsed });
  };
}
