/**
 * A password input with its error beneath and a Show/Hide toggle. The toggle needs JavaScript,
 * so it exists only then (`js-only`); without it the field is a plain password input.
 */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { useState } from "react";
import { AdminFieldError, adminInput } from "./ui";

export function PasswordField({ field, label, autoComplete }: { field: FieldMetadata<string | undefined>; label: string; autoComplete: string }) {
  const [visible, setVisible] = useState(false);
  const { key, ...inputProps } = getInputProps(field, { type: "password" });
  return (
    <div className="mb-1">
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          key={key}
          {...inputProps}
          type={visible ? "text" : "password"}
          aria-describedby={field.errorId}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="none"
          className={`${adminInput} h-11 pr-12`}
        />
        <button
          type="button"
          className="js-only absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-md text-ink-muted hover:text-ink"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={field.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" strokeLinejoin="round" />
            <circle cx="12" cy="12" r="3" />
            {visible ? <path d="M4 4l16 16" strokeLinecap="round" /> : null}
          </svg>
        </button>
      </div>
      <AdminFieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
