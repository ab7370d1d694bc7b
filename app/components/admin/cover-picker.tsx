import { IntentButton } from "~/components/ui/button";
import { EDITOR_UPLOAD_FIELDS } from "~/lib/media";
import { ImageFileInput } from "./image-fields";

export type RecentUpload = { url: string; name: string; width: number; height: number };

/**
 * The cover from uploads: a list of recent uploads and a file input. With JavaScript choosing
 * one fills Image URL at once; without it the choice (or the file) travels with the form.
 */
export function CoverPicker({
  uploads,
  hydrated,
  onChoose,
  onUpload,
}: {
  uploads: RecentUpload[];
  hydrated: boolean;
  onChoose: (url: string) => void;
  onUpload: (file: File) => void;
}) {
  return (
    <div className="mb-4 space-y-3 rounded-md bg-surface-sunken p-3 text-sm">
      {uploads.length > 0 ? (
        <div>
          <label htmlFor="cover-choice" className="font-medium text-ink">
            Choose from uploads
          </label>
          <select
            id="cover-choice"
            name={EDITOR_UPLOAD_FIELDS.coverChoice}
            defaultValue=""
            className="mt-1 block h-10 w-full rounded-md border border-line-strong bg-surface px-2 text-sm text-ink"
            onChange={(event) => {
              if (!hydrated || event.currentTarget.value === "") return;
              onChoose(event.currentTarget.value);
              event.currentTarget.value = "";
            }}
          >
            <option value="">{hydrated ? "Pick an image…" : "Keep the Image URL above"}</option>
            {uploads.map((upload) => (
              <option key={upload.url} value={upload.url}>
                {upload.name} ({upload.width} × {upload.height})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <ImageFileInput
          id="cover-image"
          name={EDITOR_UPLOAD_FIELDS.coverImage}
          label="Or upload a cover"
          labelClassName="font-medium text-ink"
          className="mt-1 block w-full text-sm text-ink"
          onFiles={([file]) => {
            if (file) onUpload(file);
          }}
        />
        <IntentButton intent="upload" formNoValidate variant="secondary" size="sm" className="no-js-only mt-2">
          Upload cover
        </IntentButton>
      </div>
    </div>
  );
}
