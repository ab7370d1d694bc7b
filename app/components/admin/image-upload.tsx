/**
 * Image uploads from the editor with JavaScript: one XMLHttpRequest per file to
 * /admin/media/upload (./xhr-upload.ts), with a visible progress bar per
 * file and the server's sentence when it refuses. Without JavaScript the files travel with the
 * editor's form instead (see routes/admin.article-editor.tsx).
 */
import { useCallback, useState } from "react";
import { postWithProgress } from "./xhr-upload";

export type UploadedImage = { url: string; originalName: string; alt: string | null; width: number; height: number };

type Progress = { id: number; name: string; percent: number; error?: string };

let nextId = 1;

async function send(file: File, onProgress: (percent: number) => void): Promise<UploadedImage> {
  const form = new FormData();
  form.set("file", file);
  const answer = await postWithProgress("/admin/media/upload", form, onProgress);
  const body = answer.body as { upload?: UploadedImage; error?: string } | null;
  if (answer.status >= 200 && answer.status < 300 && body?.upload) return body.upload;
  throw new Error(
    body?.error ??
      (answer.status === 413
        ? "The file is larger than 10 MB. Resize or compress the image and try again."
        : `The upload failed (HTTP ${answer.status}).`),
  );
}

/** Uploads with their progress; `upload` resolves with the stored image, or null after showing why not. */
export function useImageUploads() {
  const [items, setItems] = useState<Progress[]>([]);
  const upload = useCallback(async (file: File): Promise<UploadedImage | null> => {
    const id = nextId++;
    const name = file.name || "image";
    const patch = (change: Partial<Progress>) =>
      setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
    setItems((current) => [...current.filter((item) => !item.error), { id, name, percent: 0 }]);
    try {
      const uploaded = await send(file, (percent) => patch({ percent }));
      setItems((current) => current.filter((item) => item.id !== id));
      return uploaded;
    } catch (error) {
      patch({ error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }, []);
  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  return { items, upload, dismiss };
}

/** The uploads under way (a progress bar each) and the ones that failed (with the reason). */
export function UploadProgressList({ items, onDismiss }: { items: Progress[]; onDismiss: (id: number) => void }) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2" aria-live="polite" data-testid="upload-progress">
      {items.map((item) =>
        item.error ? (
          <li
            key={item.id}
            role="alert"
            className="rounded-md border border-danger-line bg-danger-soft p-2 text-sm text-danger"
          >
            <span className="font-semibold">{item.name}: </span>
            {item.error}{" "}
            <button type="button" className="underline underline-offset-4" onClick={() => onDismiss(item.id)}>
              Dismiss
            </button>
          </li>
        ) : (
          <li key={item.id} className="flex items-center gap-3 text-sm text-ink-muted">
            <span className="min-w-0 truncate">Uploading {item.name}…</span>
            <progress
              max={100}
              value={item.percent}
              aria-label={`Uploading ${item.name}`}
              className="h-2 w-32 shrink-0 accent-brand"
            />
            <span className="tabular-nums">{item.percent}%</span>
          </li>
        ),
      )}
    </ul>
  );
}
