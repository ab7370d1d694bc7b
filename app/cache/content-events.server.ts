/**
 * "Public content changed": every write that changes what readers see (article create, update,
 * delete; category or author edits) calls `contentChanged(reason, tags)`. Listeners in this
 * process (the response cache) hear it at once; other instances on the same PostgreSQL hear it
 * through LISTEN/NOTIFY, so a write on one instance is seen on the others at their next request.
 *
 * Tags name what the write touched (see app/cache/tags.ts): the page cache drops only the pages
 * carrying one of them. `EVERYTHING` means "anything may have changed": every page is dropped
 * (settings, migrations). A lost notification connection is reported the same way.
 */
import { getDatabaseHandle } from "~/db/db.server";
import { type CacheTag, tags as tag } from "./tags";

/** "Anything may have changed": only settings and migrations announce it. */
export const EVERYTHING = "everything";
export type ChangedTags = readonly CacheTag[] | typeof EVERYTHING;

export const CONTENT_CHANNEL = "devperspective_content_changed";
/** NOTIFY payloads are limited to 8000 bytes; past this a change is sent as "everything". */
const MAX_PAYLOAD = 7_900;

type Listener = (reason: string, tags: readonly CacheTag[] | null) => void;
const listeners = new Set<Listener>();
let subscribed: Promise<void> | undefined;

export function onContentChanged(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(reason: string, tags: readonly CacheTag[] | null) {
  for (const listener of listeners) listener(reason, tags);
}

/** `reason` then, on a second line, the space-separated tags; no second line means "everything". */
export function encodeChange(reason: string, tags: readonly CacheTag[] | null) {
  const head = reason.replace(/\s+/g, " ").slice(0, 200);
  if (!tags) return head;
  const payload = `${head}\n${tags.join(" ")}`;
  return Buffer.byteLength(payload) > MAX_PAYLOAD ? head : payload;
}

export function decodeChange(payload: string): { reason: string; tags: CacheTag[] | null } {
  const newline = payload.indexOf("\n");
  if (newline < 0) return { reason: payload || "remote", tags: null };
  return {
    reason: payload.slice(0, newline),
    tags: payload
      .slice(newline + 1)
      .split(" ")
      .filter(Boolean)
      .map(tag.parse),
  };
}

/** Subscribes this process to other instances' changes (PostgreSQL only; a no-op on PGlite). */
export function listenForContentChanges() {
  subscribed ??= getDatabaseHandle()
    .then((handle) =>
      handle.listen(CONTENT_CHANNEL, (payload) => {
        const change = decodeChange(payload);
        emit(change.reason, change.tags);
      }),
    )
    .then(() => undefined);
  return subscribed;
}

/**
 * Announces a write; `tags` say which cached pages it may have changed (built with `tags.*`,
 * app/cache/tags.ts). `EVERYTHING` drops every page: only for settings and migrations.
 */
export async function contentChanged(reason: string, tags: ChangedTags) {
  const unique = tags === EVERYTHING ? null : [...new Set(tags)];
  emit(reason, unique);
  const handle = await getDatabaseHandle();
  await handle.notify(CONTENT_CHANNEL, encodeChange(reason, unique));
}
