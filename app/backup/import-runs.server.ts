/**
 * Import runs: an uploaded file kept in the database (import_upload_chunks, so that whichever
 * instance serves the next request can read it: decision "imports-upload-in-database"), its
 * plan stored when it is applied (import_run_items), the lease an instance holds while it
 * applies or rolls back a run, and the run as the import page shows it.
 */
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import { type AuditActor, type AuditCommandActor, recordAudit } from "~/audit/audit.server";
import { getDb, queryRows } from "~/db/db.server";
import { importRunItems, importRuns, importUploadChunks } from "~/db/schema";
import { toIso } from "~/lib/dates";
import type { ConflictPolicy } from "~/lib/import-options";
import type { ImportPlan } from "./import-plan.server";
import { readImportBuffer } from "./import-sources.server";
import type { ImportSource } from "./import-types.server";
import type { ImportReport, ImportRunView } from "./import-view";

/** The admin panel takes files up to 50 MB (the command line up to 200 MB). */
export const IMPORT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
/** How long an instance holds a run it works on; it renews the lease after every batch. */
export const LEASE_SECONDS = 60;
/** Uploads previewed but never applied are removed after a day. */
const ABANDONED_AFTER = sql`interval '1 day'`;

export type Actor = AuditActor | AuditCommandActor;

const nameOf = (actor: Actor) => actor.fullName ?? "";

/**
 * Stores an uploaded file as a new run and checks that it is an import this site can read
 * (throws ImportFileError otherwise, keeping nothing). Returns the run's id and the source.
 */
export async function createUploadedRun(
  bytes: Buffer,
  fileName: string,
  actor: Actor,
): Promise<{ runId: number; source: ImportSource }> {
  // A file's name as the browser sent it: text for PostgreSQL and the page (no NUL character).
  const name = fileName.replaceAll("\0", "");
  const source = await readImportBuffer(bytes, name);
  const db = await getDb();
  await db
    .delete(importRuns)
    .where(and(eq(importRuns.status, "uploaded"), lt(importRuns.createdAt, sql`now() - ${ABANDONED_AFTER}`)));
  const runId = await db.transaction(async (tx) => {
    const [run] = await tx
      .insert(importRuns)
      .values({
        fileName: name.slice(0, 200) || "upload",
        kind: source.kind,
        bytes: bytes.byteLength,
        createdBy: actor.id,
        actorName: nameOf(actor),
      })
      .returning({ id: importRuns.id });
    for (let seq = 0; seq * CHUNK_BYTES < bytes.byteLength; seq++) {
      await tx.insert(importUploadChunks).values({
        runId: run!.id,
        seq,
        bytes: bytes.subarray(seq * CHUNK_BYTES, (seq + 1) * CHUNK_BYTES),
      });
    }
    return run!.id;
  });
  return { runId, source };
}

/** A run without a stored file (the command line reads its file itself). */
export async function createRun(source: ImportSource, fileName: string, actor: Actor): Promise<number> {
  const db = await getDb();
  const [run] = await db
    .insert(importRuns)
    .values({ fileName: fileName.slice(0, 200), kind: source.kind, createdBy: actor.id, actorName: nameOf(actor) })
    .returning({ id: importRuns.id });
  return run!.id;
}

/** The source of a run's stored upload, or null when it has none (applied, rolled back, swept). */
export async function readRunSource(runId: number): Promise<ImportSource | null> {
  const db = await getDb();
  const chunks = await db
    .select({ bytes: importUploadChunks.bytes })
    .from(importUploadChunks)
    .where(eq(importUploadChunks.runId, runId))
    .orderBy(asc(importUploadChunks.seq));
  if (chunks.length === 0) return null;
  const [run] = await db.select({ fileName: importRuns.fileName }).from(importRuns).where(eq(importRuns.id, runId));
  return readImportBuffer(Buffer.concat(chunks.map((chunk) => chunk.bytes)), run?.fileName);
}

/** Stores the plan and marks the run applying (only from "uploaded"); false when it had started. */
export async function startRun(runId: number, plan: ImportPlan, actor: Actor): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [run] = await tx
      .update(importRuns)
      .set({ status: "applying", policy: plan.policy, unchanged: plan.counts.unchanged, updatedAt: sql`now()` })
      .where(and(eq(importRuns.id, runId), eq(importRuns.status, "uploaded")))
      .returning({ id: importRuns.id, fileName: importRuns.fileName });
    if (!run) return false;
    const rows = plan.items
      .map((item, position) => ({ item, position }))
      .filter(({ item }) => item.action !== "unchanged")
      .map(({ item, position }) => ({
        runId,
        position,
        target: item.target,
        sourceId: item.source.sourceId,
        title: item.source.title.slice(0, 500),
        action: item.action as "create" | "overwrite" | "skip",
        slug: item.slug,
        renamedFrom: item.renamedFrom,
      }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(importRunItems).values(rows.slice(i, i + 500));
    await recordAudit(
      actor,
      {
        kind: "site",
        action: "import-started",
        targetId: runId,
        summary: `Started import #${runId} of ${run.fileName} (${plan.kind}, ${plan.policy}): ${rows.length} to write, ${plan.counts.unchanged} already imported`,
      },
      tx,
    );
    return true;
  });
}

/**
 * Takes the run for this instance for LEASE_SECONDS when nobody holds it and it is in one of
 * `statuses`; false otherwise (another instance works on it, or it is over).
 */
export async function claimRun(runId: number, statuses: ImportRunView["status"][]): Promise<boolean> {
  const db = await getDb();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update import_runs set lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
        where id = ${runId} and status in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )}) and (lease_until is null or lease_until < now())
        returning id`,
  );
  return rows.length > 0;
}

export async function renewLease(runId: number) {
  const db = await getDb();
  await db
    .update(importRuns)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(eq(importRuns.id, runId));
}

export async function releaseRun(runId: number) {
  const db = await getDb();
  await db.update(importRuns).set({ leaseUntil: null, updatedAt: sql`now()` }).where(eq(importRuns.id, runId));
}

/** Ends a run (finished or rolled back): its stored file goes, its report stays. */
export async function closeRun(runId: number, status: "finished" | "rolled-back", report?: ImportReport) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(importUploadChunks).where(eq(importUploadChunks.runId, runId));
    await tx
      .update(importRuns)
      .set({ status, leaseUntil: null, updatedAt: sql`now()`, ...(report ? { report } : {}) })
      .where(eq(importRuns.id, runId));
  });
}

const runColumns = {
  id: importRuns.id,
  status: importRuns.status,
  fileName: importRuns.fileName,
  kind: importRuns.kind,
  policy: importRuns.policy,
  createdAt: importRuns.createdAt,
  actorName: importRuns.actorName,
  report: importRuns.report,
  stopped: sql<boolean>`${importRuns.status} = 'applying' and (${importRuns.leaseUntil} is null or ${importRuns.leaseUntil} < now())`,
  total: sql<number>`(select count(*)::int from import_run_items i where i.run_id = ${importRuns.id})`,
  done: sql<number>`(select count(*)::int from import_run_items i where i.run_id = ${importRuns.id} and i.state <> 'pending')`,
};

type RunRow = { [K in keyof typeof runColumns]: unknown } & { createdAt: Date; report: unknown };

function toView(row: RunRow): ImportRunView {
  return {
    id: row.id as number,
    status: row.status as ImportRunView["status"],
    fileName: row.fileName as string,
    kind: row.kind as string,
    policy: row.policy as ConflictPolicy,
    createdAt: toIso(row.createdAt),
    actorName: row.actorName as string,
    total: Number(row.total),
    done: Number(row.done),
    stopped: row.stopped === true,
    report: (row.report as ImportReport | null) ?? null,
  };
}

export async function getRun(runId: number): Promise<ImportRunView | null> {
  const db = await getDb();
  const [row] = await db.select(runColumns).from(importRuns).where(eq(importRuns.id, runId)).limit(1);
  return row ? toView(row as RunRow) : null;
}

/** The latest runs that were applied (the import page's list). */
export async function listRuns(limit = 10): Promise<ImportRunView[]> {
  const db = await getDb();
  const rows = await db
    .select(runColumns)
    .from(importRuns)
    .where(sql`${importRuns.status} <> 'uploaded'`)
    .orderBy(desc(importRuns.id))
    .limit(limit);
  return rows.map((row) => toView(row as RunRow));
}
