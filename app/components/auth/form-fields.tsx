/**
 * Labelled inputs with their error beside them. Room for one line of error is always reserved, so
 * a message appearing never pushes the button away from a pointer.
 */
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";

const inputClass =
  "block h-11 w-full rounded-md border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-muted focus:border-brand aria-[invalid=true]:border-danger sm:text-sm";

export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="min-h-5 pt-1 text-sm text-danger" data-field-error>
      {errors?.[0] ?? ""}
    </p>
  );
}

export function TextField({
  field,
  label,
  type,
  autoComplete,
  labelAside,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: "text" | "email" | "password";
  autoComplete: string;
  labelAside?: ReactNode;
}) {
  const { key, ...inputProps } = getInputProps(field, { type });
  return (
    <div className="mb-2">
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={field.id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {labelAside}
      </div>
      <input
        key={key}
        {...inputProps}
        // The error is always in the DOM (reserved room), so it is always a description.
        aria-describedby={field.errorId}
        autoComplete={autoComplete}
        spellCheck={false}
        autoCapitalize={type === "text" ? "words" : "none"}
        className={inputClass}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({ field, children }: { field: FieldMetadata<boolean | undefined>; children: ReactNode }) {
  const { key, ...inputProps } = getInputProps(field, { type: "checkbox" });
  return (
    <div className="mb-2">
      <div className="flex items-start gap-3">
        <input
          key={key}
          {...inputProps}
          aria-describedby={field.errorId}
          className="mt-0.5 size-4 shrink-0 rounded border-line-strong accent-brand"
        />
        <label htmlFor={field.id} className="text-sm text-ink">
          {children}
        </label>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
