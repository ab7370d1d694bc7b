/**
 * The one way the app reaches another server (webhooks, ActivityPub deliveries and fetches,
 * imported images): `outboundFetch(url, init)`.
 * - Only http: and https:, without credentials in the URL; any port.
 * - Only public addresses (app/outbound/addresses.server.ts), checked where the connection is
 *   made: a literal address before connecting, a host name inside the connection's own DNS lookup
 *   (every address it gives must be public, and the socket connects to those very addresses, so
 *   a second DNS answer cannot slip in between check and connect). Metadata host names are
 *   refused by name. `ALLOW_PRIVATE_OUTBOUND=true` (tests, intranets) turns the check off.
 * - Redirects are followed by hand, each hop checked again, at most `maxRedirects`; a 303 (and a
 *   301 or 302 after a POST) continues as a GET without a body, and credentials headers are not
 *   carried to another origin.
 * - One deadline for the whole exchange, every hop's connection, headers and body included
 *   (`AbortSignal.timeout`), and a size cap on the body (Content-Length and the bytes read).
 * It never throws for anything about the target: the result is the response, or a failure with
 * a `kind` and a `reason` in plain words ("refused: 127.0.0.1 is a loopback address") that a
 * caller can store as a delivery's failure reason. Node's own http/https clients (decision 30).
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { env } from "~/env.server";
import { addressInWords, addressRefusal, bareHost, isMetadataHost } from "./addresses.server";

/** A webhook delivery's limit (issue 42), the default for every outbound request. */
export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_REDIRECTS = 5;
export const OUTBOUND_MAX_BYTES = 1024 * 1024;

/** A host name's addresses, as `dns.lookup(name, { all: true })` gives them. */
export type OutboundResolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export type OutboundInit = {
  method?: string;
  headers?: HeadersInit;
  body?: string | Uint8Array | null;
  /** Stops the request early (a shutdown); the deadline applies either way. */
  signal?: AbortSignal;
  /** The whole exchange, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed at most (default 5); one more is a failure. */
  maxRedirects?: number;
  /** The body's size cap in bytes (default 1 MiB). */
  maxBytes?: number;
  /** Host names whose addresses are not checked (a test server named in a test-only setting). */
  allowHosts?: Iterable<string>;
  /** The DNS lookup (default the system's, `dns.lookup`); tests give their own answers. */
  resolve?: OutboundResolver;
};

export type OutboundResponse = {
  kind: "response";
  status: number;
  headers: Headers;
  body: Buffer;
  /** The address that answered, after redirects. */
  url: string;
  redirects: number;
};

export type OutboundFailureKind =
  | "bad-url"
  | "refused"
  | "unresolvable"
  | "timeout"
  | "aborted"
  | "too-many-redirects"
  | "too-large"
  | "network";

export type OutboundFailure = {
  kind: OutboundFailureKind;
  /** In plain words, for a delivery log or an import report. */
  reason: string;
  /** The address of the hop that failed. */
  url: string;
};

export type OutboundResult = OutboundResponse | OutboundFailure;

class Failed extends Error {
  constructor(
    readonly kind: OutboundFailureKind,
    reason: string,
  ) {
    super(reason);
    this.name = "OutboundFailure";
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const systemResolve: OutboundResolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Refuses what may never be fetched; true when the hop's addresses are to be checked. */
function checkTarget(url: URL, allowPrivate: boolean, allowHosts: ReadonlySet<string>): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Failed("bad-url", "not an http(s) address");
  if (url.username || url.password) throw new Failed("bad-url", "an address with credentials");
  const host = bareHost(url.hostname);
  if (allowPrivate || allowHosts.has(host)) return false;
  if (isMetadataHost(host)) throw new Failed("refused", `refused: ${host} is a cloud metadata host`);
  if (net.isIP(host) !== 0) {
    const what = addressRefusal(host);
    if (what !== null) throw new Failed("refused", `refused: ${addressInWords(host)} is ${what}`);
  }
  return true;
}

/** The connection's DNS lookup: the resolver's answer, refused when any address is not public. */
function checkedLookup(resolve: OutboundResolver, checked: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    const unresolvable = () => callback(new Failed("unresolvable", `${hostname} cannot be resolved`), "");
    resolve(hostname).then((found) => {
      const addresses = found
        .filter((entry) => (family !== 4 && family !== 6 ? true : entry.family === family))
        .map(({ address, family }) => ({ address, family }));
      if (addresses.length === 0) return unresolvable();
      if (checked) {
        for (const { address } of addresses) {
          const what = addressRefusal(address);
          if (what !== null) {
            return callback(
              new Failed("refused", `refused: ${hostname} resolves to ${addressInWords(address)}, ${what}`),
              "",
            );
          }
        }
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    }, unresolvable);
  };
}

const NETWORK_WORDS: Record<string, string> = {
  ECONNREFUSED: "refused the connection",
  ECONNRESET: "closed the connection",
  EPIPE: "closed the connection",
  ETIMEDOUT: "did not accept the connection in time",
  EHOSTUNREACH: "cannot be reached",
  ENETUNREACH: "cannot be reached",
};

function networkFailure(error: Error, url: URL): Failed {
  if (error instanceof Failed) return error;
  const code = (error as NodeJS.ErrnoException).code ?? "";
  const words = NETWORK_WORDS[code];
  if (words) return new Failed("network", `${url.host} ${words}`);
  if (code.startsWith("ERR_TLS") || code.includes("CERT") || code.startsWith("UNABLE_TO_")) {
    return new Failed("network", `${url.host}'s TLS certificate was not accepted (${code})`);
  }
  if (code === "EPROTO" || code.startsWith("ERR_SSL")) {
    return new Failed("network", `${url.host} did not complete a TLS handshake (${code})`);
  }
  if (code.startsWith("HPE_")) return new Failed("network", `${url.host} sent an answer that is not HTTP`);
  return new Failed("network", `the request to ${url.host} failed (${code || error.message})`);
}

function sizeInWords(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function responseHeaders(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // a header Headers cannot hold is left out
    }
  }
  return headers;
}

type Exchange = {
  signal: AbortSignal;
  /** Why the signal fired: the deadline or the caller. */
  stopped: () => Failed;
  maxBytes: number;
  lookup: net.LookupFunction;
};

type Hop = { status: number; headers: Headers; location: string | null; body: Buffer };

/** One request and its answer (a redirect's body is not read). */
function send(url: URL, method: string, headers: Headers, body: Buffer | null, exchange: Exchange): Promise<Hop> {
  return new Promise((resolve, reject) => {
    if (exchange.signal.aborted) return reject(exchange.stopped());
    let settled = false;
    let answer: http.IncomingMessage | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      exchange.signal.removeEventListener("abort", onAbort);
      outcome();
    };
    const fail = (failure: Failed) =>
      settle(() => {
        reject(failure);
        answer?.destroy();
        outgoing.destroy();
      });
    const onAbort = () => fail(exchange.stopped());
    const client = url.protocol === "https:" ? https : http;
    const outgoing = client.request(
      url,
      { method, headers: Object.fromEntries(headers), agent: false, lookup: exchange.lookup },
      (response) => {
        answer = response;
        const status = response.statusCode ?? 0;
        const received = responseHeaders(response.rawHeaders);
        const location = REDIRECTS.has(status) ? (response.headers.location ?? null) : null;
        if (location !== null) {
          settle(() => resolve({ status, headers: received, location, body: Buffer.alloc(0) }));
          response.destroy();
          return;
        }
        const tooLarge = () => new Failed("too-large", `the answer is larger than ${sizeInWords(exchange.maxBytes)}`);
        // A HEAD's, a 204's and a 304's Content-Length describe a body that is not sent.
        const bodiless = method === "HEAD" || status === 204 || status === 304;
        const declared = bodiless ? 0 : Number(response.headers["content-length"] ?? 0);
        if (declared > exchange.maxBytes) return fail(tooLarge());
        const chunks: Buffer[] = [];
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.byteLength;
          if (read > exchange.maxBytes) return fail(tooLarge());
          chunks.push(chunk);
        });
        response.on("end", () =>
          settle(() => resolve({ status, headers: received, location, body: Buffer.concat(chunks) })),
        );
        response.on("error", (error) => fail(networkFailure(error, url)));
        response.on("close", () => {
          if (!response.complete)
            fail(new Failed("network", `${url.host} closed the connection before the answer ended`));
        });
      },
    );
    exchange.signal.addEventListener("abort", onAbort, { once: true });
    // Kept for the request's whole life: an error after the outcome is known is dropped, not thrown.
    outgoing.on("error", (error) => fail(networkFailure(error, url)));
    outgoing.end(body ?? undefined);
  });
}

/** The request's headers: the caller's, a User-Agent, the body's length; never a Host of its own. */
function requestHeaders(init: HeadersInit | undefined, body: Buffer | null): Headers {
  const headers = new Headers(init);
  headers.delete("host");
  if (!headers.has("user-agent")) headers.set("user-agent", "DevPerspective");
  if (body !== null) headers.set("content-length", String(body.byteLength));
  return headers;
}

/** Fetches `target` under the rules above: the response (any status), or why there is none. */
export async function outboundFetch(target: string | URL, init: OutboundInit = {}): Promise<OutboundResult> {
  const timeoutMs = init.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxRedirects = init.maxRedirects ?? OUTBOUND_MAX_REDIRECTS;
  const allowPrivate = env().ALLOW_PRIVATE_OUTBOUND;
  const allowHosts = new Set([...(init.allowHosts ?? [])].map(bareHost));
  const resolve = init.resolve ?? systemResolve;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
  const stopped = () =>
    deadline.aborted
      ? new Failed("timeout", `timed out after ${timeoutMs / 1000} s`)
      : new Failed("aborted", "stopped before it finished");
  let method = (init.method ?? "GET").toUpperCase();
  let body = init.body === undefined || init.body === null ? null : Buffer.from(init.body);
  const headers = requestHeaders(init.headers, body);
  let url: URL | undefined;
  try {
    try {
      url = new URL(target);
    } catch {
      throw new Failed("bad-url", "not a valid address");
    }
    for (let redirects = 0; ; redirects++) {
      const checked = checkTarget(url, allowPrivate, allowHosts);
      const lookup = checkedLookup(resolve, checked);
      const hop = await send(url, method, headers, body, {
        signal,
        stopped,
        maxBytes: init.maxBytes ?? OUTBOUND_MAX_BYTES,
        lookup,
      });
      if (hop.location === null) {
        return { kind: "response", status: hop.status, headers: hop.headers, body: hop.body, url: url.href, redirects };
      }
      if (redirects >= maxRedirects) throw new Failed("too-many-redirects", `more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(hop.location, url);
      } catch {
        throw new Failed("bad-url", "a redirect to an invalid address");
      }
      const toGet =
        hop.status === 303 ? method !== "HEAD" : (hop.status === 301 || hop.status === 302) && method === "POST";
      if (toGet) {
        method = "GET";
        body = null;
        for (const name of ["content-length", "content-type", "content-encoding", "content-language"]) {
          headers.delete(name);
        }
      }
      if (next.origin !== url.origin) {
        for (const name of ["authorization", "cookie", "proxy-authorization"]) headers.delete(name);
      }
      url = next;
    }
  } catch (error) {
    if (error instanceof Failed) return { kind: error.kind, reason: error.message, url: url?.href ?? String(target) };
    throw error;
  }
}
