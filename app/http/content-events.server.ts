/**
 * "Public content changed": every write that changes what readers see (article create, update,
 * delete; category or author edits) calls `contentChanged()`. Listeners in this process (the
 * response cache) hear it at once; other instances on the same PostgreSQL hear it through
 * LISTEN/NOTIFY, so a write on one instance is seen on the others at their next request.
 */
import { getDatabaseHandle } from "~/db/db.server";

export const CONTENT_CHANNEL = "devperspective_content_changed";

type Listener = (reason: string) => void;
const listeners = new Set<Listener>();
let subscribed: Promise<void> | undefined;

export function onContentChanged(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(reason: string) {
  for (const listener of listeners) listener(reason);
}

/** Subscribes this process to other instances' changes (PostgreSQL only; a no-op on PGlite). */
export function listenForContentChanges() {
  subscribed ??= getDatabaseHandle()
    .then((handle) => handle.listen(CONTENT_CHANNEL, (payload) => emit(payload || "remote")))
    .then(() => undefined);
  return subscribed;
}

export async function contentChanged(reason: string) {
  emit(reason);
  const handle = await getDatabaseHandle();
  await handle.notify(CONTENT_CHANNEL, reason.slice(0, 200));
}
