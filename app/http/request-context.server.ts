import { createContext, RouterContextProvider } from "react-router";

/** Per-request facts the HTTP layer knows and routes need. */
export type RequestInfo = {
  /** Nonce for this response's Content-Security-Policy. */
  nonce: string;
  /** The client's address, for rate limits. */
  clientIp: string;
  /** Short random id of this request: sent as X-Request-Id, logged with every error, shown on error pages. */
  requestId: string;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown", requestId: "-" });

export function createLoadContext(info: RequestInfo) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}
