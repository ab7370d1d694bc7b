import type { RouterContextProvider } from "react-router";
import { testHooksEnabled } from "~/env.server";
import { requestInfoContext } from "./request-context.server";

/**
 * The client's address as the HTTP server saw it. Browser tests, which all come from 127.0.0.1,
 * may name a pretend address with `X-Test-Client-Ip` when the server runs with ENABLE_TEST_HOOKS=1,
 * so each test has its own buckets; that header means nothing anywhere else.
 */
export function clientAddress(request: Request, context: Readonly<RouterContextProvider>): string {
  if (testHooksEnabled()) {
    const pretend = request.headers.get("X-Test-Client-Ip");
    if (pretend && /^[A-Za-z0-9.:_-]{1,64}$/.test(pretend)) return pretend;
  }
  return context.get(requestInfoContext).clientIp;
}
