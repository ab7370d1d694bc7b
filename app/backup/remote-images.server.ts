/**
 * Remote images of an import, fetched so that the article does not depend on the old site:
 * - only http and https, without credentials in the URL;
 * - only public addresses: the host name is resolved and EVERY address it gives is checked
 *   (private, loopback, link-local, shared, documentation, multicast, reserved and the IPv6
 *   equivalents are refused), and the connection is made to the checked addresses themselves (the
 *   check is the connection's DNS lookup, so a second answer cannot slip in between);
 * - redirects are followed by hand (at most MAX_REDIRECTS), each hop checked again;
 * - a deadline for the whole fetch (FETCH_TIMEOUT_MS) and a size cap (the upload limit), checked
 *   on Content-Length and again while reading.
 * The bytes then go through the media library's upload checks (app/media). A failure is a
 * RemoteImageError whose message the import report shows; the image stays a link.
 *
 * IMPORT_FETCH_ALLOW_HOSTS (empty by default) lists host names whose addresses are not checked:
 * the tests' local HTTP server on `localhost`. Never set it in a deployment.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { env } from "~/env.server";
import { MAX_UPLOAD_BYTES } from "~/media/media.server";

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;

export class RemoteImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RemoteImageError";
  }
}

const BLOCKED = new net.BlockList();
const V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // shared (carrier-grade NAT)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];
const V6: [string, number][] = [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64 (could reach a private IPv4)
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo included)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4 (embeds any IPv4)
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
];
for (const [address, prefix] of V4) BLOCKED.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of V6) BLOCKED.addSubnet(address, prefix, "ipv6");

/** The IPv4 address behind an IPv4-mapped IPv6 one (::ffff:a.b.c.d), else null. */
function mappedIpv4(address: string): string | null {
  const compressed = new URL(`http://[${address}]`).hostname.slice(1, -1);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(compressed);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an address on the public internet; false for anything else (or not an address). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 4) return !BLOCKED.check(address, "ipv4");
  const v4 = mappedIpv4(address);
  if (v4 !== null) return isPublicAddress(v4);
  return !BLOCKED.check(address, "ipv6");
}

function allowedHosts(): Set<string> {
  const list = env().IMPORT_FETCH_ALLOW_HOSTS ?? "";
  return new Set(
    list
      .split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  );
}

type LookupCallback = (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A DNS lookup for the connection that refuses the host when any of its addresses is not public. */
function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback) {
  dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
    if (error) return callback(new RemoteImageError(`${hostname} cannot be resolved`), "");
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (addresses.length === 0 || refused) {
      return callback(new RemoteImageError(`${hostname} resolves to a private or local address`), "");
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

type Hop = { status: number; location: string | null; body: Buffer | null };

function request(url: URL, deadline: number, maxBytes: number, allowed: boolean): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new RemoteImageError("timed out"));
    const client = url.protocol === "https:" ? https : http;
    const fail = (error: Error) =>
      reject(error instanceof RemoteImageError ? error : new RemoteImageError(error.message));
    const outgoing = client.request(
      url,
      {
        method: "GET",
        agent: false,
        headers: { Accept: "image/*", "User-Agent": "DevPerspective-import" },
        ...(allowed ? {} : { lookup: checkedLookup as unknown as net.LookupFunction }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location ?? null, body: null });
        }
        if (status !== 200) {
          response.resume();
          return resolve({ status, location: null, body: null });
        }
        const declared = Number(response.headers["content-length"] ?? 0);
        if (declared > maxBytes) {
          response.destroy();
          return reject(new RemoteImageError("larger than the upload limit"));
        }
        const chunks: Buffer[] = [];
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.byteLength;
          if (read > maxBytes) {
            response.destroy();
            reject(new RemoteImageError("larger than the upload limit"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("error", fail);
        response.on("end", () => resolve({ status, location: null, body: Buffer.concat(chunks) }));
      },
    );
    const timer = setTimeout(() => outgoing.destroy(new RemoteImageError("timed out")), remaining);
    outgoing.on("close", () => clearTimeout(timer));
    outgoing.on("error", fail);
    outgoing.end();
  });
}

/** The address to fetch, or a refusal: http(s) only, no credentials, literal addresses public. */
function checkUrl(url: URL, allow: Set<string>): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RemoteImageError("not an http(s) address");
  if (url.username || url.password) throw new RemoteImageError("an address with credentials");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const allowed = allow.has(host);
  if (!allowed && net.isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new RemoteImageError(`${host} is a private or local address`);
  }
  return allowed;
}

export type FetchedImage = { bytes: Buffer; name: string; url: string };

/** Fetches the image at `src` (http, https or protocol-relative) under the rules above. */
export async function fetchRemoteImage(
  src: string,
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<FetchedImage> {
  const deadline = Date.now() + (options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const allow = allowedHosts();
  let url: URL;
  try {
    url = new URL(src.startsWith("//") ? `https:${src}` : src);
  } catch {
    throw new RemoteImageError("not a valid address");
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const allowed = checkUrl(url, allow);
    const answer = await request(url, deadline, maxBytes, allowed);
    if (answer.body) {
      const last = url.pathname.split("/").pop() ?? "";
      let name = last;
      try {
        name = decodeURIComponent(last);
      } catch {
        // kept as written
      }
      return { bytes: answer.body, name: name || "image", url: url.toString() };
    }
    if (!answer.location) throw new RemoteImageError(`the server answered ${answer.status}`);
    try {
      url = new URL(answer.location, url);
    } catch {
      throw new RemoteImageError("a redirect to an invalid address");
    }
  }
  throw new RemoteImageError(`more than ${MAX_REDIRECTS} redirects`);
}
