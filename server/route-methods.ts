/**
 * Which methods each URL accepts, read from the build's route manifest, so a write to a route
 * without an action is answered here (405 with Allow, or 404 for an unknown path) instead of
 * reaching React Router, which would log "You made a POST request to … but did not provide an
 * action" as an error. The site speaks GET, HEAD and POST (HTML forms) only. (Under `npm run dev`
 * React Router answers these itself, with the same statuses and a logged error.)
 */
import type { IndexRouteObject, matchRoutes as MatchRoutes, NonIndexRouteObject, ServerBuild } from "react-router";
import { API_PREFIX, type Refusal } from "./request-guard.ts";

type RouteNode = (IndexRouteObject | NonIndexRouteObject) & { id: string; hasAction: boolean };

/**
 * `matchRoutes` comes from the caller: react-router must be imported only after NODE_ENV is set
 * (see main.ts), so this module takes it as an argument instead of importing it.
 */
export function createMethodGuard(routes: ServerBuild["routes"], matchRoutes: typeof MatchRoutes) {
  const tree = routeTree(routes);
  return function checkMethod(method: string, target: string): Refusal | null {
    if (method === "GET" || method === "HEAD") return null;
    const url = new URL(target, "http://localhost");
    const matches = matchRoutes(tree, normalizedPathname(url.pathname));
    const routes = matches?.map((match) => match.route) ?? [];
    const route = actionTarget(routes, url.searchParams);
    // Only the catch-all (the 404 page) matched: the path is unknown, whatever the method.
    if (!route || route.path === "*") return { status: 404, message: "Not Found" };
    if (method === "POST" && route.hasAction) return null;
    // Ghost's APIs answer every method themselves (in Ghost's error envelope).
    if (route.hasAction && url.pathname.startsWith(API_PREFIX)) return null;
    return {
      status: 405,
      message: "Method Not Allowed",
      headers: { Allow: route.hasAction ? "GET, HEAD, POST" : "GET, HEAD" },
    };
  };
}

/** The flat manifest as the nested route objects `matchRoutes` takes. */
export function routeTree(routes: ServerBuild["routes"]): RouteNode[] {
  const entries = Object.values(routes).filter((route) => route !== undefined);
  const children = new Map<string | undefined, RouteNode[]>();
  const childrenOf = (id: string | undefined) => {
    const list = children.get(id) ?? [];
    children.set(id, list);
    return list;
  };
  for (const route of entries) {
    const base = { id: route.id, caseSensitive: route.caseSensitive, hasAction: Boolean(route.module.action) };
    // Index routes have no children (matchRoutes refuses even an empty list on them).
    const node: RouteNode = route.index
      ? { ...base, index: true }
      : { ...base, path: route.path, children: childrenOf(route.id) };
    childrenOf(route.parentId).push(node);
  }
  return childrenOf(undefined);
}

/** As React Router's server does: `/login.data` is `/login`, `/_.data` is `/`. */
export function normalizedPathname(pathname: string) {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.replace(/\.data$/, "");
}

/**
 * The route whose action a submission runs, as React Router picks it: the index route only with
 * a bare `?index`, otherwise the deepest route that contributes to the path.
 */
function actionTarget(routes: RouteNode[], search: URLSearchParams): RouteNode | undefined {
  const leaf = routes.at(-1);
  if (leaf?.index && search.getAll("index").some((value) => value === "")) return leaf;
  return routes.filter((route, index) => index === 0 || Boolean(route.path)).at(-1);
}
