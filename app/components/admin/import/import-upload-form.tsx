/**
 * The import page's file form. Without JavaScript it is a plain multipart form posted to the
 * page. With JavaScript the file goes by XMLHttpRequest to the JSON upload endpoint, with a
 * <progress> bar while it travels; then the page moves to the run's preview.
 */
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { FormAlert } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { postWithProgress } from "../xhr-upload";

const TOO_LARGE = "The admin panel imports files up to 50 MB; use npm run import for larger ones.";

export function ImportUploadForm({ uploadUrl }: { uploadUrl: string }) {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const file = (form.elements.namedItem("file") as HTMLInputElement | null)?.files?.[0];
    if (!file) return;
    event.preventDefault();
    setError(null);
    setProgress({ name: file.name, percent: 0 });
    postWithProgress(uploadUrl, new FormData(form), (percent) => setProgress({ name: file.name, percent }))
      .then(({ status, body }) => {
        const answer = body as { location?: string; error?: string } | null;
        if (status >= 200 && status < 300 && answer?.location) {
          navigate(answer.location);
          return;
        }
        setProgress(null);
        setError(answer?.error ?? (status === 413 ? TOO_LARGE : `The upload failed (HTTP ${status}).`));
      })
      .catch((failure: Error) => {
        setProgress(null);
        setError(failure.message);
      });
  };

  return (
    <form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="space-y-4 rounded-xl border border-line bg-surface p-6 text-sm text-ink"
    >
      <FormAlert alert={error ? { title: "Import refused", description: error } : null} />
      <input type="hidden" name="intent" value="preview" />
      <div>
        <label htmlFor="import-file" className="block font-medium">
          File to import (.json or .zip, up to 50 MB)
        </label>
        <input id="import-file" name="file" type="file" accept=".json,.zip" required className="mt-1 block" />
      </div>
      {progress ? (
        <div className="flex items-center gap-3 text-ink-muted" aria-live="polite">
          <progress
            max={100}
            value={progress.percent}
            aria-label={`Uploading ${progress.name}`}
            className="h-2 w-48 accent-brand"
          />
          <span className="tabular-nums">{progress.percent}%</span>
        </div>
      ) : null}
      <button type="submit" className={buttonClass({ variant: "secondary" })} disabled={progress !== null}>
        Preview
      </button>
    </form>
  );
}
