/**
 * Subscribers as CSV, both ways (issue 24.5).
 *
 * - Export: streamed, EXPORT_BATCH rows per query in id order (keyset), through csv-stringify:
 *   memory stays flat whatever the count. Each row says how the person consented (the mailed
 *   link, their account, or an import that said so) and when; the site export includes it
 *   (app/backup/export.server.ts).
 * - Import: the file is parsed as a stream (csv-parse) twice: once to refuse, writing nothing, a
 *   file that is not CSV or has no `email` column; then written IMPORT_BATCH rows per transaction
 *   (idempotent by address), as background work: 100 000 rows never sit in memory at once, and
 *   on the embedded database requests are answered between batches. Optional columns: `categories` and `authors` (slugs or
 *   names separated by `;` or spaces; none: everything) and `frequency` (`each` or `weekly`).
 *   With "they consented" the addresses are confirmed at once; without it each gets the
 *   confirmation mail (the same as the subscribe form, 10-minute rule included).
 */
import { CsvError, parse } from "csv-parse";
import { stringify } from "csv-stringify";
import { sql } from "drizzle-orm";
import { recordAudit } from "~/audit/audit.server";
import { type Database, getDb, inBackground, queryRows, type Runner } from "~/db/db.server";
import { EMAIL_PATTERN } from "~/lib/account-schemas";
import { withMail } from "~/mail/outbox.server";
import type { ImportReport } from "./subscribers-view";
import { prepareLinks } from "./links.server";
import { requestConfirmations } from "./subscriptions.server";
import { addTopics, type ResolvedTopics } from "./topics.server";

export const EXPORT_BATCH = 1000;
/** Addresses one import transaction writes (~20 ms on the embedded database, with consent). */
export const IMPORT_BATCH = 250;
export const CSV_COLUMNS = [
  "email",
  "status",
  "frequency",
  "topics",
  "consent",
  "consented_at",
  "created_at",
  "confirmed_at",
  "unsubscribed_at",
] as const;

type ExportRow = Record<(typeof CSV_COLUMNS)[number], string | null> & { id: number };

async function exportBatch(db: Database, after: number): Promise<ExportRow[]> {
  return queryRows<ExportRow>(
    db,
    sql`select s.id, s.email, s.status, s.frequency,
               case when s.everything then 'everything' else concat_ws(' ',
                 (select string_agg('category:' || c.slug, ' ' order by c.slug) from subscriber_categories sc
                    join categories c on c.id = sc.category_id where sc.subscriber_id = s.id),
                 (select string_agg('author:' || a.slug, ' ' order by a.slug) from subscriber_authors sa
                    join authors a on a.id = sa.author_id where sa.subscriber_id = s.id)) end as topics,
               s.consent, to_char(s.consented_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as consented_at,
               to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
               to_char(s.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as confirmed_at,
               to_char(s.unsubscribed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as unsubscribed_at
          from subscribers s where s.id > ${after} order by s.id limit ${EXPORT_BATCH}`,
  );
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) gets a `'` in front, as OWASP advises for CSV exports: an address is what anyone typed
 * into the subscribe form. The import takes the `'` off again (`fromSpreadsheetSafe`), so an
 * export imports back as it was.
 */
function spreadsheetSafe(value: string | null) {
  if (!value) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function fromSpreadsheetSafe(value: string) {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** Every subscriber as CSV lines (header first), read batch by batch. */
export async function* subscriberCsvLines(): AsyncGenerator<string> {
  const db = await getDb();
  const stringifier = stringify({ header: true, columns: [...CSV_COLUMNS] });
  const chunks: string[] = [];
  stringifier.on("data", (chunk: Buffer | string) => chunks.push(String(chunk)));
  const drain = function* () {
    while (chunks.length > 0) yield chunks.shift()!;
  };
  let after = 0;
  for (;;) {
    const rows = await exportBatch(db, after);
    for (const row of rows) {
      stringifier.write(
        CSV_COLUMNS.map((column) => (column === "email" ? spreadsheetSafe(row.email) : (row[column] ?? ""))),
      );
    }
    // csv-stringify emits synchronously on write; let its events run before draining.
    await new Promise((resolve) => setImmediate(resolve));
    yield* drain();
    if (rows.length < EXPORT_BATCH) break;
    after = rows.at(-1)!.id;
  }
  await new Promise<void>((resolve) => stringifier.end(resolve));
  yield* drain();
}

/** The export as a web stream (the download route and the site export use it). */
export function subscriberCsvStream(): ReadableStream<Uint8Array> {
  const lines = subscriberCsvLines();
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

export type ImportResult = ({ status: "imported" } & ImportReport) | { status: "refused"; message: string };

export const IMPORT_MESSAGES = {
  notCsv: "This file is not a CSV file. Export your list as CSV (comma-separated values) and try again.",
  noEmail: 'The file has no "email" column. Its first line must name the columns, one of them "email".',
} as const;

class ImportRefused extends Error {}

type TopicIndex = { categories: Map<string, number>; authors: Map<string, number> };

async function topicIndex(runner: Runner): Promise<TopicIndex> {
  const [cats, people] = await Promise.all([
    queryRows<{ id: number; slug: string; name: string }>(
      runner as Database,
      sql`select id, slug, name from categories`,
    ),
    queryRows<{ id: number; slug: string; name: string }>(runner as Database, sql`select id, slug, name from authors`),
  ]);
  const index = (rows: { id: number; slug: string; name: string }[]) =>
    new Map(rows.flatMap((row) => [[row.slug, row.id] as const, [row.name.toLowerCase(), row.id] as const]));
  return { categories: index(cats), authors: index(people) };
}

function topicsOf(record: Record<string, string>, index: TopicIndex): ResolvedTopics {
  // "css; react", "css react", "Ada Lovelace, css": each part by slug or name, else word by word.
  const ids = (value: string | undefined, map: Map<string, number>) => {
    const found = new Set<number>();
    for (const part of (value ?? "").toLowerCase().split(/[;,|]/)) {
      const whole = part.trim();
      if (!whole) continue;
      if (map.has(whole)) found.add(map.get(whole)!);
      else for (const word of whole.split(/\s+/)) if (map.has(word)) found.add(map.get(word)!);
    }
    return [...found];
  };
  const categoryIds = ids(record.categories, index.categories);
  const authorIds = ids(record.authors, index.authors);
  return { everything: categoryIds.length === 0 && authorIds.length === 0, categoryIds, authorIds, names: [] };
}

type ImportRow = { email: string; topics: ResolvedTopics; frequency: string };

/**
 * Writes one batch of consented rows: confirmed at once (an address already confirmed keeps its
 * topics). The batch travels as a few array parameters (`unnest`), not one placeholder per value:
 * the statement's text and its parameter list stay the same size whatever the batch, and building
 * them costs next to nothing (a VALUES list of 250 rows cost ~9 KB of garbage per address in the
 * query builder).
 */
async function writeConsented(tx: Runner, rows: ImportRow[]) {
  if (rows.length === 0) return;
  const written = await queryRows<{ id: number; email: string }>(
    tx as Database,
    sql`insert into subscribers as s (email, everything, frequency, status, consent, consented_at, confirmed_at, digest_sent_at)
        select v.email, v.everything, v.frequency, 'confirmed', 'import', now(), now(), now()
          from unnest(${sql.param(rows.map((row) => row.email))}::text[],
                      ${sql.param(rows.map((row) => row.topics.everything))}::boolean[],
                      ${sql.param(rows.map((row) => row.frequency))}::text[]) as v(email, everything, frequency)
        on conflict (lower(email)) do update set
          status = 'confirmed', everything = excluded.everything, frequency = excluded.frequency,
          consent = 'import', consented_at = now(), confirmed_at = now(), digest_sent_at = now(),
          confirm_token_hash = null
        where s.status <> 'confirmed'
        returning s.id, s.email`,
  );
  const byEmail = new Map(rows.map((row) => [row.email.toLowerCase(), row.topics]));
  await addTopics(
    tx,
    written.map(({ id, email }) => ({
      subscriberId: id,
      topics: byEmail.get(email.toLowerCase()) ?? { everything: true, categoryIds: [], authorIds: [] },
    })),
  );
}

/** Looks like text: no NUL byte in the first 8 KB (a zip, an image, a spreadsheet are not CSV). */
async function looksLikeText(file: Blob) {
  const head = new Uint8Array(await file.slice(0, 8192).arrayBuffer());
  return head.length > 0 && !head.includes(0);
}

/**
 * The file's records, parsed as a stream (column names trimmed and lower-cased), in the groups the
 * parser has ready (a read of the file gives a few hundred): no promise per record. Throws
 * ImportRefused without an `email` column.
 */
async function* csvRecordGroups(file: Blob): AsyncGenerator<Record<string, string>[]> {
  let hasEmailColumn = false;
  const parser = parse({
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim().toLowerCase());
      hasEmailColumn = names.includes("email");
      return names;
    },
    bom: true,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: true,
    max_record_size: 64 * 1024,
  });
  let failure: unknown = null;
  let ended = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  parser.on("readable", notify);
  parser.on("end", () => {
    ended = true;
    notify();
  });
  parser.on("error", (error) => {
    failure ??= error;
    notify();
  });
  const source = file.stream().getReader();
  const feeding = (async () => {
    try {
      for (;;) {
        const { done, value } = await source.read();
        if (done) break;
        if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    for (;;) {
      const group: Record<string, string>[] = [];
      for (let record = parser.read(); record !== null; record = parser.read()) group.push(record);
      if (failure !== null) throw failure;
      if (group.length > 0) {
        if (!hasEmailColumn) throw new ImportRefused(IMPORT_MESSAGES.noEmail);
        yield group;
        continue;
      }
      if (ended) break;
      // Nothing buffered: the parser says when there is more ("readable"), or that it ended or failed.
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
    await feeding;
    if (!hasEmailColumn) throw new ImportRefused(IMPORT_MESSAGES.noEmail);
  } finally {
    parser.destroy();
    await source.cancel().catch(() => {});
  }
}

/** Reads the whole file once without writing: a file that is not CSV, or has no `email` column, imports nothing. */
async function refusalOf(file: Blob): Promise<string | null> {
  if (!(await looksLikeText(file))) return IMPORT_MESSAGES.notCsv;
  try {
    for await (const _ of csvRecordGroups(file)) {
      // Only the parse matters here.
    }
  } catch (error) {
    if (error instanceof ImportRefused) return error.message;
    // Every parse error of csv-parse (its codes: CSV_…, INVALID_OPENING_QUOTE, …).
    if (error instanceof CsvError) return IMPORT_MESSAGES.notCsv;
    throw error;
  }
  return null;
}

/**
 * Imports `file` (CSV with an `email` column) for `actor`. `consented`: the person importing says
 * these people agreed; otherwise each address gets a confirmation mail (requestConfirmations, as
 * the subscribe form). The file is checked whole first (a refused file imports nothing), then
 * written IMPORT_BATCH rows per transaction as background work (decision 27): memory stays flat,
 * requests go between batches on the embedded database. Each batch is idempotent by address
 * (upserts; the 10-minute rule for mails), so an import stopped halfway can be run again.
 */
export async function importSubscribers(
  file: Blob,
  options: { consented: boolean; actor: { id: number; fullName: string } },
): Promise<ImportResult> {
  const refusal = await refusalOf(file);
  if (refusal !== null) return { status: "refused", message: refusal };
  const report: ImportReport = { imported: 0, confirmationsQueued: 0, skipped: 0 };
  await prepareLinks();
  await inBackground(
    async () => {
      const db = await getDb();
      const index = await topicIndex(db);
      let batch: ImportRow[] = [];
      // Addresses of the batch being gathered: a repeat in one insert would conflict with itself.
      const seen = new Set<string>();
      const flush = async () => {
        if (batch.length === 0) return;
        const rows = batch;
        batch = [];
        seen.clear();
        if (options.consented) await db.transaction((tx) => writeConsented(tx, rows));
        else report.confirmationsQueued += await withMail((tx, queue) => requestConfirmations(tx, queue, rows));
        report.imported += rows.length;
      };
      for await (const group of csvRecordGroups(file)) {
        for (const record of group) {
          const email = fromSpreadsheetSafe((record.email ?? "").trim());
          const key = email.toLowerCase();
          if (!EMAIL_PATTERN.test(email) || email.length > 254 || seen.has(key)) {
            report.skipped++;
            continue;
          }
          seen.add(key);
          const frequency = record.frequency?.toLowerCase() === "weekly" ? "weekly" : "each";
          batch.push({ email, topics: topicsOf(record, index), frequency });
          if (batch.length >= IMPORT_BATCH) await flush();
        }
      }
      await flush();
      await db.transaction((tx) =>
        recordAudit(
          options.actor,
          {
            kind: "subscribers",
            action: "imported",
            summary: `Imported ${report.imported} subscriber(s)${options.consented ? " who consented" : "; confirmation mails queued"}`,
            details: { ...report, consented: options.consented },
          },
          tx,
        ),
      );
    },
    { releasesRequest: true },
  );
  return { status: "imported", ...report };
}
