/**
 * What the import page shows (built by app/backup/import-runs.server.ts): a run, its preview and
 * its report. Not a server module: components import these types.
 */
import type { ConflictPolicy, ImportRunStatus } from "~/lib/import-options";

export type PlannedAction = "create" | "overwrite" | "unchanged" | "skip";

/** One article or page of a preview. */
export type PlannedItemView = {
  target: "article" | "page";
  title: string;
  slug: string;
  action: PlannedAction;
  /** The slug it had at the source when it gets a new one here. */
  renamedFrom: string | null;
  draft: boolean;
};

export type ImportPreview = {
  kind: string;
  policy: ConflictPolicy;
  counts: { create: number; overwrite: number; unchanged: number; skip: number; conflicts: number; renamed: number };
  /** Articles and pages that will be written (created or overwritten). */
  writes: { articles: number; pages: number };
  categoriesToCreate: string[];
  authorsToCreate: string[];
  problems: string[];
  /** The first PREVIEW_ROWS items (`total` says how many there are). */
  items: PlannedItemView[];
  total: number;
};

export type ImportReport = {
  /** Articles created here. */
  created: { slug: string; title: string }[];
  /** Articles that replaced one here (the overwrite choice). */
  overwritten: { slug: string; title: string }[];
  /** Site pages created or overwritten (Ghost pages). */
  pages: { slug: string; title: string; overwritten: boolean }[];
  /** Already imported before this run. */
  unchanged: number;
  skipped: { slug: string; reason: string }[];
  renamed: { from: string; to: string }[];
  /** Images added to the media library. */
  images: number;
  /** Remote images that could not be fetched: kept as links. */
  remoteImages: { url: string; reason: string }[];
  /** Images the file refers to but does not hold. */
  missingImages: string[];
  redirects: number;
  failed: { title: string; reason: string }[];
};

export type ImportRunView = {
  id: number;
  status: ImportRunStatus;
  fileName: string;
  kind: string;
  policy: ConflictPolicy;
  /** ISO 8601. */
  createdAt: string;
  actorName: string;
  total: number;
  done: number;
  /** Applying and no instance holds it: a restart or the time budget stopped it. */
  stopped: boolean;
  report: ImportReport | null;
};
