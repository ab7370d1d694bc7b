/**
 * Which markdown renderer made the stored HTML (app/markdown/stored-html.server.ts renders older
 * bodies again). Kept apart, with nothing but the database, so the seed can mark a database it
 * rendered from empty as current.
 */
import { sql } from "drizzle-orm";
import { getDb, queryRows } from "~/db/db.server";

/** Raise when stored HTML must be made again (a change to what the pipeline writes). */
export const RENDER_VERSION = 2;
/** The change_versions row: the last article id rendered again, then DONE. */
export const RENDER_PROGRESS = `markdown_render:${RENDER_VERSION}`;
export const DONE = -1;

/** Where rendering again stands (0 before it starts; the row is made if missing). */
export async function renderProgress(): Promise<number> {
  const db = await getDb();
  await db.execute(
    sql`insert into change_versions (name, version) values (${RENDER_PROGRESS}, 0) on conflict do nothing`,
  );
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select version::text as version from change_versions where name = ${RENDER_PROGRESS}`,
  );
  return Number(row?.version ?? 0);
}

/** Marks every stored body current (they were all just rendered by this renderer). */
export async function markStoredHtmlCurrent(): Promise<void> {
  const db = await getDb();
  await db.execute(
    sql`insert into change_versions (name, version) values (${RENDER_PROGRESS}, ${DONE})
        on conflict (name) do update set version = ${DONE}`,
  );
}
