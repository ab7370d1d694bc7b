/** Small building blocks of the admin panel: button and field styles, a spinner, a field error. */

export const adminButton = {
  primary:
    "inline-flex h-10 items-center justify-center gap-2 rounded-md bg-brand px-4 text-sm font-semibold text-brand-ink shadow-sm transition-colors hover:bg-brand-hover aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-brand disabled:cursor-not-allowed disabled:opacity-60",
  secondary:
    "inline-flex h-10 items-center justify-center gap-2 rounded-md border border-line-strong bg-surface px-4 text-sm font-semibold text-ink transition-colors hover:bg-surface-sunken aria-disabled:cursor-not-allowed aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:opacity-60",
  danger:
    "inline-flex h-10 items-center justify-center gap-2 rounded-md bg-danger px-4 text-sm font-semibold text-surface shadow-sm transition-opacity hover:opacity-90 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 disabled:cursor-not-allowed disabled:opacity-60",
  small:
    "inline-flex h-8 items-center justify-center gap-1.5 rounded-md border border-line-strong bg-surface px-3 text-sm font-medium text-ink transition-colors hover:bg-surface-sunken",
  smallDanger:
    "inline-flex h-8 items-center justify-center gap-1.5 rounded-md border border-danger-line bg-surface px-3 text-sm font-medium text-danger transition-colors hover:bg-danger-soft",
} as const;

export const adminInput =
  "block w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-muted focus:border-brand aria-[invalid=true]:border-danger sm:text-sm";

export function Spinner({ className = "size-4" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={`${className} animate-spin`}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Room for one line of error is always reserved, so a message never pushes the layout. */
export function AdminFieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="min-h-5 pt-1 text-sm text-danger" data-field-error>
      {errors?.[0] ?? ""}
    </p>
  );
}

/** The server's verdict on a submission, shown above the form (the announcement without JavaScript). */
export type AdminAlert = { title: string; description?: string };

export function AdminAlertBox({ alert, live, children }: { alert: AdminAlert | null | undefined; live: boolean; children?: React.ReactNode }) {
  if (!alert) return null;
  return (
    <div
      role={live ? "alert" : undefined}
      data-testid="form-alert"
      className="mb-6 rounded-lg border border-danger-line bg-danger-soft p-4 text-sm text-danger"
    >
      <p className="font-semibold">{alert.title}</p>
      {alert.description ? <p className="mt-1">{alert.description}</p> : null}
      {children}
    </div>
  );
}
