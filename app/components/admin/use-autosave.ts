/**
 * Autosave for the article editor (JavaScript only; without it the buttons are the only saves).
 *
 * - A few seconds after typing stops, the fields are posted to /admin/articles/{id}/autosave with
 *   the version the form is at; the server keeps them as the pending revision (never published)
 *   and answers the new version, which the form then carries.
 * - Until the server has the text, it is also kept in this browser (localStorage), so a closed
 *   tab or a lost connection loses nothing: the editor offers it back on the next visit (a new
 *   article only has this browser copy: it has no server row to autosave to yet).
 * - A 409 (another tab or editor saved since) stops autosaving: nothing newer is overwritten and
 *   the writer's text stays in the form. A 404 says the article was deleted.
 * - Leaving the page with unsaved changes asks first (beforeunload).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { articleAutosaveHref } from "~/lib/urls";

export const AUTOSAVE_DELAY_MS = 2_000;
export const AUTOSAVED_FIELDS = [
  "title",
  "slug",
  "content",
  "excerpt",
  "imageUrl",
  "canonicalUrl",
  "categoryId",
  "featured",
  "tags",
  "seriesId",
] as const;

export type AutosaveValues = Partial<Record<(typeof AUTOSAVED_FIELDS)[number], string>>;
export type AutosaveStatus =
  | { state: "idle" }
  | { state: "dirty" }
  | { state: "saving" }
  | { state: "saved" }
  | { state: "error"; reason: string; stopped: boolean };

type Backup = { values: AutosaveValues; version: string | null; at: string };

const storageKey = (articleId: number | null) => `devperspective:editor:${articleId ?? "new"}`;

/** The autosaved fields of Conform's form value, as strings. */
export function autosaveValues(value: Record<string, unknown> | undefined): AutosaveValues {
  const values: AutosaveValues = {};
  for (const name of AUTOSAVED_FIELDS) {
    const raw = value?.[name];
    values[name] = raw === undefined || raw === null ? "" : String(raw);
  }
  return values;
}

const keyOf = (values: AutosaveValues) => JSON.stringify(AUTOSAVED_FIELDS.map((name) => values[name] ?? ""));

function readBackup(articleId: number | null): Backup | null {
  try {
    const raw = window.localStorage.getItem(storageKey(articleId));
    return raw ? (JSON.parse(raw) as Backup) : null;
  } catch {
    return null;
  }
}

function writeBackup(articleId: number | null, backup: Backup | null) {
  try {
    if (backup) window.localStorage.setItem(storageKey(articleId), JSON.stringify(backup));
    else window.localStorage.removeItem(storageKey(articleId));
  } catch {
    // Private mode or a full quota: the server copy is the only one.
  }
}

export function useAutosave(options: {
  articleId: number | null;
  /** The form's current values; null until the form has them. */
  values: AutosaveValues | null;
  /** The values the page was loaded with (what the server has). */
  baseline: AutosaveValues;
  version: string | null;
  /** The server took the text: the form must carry this version from now on. */
  onVersion: (version: string) => void;
  /** A browser copy newer than the loaded text was found: put it back in the form. */
  onRestore: (values: AutosaveValues) => void;
}) {
  const { articleId, baseline, version, onVersion, onRestore } = options;
  const values = options.values ?? baseline;
  const [status, setStatus] = useState<AutosaveStatus>({ state: "idle" });
  const [restored, setRestored] = useState(false);
  const key = keyOf(values);
  const savedKey = useRef<string | null>(null);
  const versionRef = useRef(version);
  const stopped = useRef(false);
  const submitting = useRef(false);
  const ready = useRef(false);

  // On mount: the loaded text is the saved one; a browser copy made from this same version (and
  // different from it) is offered back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, with the values the page was loaded with
  useEffect(() => {
    const loaded = keyOf(baseline);
    savedKey.current = loaded;
    const backup = readBackup(articleId);
    if (backup && backup.version === version && keyOf(backup.values) !== loaded) {
      onRestore(backup.values);
      setRestored(true);
      setStatus({ state: "dirty" });
    } else if (backup) {
      writeBackup(articleId, null);
    }
    ready.current = true;
  }, []);

  const latestValues = useRef(values);
  latestValues.current = values;
  const onVersionRef = useRef(onVersion);
  onVersionRef.current = onVersion;

  const inFlight = useRef(false);
  const save = useCallback(async () => {
    if (articleId === null || stopped.current || !versionRef.current) return;
    // One save at a time: the next one carries the version this one gets back.
    if (inFlight.current) return;
    inFlight.current = true;
    const sending = latestValues.current;
    const sendingKey = keyOf(sending);
    const body = new FormData();
    for (const name of AUTOSAVED_FIELDS) body.set(name, sending[name] ?? "");
    body.set("version", versionRef.current);
    setStatus({ state: "saving" });
    try {
      const response = await fetch(articleAutosaveHref(articleId), { method: "POST", body });
      const answer = (await response.json().catch(() => ({}))) as { version?: string; error?: string };
      if (response.ok && answer.version) {
        versionRef.current = answer.version;
        onVersionRef.current(answer.version);
        savedKey.current = sendingKey;
        const current = keyOf(latestValues.current);
        if (current === sendingKey) {
          writeBackup(articleId, null);
          setStatus({ state: "saved" });
        } else {
          // Typed more while it was saving: the copy stays, and that is saved next.
          writeBackup(articleId, {
            values: latestValues.current,
            version: answer.version,
            at: new Date().toISOString(),
          });
          setStatus({ state: "dirty" });
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS);
        }
        return;
      }
      const final = response.status === 409 || response.status === 404 || response.status === 401;
      if (final) stopped.current = true;
      setStatus({ state: "error", reason: answer.error ?? `the server answered ${response.status}.`, stopped: final });
    } catch {
      setStatus({
        state: "error",
        reason: "the server cannot be reached. Your text is kept in this browser.",
        stopped: false,
      });
    } finally {
      inFlight.current = false;
    }
  }, [articleId]);
  const saveRef = useRef(save);
  saveRef.current = save;
  const timer = useRef<number | undefined>(undefined);

  // Each change: kept in the browser at once, sent to the server once typing pauses.
  useEffect(() => {
    if (!ready.current || key === savedKey.current) return;
    writeBackup(articleId, { values: latestValues.current, version: versionRef.current, at: new Date().toISOString() });
    if (stopped.current) return;
    setStatus((current) => (current.state === "saving" ? current : { state: "dirty" }));
    if (articleId === null) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void saveRef.current(), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [key, articleId]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (submitting.current || keyOf(latestValues.current) === savedKey.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, []);

  /** The form is being submitted with a button: its answer keeps the text (no warning, no copy). */
  const onSubmit = useCallback(() => {
    submitting.current = true;
    writeBackup(articleId, null);
    window.setTimeout(() => {
      submitting.current = false;
    }, 5_000);
  }, [articleId]);

  /** The writer chose to leave (the conflict's "Open the latest version"): no warning. */
  const allowLeave = useCallback(() => {
    submitting.current = true;
  }, []);

  return { status, restored, onSubmit, allowLeave };
}

/** The status line's text: "Saved", "Saving…", "Not saved: <reason>" (empty before any change). */
export function autosaveText(status: AutosaveStatus, serverAutosave: boolean): string {
  switch (status.state) {
    case "idle":
      return "";
    case "dirty":
      return serverAutosave ? "Unsaved changes" : "Not saved yet: kept in this browser";
    case "saving":
      return "Saving…";
    case "saved":
      return "Saved";
    case "error":
      return `Not saved: ${status.reason}`;
  }
}
