/**
 * Per-request observation for the HTTP server: one structured log line and two metric updates
 * per request, at its end (time, request id, method, path, status, duration, bytes, cache outcome,
 * signed-in user, route pattern).
 *
 * Kept cheap: the route pattern of a path is looked up once and remembered (a bounded map), the
 * metric label children are kept per label set, the line skips the redaction pass (its fields are
 * the server's own) and is written asynchronously (never a synchronous write on a request's path).
 * The logged path never carries the query string (searches, tokens in links) and a `:token`
 * segment (setup, invite, preview and unsubscribe links) is logged as `:token`.
 */
import type http from "node:http";
import type { matchRoutes as MatchRoutes, ServerBuild } from "react-router";
import type { Runtime } from "./app-handler.ts";
import { normalizedPathname, routeTree } from "./route-methods.ts";

/** Where a request ended: the app (its route pattern), a static file or a refusal. */
export type RouteLabel = { route: string; tokenParam?: string };

const MAX_REMEMBERED_PATHS = 5_000;

/** The route pattern for a pathname (`/post/:slug`), remembered for the next request. */
export function createRouteLabeler(routes: ServerBuild["routes"], matchRoutes: typeof MatchRoutes) {
  const tree = routeTree(routes);
  const remembered = new Map<string, RouteLabel>();
  return (pathname: string): RouteLabel => {
    const known = remembered.get(pathname);
    if (known) return known;
    const matches = matchRoutes(tree, normalizedPathname(pathname)) ?? [];
    const pattern = matches
      .map((match) => match.route.path)
      .filter((part): part is string => Boolean(part))
      .join("/");
    const label: RouteLabel = { route: pattern === "*" || pattern.endsWith("/*") ? "*" : `/${pattern}` };
    const token = matches.at(-1)?.params.token;
    if (token) label.tokenParam = token;
    // Unknown paths are many (scanners): remember only the first few thousand paths.
    if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear();
    remembered.set(pathname, label);
    return label;
  };
}

type RequestFacts = Parameters<Runtime["runWithRequestFacts"]>[0];

export type Observed = RequestFacts & {
  /** Set when the request reached the app (not a static file, not a refusal). */
  label?: RouteLabel;
  kind: "app" | "static" | "refused" | "metrics";
  /** Set by the cache's fast path (its head is not kept on the response to be read back). */
  cache?: "hit";
};

/** Logs and counts a request once its answer is finished (or the client went away). */
export function observeRequest(runtime: Runtime, req: http.IncomingMessage, res: http.ServerResponse, facts: Observed) {
  const startedAt = performance.now();
  // The static handler rewrites req.url while it serves: keep the target as it arrived.
  const target = req.url ?? "/";
  const socket = req.socket;
  const bytesBefore = socket.bytesWritten;
  // A response emits "close" once: after "finish" when answered, or when the client went away.
  const done = () => {
    const seconds = (performance.now() - startedAt) / 1000;
    const route = facts.kind === "app" ? (facts.label?.route ?? "unknown") : facts.kind;
    const answered = facts.cache ?? res.getHeader("x-cache");
    const cache = answered === "hit" || answered === "HIT" ? "hit" : answered === "MISS" ? "miss" : "none";
    const method = req.method ?? "";
    const status = res.writableFinished ? res.statusCode : 499;
    runtime.observeHttpRequest(route, method, status, cache, seconds);
    runtime.requestLine({
      requestId: facts.id,
      method,
      path: loggedPath(target, facts.label),
      route,
      status,
      ms: Math.round(seconds * 10_000) / 10,
      bytes: socket.bytesWritten - bytesBefore,
      cache,
      userId: facts.userId,
    });
  };
  res.on("close", done);
}

function loggedPath(target: string, label: RouteLabel | undefined) {
  const query = target.indexOf("?");
  const pathname = query === -1 ? target : target.slice(0, query);
  if (!label?.tokenParam) return pathname;
  return pathname
    .split("/")
    .map((segment) => (safeDecode(segment) === label.tokenParam ? ":token" : segment))
    .join("/");
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
