/**
 * Series in the admin panel (/admin/series, editors: series.manage): create, rename, describe,
 * delete, and reorder parts (move up/down without JavaScript, a whole new order by dragging).
 *
 * Every write of a series' positions holds the series row's lock (`for update`) and renumbers
 * the parts 1..n in two statements (negative first: the unique index series_parts_position_key
 * is checked row by row), so concurrent moves queue and always leave one consistent order. Each
 * write records an audit entry in its transaction and announces the series' pages and every
 * part's page (they show the name and their neighbours).
 */
import { asc, eq, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/audit/audit.server";
import { contentChanged } from "~/cache/content-events.server";
import { type CacheTag, tags } from "~/cache/tags";
import { getDb } from "~/db/db.server";
import { isUniqueViolation } from "~/db/pg-error.server";
import { articles, series, seriesParts } from "~/db/schema";
import { namedInput } from "~/lib/content";
import { SERIES_MESSAGES, type SeriesFormValues } from "~/lib/taxonomy-schemas";
import { insertNamed, nameOrSlugTaken, renameDetails, writeOrRaced } from "./named-rows.server";
import { listSeriesParts, type SeriesPart, type SeriesSummary } from "./series.server";

export type AdminSeries = SeriesSummary & { partCount: number };
export type SeriesInput = { name: string; slug: string; description: string };
type FieldErrors = Partial<Record<"name" | "slug", string[]>>;
export type SeriesSaveResult =
  | { status: "saved"; series: SeriesSummary }
  | { status: "invalid"; fieldErrors: FieldErrors }
  | { status: "not-found" };

/** The form's values as a save writes them: an empty slug is made from the name. */
export function toSeriesInput(values: SeriesFormValues): SeriesInput | { fieldErrors: FieldErrors } {
  return namedInput(values) ?? { fieldErrors: { slug: [SERIES_MESSAGES.slugFromName] } };
}

const columns = { id: series.id, name: series.name, slug: series.slug, description: series.description };
// Written out: inside a subquery Drizzle leaves column names unqualified.
const partCount = sql<number>`(select count(*) from series_parts p where p.series_id = "series"."id")`
  .mapWith(Number)
  .as("part_count");

/** Every series by name, with its number of parts (drafts included). */
export async function listAdminSeries(): Promise<AdminSeries[]> {
  const db = await getDb();
  return db
    .select({ ...columns, partCount })
    .from(series)
    .orderBy(asc(sql`lower(${series.name})`), asc(series.id));
}

/** One series with every part in order, drafts included. */
export async function getAdminSeries(id: number): Promise<(SeriesSummary & { parts: SeriesPart[] }) | null> {
  const db = await getDb();
  const [row] = await db.select(columns).from(series).where(eq(series.id, id)).limit(1);
  if (!row) return null;
  return { ...row, parts: await listSeriesParts(id, { staff: true }) };
}

async function conflicts(input: SeriesInput, exceptId: number | null): Promise<FieldErrors> {
  const taken = await nameOrSlugTaken(series, input, exceptId);
  const errors: FieldErrors = {};
  if (taken.name) errors.name = [SERIES_MESSAGES.nameTaken];
  if (taken.slug) errors.slug = [SERIES_MESSAGES.slugTaken];
  return errors;
}

function raceErrors(error: unknown): FieldErrors | null {
  const constraint = isUniqueViolation(error, "series_name_lower_key", "series_slug_key");
  if (constraint === false) return null;
  return constraint === "series_name_lower_key"
    ? { name: [SERIES_MESSAGES.nameTaken] }
    : { slug: [SERIES_MESSAGES.slugTaken] };
}

/** The series' pages and every part's page (names, numbers and neighbours). */
async function seriesPageTags(seriesId: number, ...slugs: string[]): Promise<CacheTag[]> {
  const db = await getDb();
  const parts = await db
    .select({ slug: articles.slug })
    .from(seriesParts)
    .innerJoin(articles, eq(articles.id, seriesParts.articleId))
    .where(eq(seriesParts.seriesId, seriesId));
  return [...slugs.map((slug) => tags.series(slug)), ...parts.map((part) => tags.article(part.slug))];
}

export async function createSeries(actor: AuditActor, input: SeriesInput): Promise<SeriesSaveResult> {
  const fieldErrors = await conflicts(input, null);
  if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  const written = await insertNamed(
    actor,
    "series",
    async (tx) => (await tx.insert(series).values(input).returning(columns))[0],
    raceErrors,
  );
  if (written.status === "invalid") return written;
  const created = written.value;
  await contentChanged(`series:${created.id}`, [tags.series(created.slug)]);
  return { status: "saved", series: created };
}

/** Rename and describe (the slug may change: the old address then answers 404). */
export async function updateSeries(actor: AuditActor, id: number, input: SeriesInput): Promise<SeriesSaveResult> {
  const db = await getDb();
  const [before] = await db.select(columns).from(series).where(eq(series.id, id)).limit(1);
  if (!before) return { status: "not-found" };
  const fieldErrors = await conflicts(input, id);
  if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  const written = await writeOrRaced(
    () =>
      db.transaction(async (tx) => {
        await tx
          .update(series)
          .set({ ...input, updatedAt: sql`now()` })
          .where(eq(series.id, id));
        await recordAudit(
          actor,
          {
            kind: "series",
            action: before.name !== input.name || before.slug !== input.slug ? "renamed" : "updated",
            targetId: id,
            summary: `Series ${input.name}: saved`,
            details: renameDetails(before, input),
          },
          tx,
        );
      }),
    raceErrors,
  );
  if (written.status === "invalid") return written;
  await contentChanged(`series:${id}`, [...(await seriesPageTags(id, before.slug, input.slug)), tags.feeds]);
  return { status: "saved", series: { id, ...input } };
}

/** Deletes a series: its articles stay, in no series (their series_parts rows go with it). */
export async function deleteSeries(actor: AuditActor, id: number): Promise<SeriesSummary | null> {
  const db = await getDb();
  const [found] = await db.select(columns).from(series).where(eq(series.id, id)).limit(1);
  if (!found) return null;
  const touched = await seriesPageTags(id, found.slug);
  await db.transaction(async (tx) => {
    await tx.delete(series).where(eq(series.id, id));
    await recordAudit(
      actor,
      { kind: "series", action: "deleted", targetId: id, summary: `Deleted series ${found.name}` },
      tx,
    );
  });
  await contentChanged(`series:${id}`, [...touched, tags.feeds]);
  return found;
}

/** An integer[] as a PostgreSQL array literal (both drivers take it as text). */
const intArray = (ids: readonly number[]) => `{${ids.filter((id) => Number.isSafeInteger(id)).join(",")}}`;

/**
 * Under the series' lock: its parts in their current order, then in `reorder(ids)`'s order,
 * renumbered 1..n. Null when the series does not exist.
 */
async function renumber(
  actor: AuditActor,
  seriesId: number,
  reorder: (ids: number[]) => number[] | null,
): Promise<"moved" | "unchanged" | "not-found"> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: series.id, name: series.name })
      .from(series)
      .where(eq(series.id, seriesId))
      .for("update");
    if (!locked) return "not-found" as const;
    const rows = await tx
      .select({ id: seriesParts.articleId })
      .from(seriesParts)
      .where(eq(seriesParts.seriesId, seriesId))
      .orderBy(asc(seriesParts.position));
    const current = rows.map((row) => row.id);
    const next = reorder(current);
    if (next === null || next.every((id, index) => current[index] === id)) return "unchanged" as const;
    await tx.execute(sql`update series_parts set position = -position where series_id = ${seriesId}`);
    await tx.execute(
      sql`update series_parts set position = array_position(${intArray(next)}::integer[], article_id) where series_id = ${seriesId}`,
    );
    await recordAudit(
      actor,
      { kind: "series", action: "reordered", targetId: seriesId, summary: `Reordered the parts of ${locked.name}` },
      tx,
    );
    return "moved" as const;
  });
  if (outcome === "moved") {
    const [row] = await db.select({ slug: series.slug }).from(series).where(eq(series.id, seriesId));
    if (row) await contentChanged(`series:${seriesId}`, await seriesPageTags(seriesId, row.slug));
  }
  return outcome;
}

/** Moves part `articleId` one place up or down ("unchanged" at an edge or when it is not a part). */
export function moveSeriesPart(actor: AuditActor, seriesId: number, articleId: number, direction: "up" | "down") {
  return renumber(actor, seriesId, (ids) => {
    const from = ids.indexOf(articleId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return null;
    const next = [...ids];
    [next[from], next[to]] = [next[to]!, next[from]!];
    return next;
  });
}

/**
 * A whole new order (dragging): the given parts in the given order; parts it does not name (added
 * meanwhile) keep their relative order after them; ids that are not parts are ignored.
 */
export function reorderSeries(actor: AuditActor, seriesId: number, order: readonly number[]) {
  return renumber(actor, seriesId, (ids) => {
    const named = [...new Set(order)].filter((id) => ids.includes(id));
    return [...named, ...ids.filter((id) => !named.includes(id))];
  });
}
