/**
 * The article history page's view types, owned by the domain: revision-history.server.ts and
 * preview-links.server.ts build them, the page's components import them as types from here.
 */
import type { RevisionFields, RevisionReason } from "~/db/schema";

export type RevisionRow = {
  id: number;
  reason: RevisionReason;
  /** The writer's name; null for the scheduler or a deleted account. */
  authorName: string | null;
  createdAt: string;
  title: string;
  pending: boolean;
};

export type DiffPart = { kind: "added" | "removed" | "same"; text: string };

export type RevisionComparison = {
  revision: RevisionRow & { fields: RevisionFields };
  /** What the revision is compared with: the editor's current text (pending changes included). */
  current: RevisionFields;
  changed: (keyof RevisionFields)[];
  /** A line diff of the markdown, from the revision to the current text. */
  diff: DiffPart[];
};

export type PreviewLinkRow = { id: number; createdAt: string; revokedAt: string | null };
