/**
 * Labelled form controls bound to Conform's field metadata: the same markup for every form.
 *
 * - The label is a real <label for>; an optional hint and the field's error are the control's
 *   description (aria-describedby: hint first, then error), so a screen reader reads both.
 * - Room for one line of error is always reserved under the control, so a message appearing on
 *   blur never pushes the button below away from the pointer.
 * - Names, ids and constraint attributes (required, minlength…) come from Conform, so the form
 *   posts the same fields with and without JavaScript.
 */
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from "react";
import { EyeIcon } from "~/components/ui/icons";

/** The look of a text control; `h-11` for inputs and selects is added by the components. */
export const controlClass =
  "block w-full rounded-md border border-line-strong bg-surface px-3 text-base text-ink placeholder:text-ink-muted focus:border-brand aria-[invalid=true]:border-danger sm:text-sm";

const labelClass = "text-sm font-medium text-ink";
const hintClass = "pt-1 text-xs text-ink-muted";

/** A field's message, in the room reserved for it (the first rule the value breaks). */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="min-h-5 pt-1 text-sm text-danger" data-field-error>
      {errors?.[0] ?? ""}
    </p>
  );
}

/** What the frame needs of a field: Conform's ids and the field's current errors. */
type FieldIds = Pick<FieldMetadata<unknown>, "id" | "errorId" | "errors">;

/** The ids a control is described by: its hint (when it has one), then its error. */
export function describedBy(field: FieldIds, hint: ReactNode) {
  return hint ? `${hintId(field)} ${field.errorId}` : field.errorId;
}

function hintId(field: FieldIds) {
  return `${field.id}-hint`;
}

type ShellProps = {
  field: FieldIds;
  label: ReactNode;
  /** Adds "(optional)" after the label. */
  optional?: boolean;
  /** Something on the label's line, at its end ("Forgot password?", the editor's tabs). */
  labelAside?: ReactNode;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** Classes of the wrapper (spacing); `mb-2` by default. */
  className?: string;
};

/**
 * The frame of every field: label line, the control (children), hint and error. Use it directly
 * for a control the kit does not draw (the editor's Write/Preview panel).
 */
export function FieldShell({
  field,
  label,
  optional,
  labelAside,
  hint,
  className = "mb-2",
  children,
}: ShellProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={field.id} className={labelClass}>
          {label}
          {optional ? <span className="font-normal text-ink-muted"> (optional)</span> : null}
        </label>
        {labelAside}
      </div>
      {children}
      {hint ? (
        <p id={hintId(field)} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

type InputExtras = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "type" | "form" | "defaultValue">;

/** A text input (text, email, password). A password field can offer a Show/Hide toggle. */
export function Field({
  field,
  type = "text",
  autoComplete,
  revealable = false,
  inputProps,
  ...shell
}: ShellProps & {
  field: FieldMetadata<string | undefined>;
  type?: "text" | "email" | "password";
  autoComplete: string;
  /** A Show/Hide password button (JavaScript only; without it the field stays a plain password input). */
  revealable?: boolean;
  /** Anything else for the <input>: maxLength, inputMode, onInput, a class like font-mono… */
  inputProps?: InputExtras;
}) {
  const [visible, setVisible] = useState(false);
  const { key, ...conformProps } = getInputProps(field, { type });
  const { className: extraClass, ...extra } = inputProps ?? {};
  const input = (
    <input
      key={key}
      {...conformProps}
      type={revealable && visible ? "text" : type}
      // The error is always in the DOM (reserved room), so it is always part of the description.
      aria-describedby={describedBy(field, shell.hint)}
      autoComplete={autoComplete}
      spellCheck={false}
      autoCapitalize={type === "text" ? undefined : "none"}
      {...extra}
      className={`${controlClass} h-11 ${revealable ? "pr-12" : ""} ${extraClass ?? ""}`}
    />
  );
  return (
    <FieldShell field={field} {...shell}>
      {revealable ? (
        <div className="relative">
          {input}
          <RevealButton controls={field.id} visible={visible} onToggle={() => setVisible((shown) => !shown)} />
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

function RevealButton({ controls, visible, onToggle }: { controls: string; visible: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      className="js-only absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-md text-ink-muted hover:text-ink"
      aria-label={visible ? "Hide password" : "Show password"}
      aria-pressed={visible}
      aria-controls={controls}
      onClick={onToggle}
    >
      <EyeIcon className="size-5" crossed={visible} />
    </button>
  );
}

type TextareaExtras = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name" | "form" | "defaultValue">;

/** The props of a <textarea> bound to a field, for a textarea drawn inside a FieldShell. */
export function textareaProps(field: FieldMetadata<string | undefined>, hint: ReactNode, extra?: TextareaExtras) {
  const { key, ...conformProps } = getTextareaProps(field);
  const { className: extraClass, ...rest } = extra ?? {};
  return {
    key,
    props: {
      ...conformProps,
      "aria-describedby": describedBy(field, hint),
      ...rest,
      className: `${controlClass} py-2 ${extraClass ?? ""}`,
    },
  };
}

export function TextareaField({
  field,
  rows,
  textareaProps: extra,
  ...shell
}: ShellProps & {
  field: FieldMetadata<string | undefined>;
  rows: number;
  /** Anything else for the <textarea>: maxLength, spellCheck, a class like font-mono… */
  textareaProps?: TextareaExtras;
}) {
  const { key, props } = textareaProps(field, shell.hint, extra);
  return (
    <FieldShell field={field} {...shell}>
      <textarea key={key} rows={rows} {...props} />
    </FieldShell>
  );
}

export function SelectField({
  field,
  placeholder,
  options,
  selectProps,
  ...shell
}: ShellProps & {
  field: FieldMetadata<string | number | undefined>;
  /** The first, empty choice ("Select a category"). */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  selectProps?: Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "name" | "form" | "defaultValue">;
}) {
  const { key, required, ...conformProps } = getSelectProps(field);
  return (
    <FieldShell field={field} {...shell}>
      <select
        key={key}
        {...conformProps}
        // Without an empty first choice a select always has a value, so `required` adds nothing,
        // and HTML allows it only when the first option is an empty placeholder.
        required={placeholder !== undefined ? required : undefined}
        aria-describedby={describedBy(field, shell.hint)}
        {...selectProps}
        className={`${controlClass} h-11`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** A checkbox with its label (children) beside it, an optional hint under the label, and its error. */
export function CheckboxField({
  field,
  hint,
  className = "mb-2",
  children,
}: {
  field: FieldMetadata<boolean | undefined>;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { key, ...conformProps } = getInputProps(field, { type: "checkbox" });
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          key={key}
          {...conformProps}
          aria-describedby={describedBy(field, hint)}
          className="mt-0.5 size-4 shrink-0 rounded border-line-strong accent-brand"
        />
        <div>
          <label htmlFor={field.id} className="text-sm text-ink">
            {children}
          </label>
          {hint ? (
            <p id={hintId(field)} className="text-xs text-ink-muted">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
