/**
 * What backups and restores know of the database's shape: its tables (columns, primary keys,
 * referenced tables first), the migration it is at, and the migrations journal.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, queryRows } from "~/db/db.server";
import { env } from "~/env.server";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export const migrationsFolder = () => path.resolve(env().MIGRATIONS_DIR);

export type JournalEntry = { idx: number; when: number; tag: string };
export function readJournal(folder = migrationsFolder()): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export function quote(identifier: string) {
  if (!IDENTIFIER.test(identifier)) throw new Error(`unexpected identifier ${JSON.stringify(identifier)}`);
  return `"${identifier}"`;
}

export type TableInfo = { name: string; columns: string[]; primaryKey: string[] };

/** Every table of the public schema, referenced tables before those that reference them. */
export async function describeTables(db: Database): Promise<TableInfo[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const columns = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table: string; column: string }>(
    db,
    sql`select c.relname as "table", a.attname as "column"
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, k.position`,
  );
  const references = await queryRows<{ from: string; to: string }>(
    db,
    sql`select f.relname as "from", t.relname as "to"
        from pg_constraint k join pg_class f on f.oid = k.conrelid join pg_class t on t.oid = k.confrelid
        join pg_namespace n on n.oid = k.connamespace
        where n.nspname = 'public' and k.contype = 'f'`,
  );
  const info = new Map<string, TableInfo>();
  for (const { name } of tables) info.set(name, { name, columns: [], primaryKey: [] });
  for (const row of columns) info.get(row.table)?.columns.push(row.column);
  for (const row of keys) info.get(row.table)?.primaryKey.push(row.column);
  // Depth-first topological order; a cycle (articles ⇄ article_revisions) is broken where met,
  // which the restore does not mind (it sets the foreign keys aside while it loads).
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.has(name)) return;
    state.set(name, "visiting");
    for (const reference of references) {
      if (reference.from === name && reference.to !== name) visit(reference.to);
    }
    state.set(name, "done");
    const table = info.get(name);
    if (table) ordered.push(table);
  };
  for (const { name } of tables) visit(name);
  return ordered;
}

export async function currentMigration(db: Database): Promise<{ tag: string; count: number }> {
  const rows = await queryRows<{ created_at: string | number; count: string | number }>(
    db,
    sql`select created_at, (select count(*) from drizzle.__drizzle_migrations) as count
        from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const last = rows[0];
  if (!last) throw new Error("The database has no migrations applied.");
  const entry = readJournal().find((candidate) => candidate.when === Number(last.created_at));
  return { tag: entry?.tag ?? `unknown-${last.created_at}`, count: Number(last.count) };
}
