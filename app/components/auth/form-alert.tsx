/**
 * The outcome of a submission the server refused ('Sign in Failed', 'Invalid Form'…): a box above
 * the form, which without JavaScript is the announcement itself; with JavaScript the same title and
 * description also raise a toast (which is then what screen readers hear).
 */
import { useEffect } from "react";
import { toast } from "sonner";
import { useHydrated } from "./use-hydrated";

export type FormAlertData = { title: string; description?: string; tone?: "error" | "info" };

export function FormAlert({ alert, children }: { alert: FormAlertData | null | undefined; children?: React.ReactNode }) {
  const hydrated = useHydrated();
  if (!alert) return null;
  const tone = alert.tone === "info" ? "border-line bg-surface-sunken text-ink" : "border-danger-line bg-danger-soft text-danger";
  return (
    <div role={hydrated ? undefined : "alert"} data-testid="form-alert" className={`mb-5 rounded-lg border p-4 text-sm ${tone}`}>
      <p className="font-semibold">{alert.title}</p>
      {alert.description ? <p className="mt-1">{alert.description}</p> : null}
      {children}
    </div>
  );
}

/** Raises `alert` as a toast each time a new one arrives (JavaScript only). */
export function useAlertToast(alert: FormAlertData | null | undefined) {
  useEffect(() => {
    if (!alert) return;
    const show = alert.tone === "info" ? toast.info : toast.error;
    show(alert.title, { description: alert.description });
  }, [alert]);
}
