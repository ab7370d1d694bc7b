import { createContext, RouterContextProvider } from "react-router";

/** Per-request facts the HTTP layer knows and routes need. */
export type RequestInfo = {
  /** Nonce for this response's Content-Security-Policy. */
  nonce: string;
  /** The client's address, for rate limits. */
  clientIp: string;
};

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", clientIp: "unknown" });

export function createLoadContext(info: RequestInfo) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}
