/**
 * Reads worth keeping between requests: a value computed from the database (an O(n) count, an
 * aggregate) kept in this process per database until the next content change (this instance's
 * writes at once, other instances' through LISTEN/NOTIFY: content-events.server.ts) or for `ttlMs`,
 * whichever comes first. A read that started before a change is never kept after it. The truth
 * stays in PostgreSQL: this only spares recomputing it. Only a write that bypasses the application
 * (SQL by hand) can show a stale value, for at most the TTL.
 */
import type { Database } from "~/db/db.server";
import { onContentChanged } from "./content-events.server";

export function keptRead<T>(ttlMs: number) {
  let kept = new WeakMap<Database, { value: T; expiresAt: number }>();
  /** Bumped by every content change. */
  let generation = 0;
  let watching = false;
  const watch = () => {
    if (watching) return;
    watching = true;
    onContentChanged(() => {
      generation++;
      kept = new WeakMap();
    });
  };
  return {
    /** The kept value, or null; `since` is passed back to `keep` after reading it afresh. */
    peek(db: Database): { value: T | null; since: number } {
      watch();
      const known = kept.get(db);
      return { value: known && known.expiresAt > Date.now() ? known.value : null, since: generation };
    },
    /** Keeps `value`, read after `peek` returned `since`, unless content changed meanwhile. */
    keep(db: Database, value: T, since: number) {
      if (since === generation) kept.set(db, { value, expiresAt: Date.now() + ttlMs });
    },
    /** `load`'s value, kept until the next content change. */
    async read(db: Database, load: () => Promise<T>): Promise<T> {
      const { value, since } = this.peek(db);
      if (value !== null) return value;
      const fresh = await load();
      this.keep(db, fresh, since);
      return fresh;
    },
  };
}
