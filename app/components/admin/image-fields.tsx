import type { FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/forms";
import { UPLOAD_ACCEPT } from "~/lib/media";

/** An image's address (a cover, an avatar): optional, a URL or a path on this site. */
export function ImageUrlField({
  field,
  label,
  hint,
  maxLength,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint: string;
  maxLength: number;
}) {
  return (
    <Field
      field={field}
      label={label}
      optional
      autoComplete="off"
      hint={hint}
      inputProps={{ maxLength, inputMode: "url", autoCapitalize: "none" }}
    />
  );
}

/**
 * A labelled file input for images (the types the media library takes). With `onFiles`, the
 * chosen files are handed over at once and the input is emptied (JavaScript uploads them);
 * without it the file travels with the form.
 */
export function ImageFileInput({
  id,
  name,
  label,
  labelClassName,
  className,
  hintId,
  required,
  onFiles,
}: {
  id: string;
  name: string;
  label: string;
  labelClassName: string;
  className: string;
  /** The id of the hint under the input (its aria-describedby). */
  hintId?: string;
  required?: boolean;
  onFiles?: (files: File[]) => void;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        required={required}
        accept={UPLOAD_ACCEPT}
        aria-describedby={hintId}
        className={className}
        onChange={
          onFiles
            ? (event) => {
                const input = event.currentTarget;
                const files = [...(input.files ?? [])];
                input.value = "";
                onFiles(files);
              }
            : undefined
        }
      />
    </>
  );
}
