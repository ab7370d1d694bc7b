/**
 * The outcome of a submission the server refused ('Sign in Failed', 'Invalid Form'…): a box above
 * the form. Without JavaScript it is the announcement itself (role="alert"); with JavaScript the
 * same title and description also raise a toast, which is then what screen readers hear (inside
 * a modal dialog the box speaks as well: `live`).
 */
import { type ReactNode, useEffect } from "react";
import { withToast } from "~/components/toast";
import { useHydrated } from "~/components/ui/use-hydrated";

export type FormAlertData = { title: string; description?: string; tone?: "error" | "info" };

export function FormAlert({
  alert,
  live,
  className = "mb-5",
  children,
}: {
  alert: FormAlertData | null | undefined;
  /** Announce the box itself (default: only without JavaScript, when no toast does). */
  live?: boolean;
  /** Spacing classes. */
  className?: string;
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  useAlertToast(alert);
  if (!alert) return null;
  const tone =
    alert.tone === "info" ? "border-line bg-surface-sunken text-ink" : "border-danger-line bg-danger-soft text-danger";
  return (
    <div
      role={(live ?? !hydrated) ? "alert" : undefined}
      data-testid="form-alert"
      className={`rounded-lg border p-4 text-sm ${tone} ${className}`}
    >
      <p className="font-semibold">{alert.title}</p>
      {alert.description ? <p className="mt-1">{alert.description}</p> : null}
      {children}
    </div>
  );
}

/**
 * Raises `alert` as a toast each time a new one arrives (JavaScript only). FormAlert does this
 * itself; call it alone only where the refusal is not shown as a box.
 */
export function useAlertToast(alert: FormAlertData | null | undefined) {
  useEffect(() => {
    if (!alert) return;
    withToast((toast) => {
      const show = alert.tone === "info" ? toast.info : toast.error;
      show(alert.title, { description: alert.description });
    });
  }, [alert]);
}
