/**
 * Remote images of an import, fetched so that the article does not depend on the old site,
 * through the outbound request guard (app/outbound: http and https only, public addresses only,
 * checked at connection time and on every redirect hop, one deadline for the whole fetch) with
 * a size cap of the upload limit. The bytes then go through the media library's upload checks
 * (app/media). A failure is a RemoteImageError whose message the import report shows; the image
 * stays a link.
 *
 * IMPORT_FETCH_ALLOW_HOSTS (empty by default) lists host names whose addresses are not checked:
 * the tests' local HTTP server on `localhost`. Never set it in a deployment.
 */
import { env } from "~/env.server";
import { MAX_UPLOAD_BYTES } from "~/media/media.server";
import { outboundFetch } from "~/outbound/outbound.server";

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 5;

export class RemoteImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RemoteImageError";
  }
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

export type FetchedImage = { bytes: Buffer; name: string; url: string };

/** Fetches the image at `src` (http, https or protocol-relative) under the rules above. */
export async function fetchRemoteImage(
  src: string,
  options: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<FetchedImage> {
  const answer = await outboundFetch(src.startsWith("//") ? `https:${src}` : src, {
    headers: { Accept: "image/*", "User-Agent": "DevPerspective-import" },
    timeoutMs: options.timeoutMs ?? FETCH_TIMEOUT_MS,
    maxRedirects: MAX_REDIRECTS,
    maxBytes: options.maxBytes ?? MAX_UPLOAD_BYTES,
    allowHosts: allowedHosts(),
  });
  if (answer.kind !== "response") {
    throw new RemoteImageError(answer.kind === "too-large" ? "larger than the upload limit" : answer.reason);
  }
  if (answer.status !== 200) throw new RemoteImageError(`the server answered ${answer.status}`);
  const last = new URL(answer.url).pathname.split("/").pop() ?? "";
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // kept as written
  }
  return { bytes: answer.body, name: name || "image", url: answer.url };
}
