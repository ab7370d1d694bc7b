import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type {
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
  RouterContextProvider,
  ServerInstrumentation,
} from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { RequestIdProvider } from "~/components/error-page";
import { HtmlOnceProvider } from "~/components/html-once";
import { NonceProvider } from "~/components/nonce";
import { applyCachePolicy } from "~/http/cache-policy.server";
import { htmlOnceContext } from "~/http/html-once.server";
import { requestInfoContext } from "~/http/request-context.server";
import { logServerError, requestIdOf } from "~/http/route-errors.server";
import { testHooksEnabled, testHooksInstrumentation } from "~/http/test-hooks.server";

export * as runtime from "~/http/runtime.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, requestId } = loadContext.get(requestInfoContext);
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    applyCachePolicy(request, responseStatusCode, responseHeaders);
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Readers get the shell at once; crawlers get the complete document.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RequestIdProvider value={requestId}>
          <HtmlOnceProvider value={loadContext.get(htmlOnceContext).html}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </HtmlOnceProvider>
        </RequestIdProvider>
      </NonceProvider>,
      {
        nonce,
        // React 19.3 sends a finished <Suspense> boundary larger than 500 bytes "outlined" (hidden,
        // revealed by a script) once a page passes this size: without JavaScript it would stay
        // hidden. Pages must work without JavaScript, so finished content is always sent in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          applyCachePolicy(request, responseStatusCode, responseHeaders);
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logServerError(error, { request, requestId, note: "render failed" });
        },
      },
    );
  });
}

/** Client-side navigations fetch route data (.data): the same cache rules as documents. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  applyCachePolicy(request, response.status, response.headers);
  return response;
};

/**
 * Every unexpected error, logged once with the request's id (the error page shows it as the
 * reference). Thrown 4xx answers (not found, method not allowed, a bad body) are not errors of
 * the server and are not logged; a client that went away is not either.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router's own 5xx responses carry the original error.
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  logServerError(cause, {
    request,
    requestId: requestIdOf(context),
  });
};

/** The test hooks (ENABLE_TEST_HOOKS=1 only) mark each request that asked for them. */
export const instrumentations: ServerInstrumentation[] = testHooksEnabled() ? [testHooksInstrumentation] : [];
