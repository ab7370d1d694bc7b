/**
 * The choices of an import (app/backup): what happens to an article or page whose address is
 * already taken here, and the states an import goes through. Shared by the server, the admin
 * page and the command line.
 */

/** rename: a new slug (slug-2); skip: leave it out; overwrite: replace what is here (rolled back on demand). */
export const IMPORT_CONFLICT_POLICIES = ["rename", "skip", "overwrite"] as const;
export type ConflictPolicy = (typeof IMPORT_CONFLICT_POLICIES)[number];

export const CONFLICT_POLICY_LABELS: Record<ConflictPolicy, string> = {
  rename: "Give it a new address",
  skip: "Skip it",
  overwrite: "Overwrite what is here",
};

/** The policy a URL asks for (the preview's `?conflict=`): the default when it names none. */
export function conflictPolicyOf(value: unknown): ConflictPolicy {
  return parseConflictPolicy(value) ?? "rename";
}

/** The policy a form sends (the import button's): null unless it names one, never a default. */
export function parseConflictPolicy(value: unknown): ConflictPolicy | null {
  return IMPORT_CONFLICT_POLICIES.find((policy) => policy === value) ?? null;
}

/** uploaded: previewed, not applied; applying: under way or stopped (resume or roll back); then finished or rolled back. */
export const IMPORT_RUN_STATUSES = ["uploaded", "applying", "finished", "rolled-back"] as const;
export type ImportRunStatus = (typeof IMPORT_RUN_STATUSES)[number];
