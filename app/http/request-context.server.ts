import { createContext, RouterContextProvider } from "react-router";
import { htmlOnceContext } from "./html-once.server";

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

/** Whether this is a `.data` request (client navigation, fetcher) rather than a document. */
export const requestKindContext = createContext<{ dataRequest: boolean }>({ dataRequest: false });

/** `dataRequest`: a `.data` request (client navigation, fetcher) rather than a document. */
export function createLoadContext(info: RequestInfo, options: { dataRequest?: boolean } = {}) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  context.set(requestKindContext, { dataRequest: Boolean(options.dataRequest) });
  context.set(htmlOnceContext, { document: !options.dataRequest, html: new Map() });
  return context;
}
