/**
 * Server half of the error convention (the shapes and texts are in `~/lib/route-errors`):
 * - `readOrThrow(context, "articles", () => read())` runs a page's read; when it fails, the cause
 *   is logged once with the request's id and a 503 with the spec's title is thrown for the
 *   layout's error boundary. Responses thrown inside (redirects, `notFound()`) pass through.
 * - `failedWrite(args, error, note)` logs an action's unexpected failure the same way and answers
 *   the visitor-safe sentence (with the reference) that the form shows beside what was typed.
 * - `logServerError(…)` is the one place an unexpected error is written to the log, always with
 *   the request's id (`X-Request-Id`, shown on the error page as "Reference: …").
 * A driver's or library's message never goes into a response: only into this log.
 */
import type { RouterContextProvider } from "react-router";
import { isRouteErrorResponse } from "react-router";
import { type ReadFailure, readFailed } from "~/lib/route-errors";
import { logger } from "~/observability/logger.server";
import { requestInfoContext } from "./request-context.server";

type Context = Readonly<Pick<RouterContextProvider, "get">>;

/** The request's id, as sent in X-Request-Id ("-" outside a request). */
export function requestIdOf(context: Context | undefined): string {
  if (!context) return "-";
  try {
    return context.get(requestInfoContext).requestId;
  } catch {
    return "-";
  }
}

/** One log line (and the stack) per unexpected error, led by the request's id. */
export function logServerError(
  error: unknown,
  where: { request?: { method: string; url: string }; requestId: string; note?: string },
) {
  const target = where.request ? ` ${where.request.method} ${pathOf(where.request.url)}` : "";
  const note = where.note ? ` ${where.note}:` : "";
  logger().error({ err: error, requestId: where.requestId }, `request ${where.requestId}${target}:${note}`);
}

const SECRET_PARAM = /^(token|code|state|key|password|secret)$/i;

function pathOf(url: string) {
  try {
    const { pathname, searchParams } = new URL(url);
    // Link secrets (reset and OAuth callbacks) never reach the log.
    for (const name of [...searchParams.keys()]) {
      if (SECRET_PARAM.test(name)) searchParams.set(name, "[redacted]");
    }
    const search = searchParams.toString();
    return search ? `${pathname}?${search}` : pathname;
  } catch {
    return url;
  }
}

/** Thrown Responses and `data(…, { status })` are answers, not failures. */
function isThrownAnswer(error: unknown) {
  return (
    error instanceof Response ||
    isRouteErrorResponse(error) ||
    (typeof error === "object" && error !== null && (error as { type?: unknown }).type === "DataWithResponseInit")
  );
}

/**
 * Runs a page's read. A failure is logged (once, with the request id) and becomes a thrown 503
 * carrying the spec's title for `what`, a visitor-safe message and the request id.
 */
export async function readOrThrow<T>(
  args: { request: Request; context: Context },
  what: ReadFailure,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isThrownAnswer(error)) throw error;
    const requestId = requestIdOf(args.context);
    logServerError(error, { request: args.request, requestId, note: `read failed (${what})` });
    throw readFailed(what, requestId);
  }
}

/**
 * An action's unexpected failure (the form stays, with what was typed): logged once with the
 * request id; the answer is the sentence to show, never the cause's text.
 */
export function failedWrite(args: { request: Request; context: Context }, error: unknown, note: string): string {
  const requestId = requestIdOf(args.context);
  logServerError(error, { request: args.request, requestId, note });
  return `Something went wrong on our side and nothing was saved. Please try again. (Reference: ${requestId})`;
}
