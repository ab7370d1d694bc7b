/**
 * Toasts: one visible at a time, 5 seconds, dismissible. The server's flash toast (read by the root
 * loader) is shown once through sonner; without JavaScript it is a visible banner (.no-js-only).
 */
import { useEffect, useId, useRef } from "react";
import { toast as showToast, Toaster as Sonner } from "sonner";
import type { Toast } from "~/http/toast.server";

export const TOAST_DURATION_MS = 5000;

export function Toaster({ toast }: { toast: Toast | null }) {
  // Each loader result is a new object: show each one once (also under StrictMode's double effects).
  const shown = useRef<Toast | null>(null);
  useEffect(() => {
    if (!toast || shown.current === toast) return;
    shown.current = toast;
    // A success supersedes earlier errors still queued (a failed sign-in, then a good one).
    if (toast.type === "success") showToast.dismiss();
    const show =
      toast.type === "success" ? showToast.success : toast.type === "error" ? showToast.error : showToast.info;
    show(toast.title, { description: toast.description });
  }, [toast]);

  return (
    <>
      <Sonner
        position="bottom-right"
        theme="system"
        richColors
        closeButton
        visibleToasts={1}
        duration={TOAST_DURATION_MS}
        toastOptions={{ closeButtonAriaLabel: "Close notification" }}
      />
      {toast ? <NoScriptToast toast={toast} /> : null}
    </>
  );
}

const tone: Record<Toast["type"], string> = {
  success: "border-success-line bg-success-soft text-success",
  error: "border-danger-line bg-danger-soft text-danger",
  info: "border-line bg-surface-raised text-ink",
};

/**
 * A toast raised by what a page renders rather than by the flash cookie (an error boundary's toast,
 * spec section 8): sonner with JavaScript (once per title, so a re-render does not repeat it), and
 * the same visible banner as the flash toast without JavaScript.
 */
export function RaiseToast({ toast }: { toast: Toast }) {
  const { type, title, description } = toast;
  useEffect(() => {
    const show = type === "success" ? showToast.success : type === "error" ? showToast.error : showToast.info;
    show(title, { description, id: `raised-${title}` });
  }, [type, title, description]);
  return <NoScriptToast toast={toast} />;
}

/** The server toast for readers without JavaScript; the × (a checkbox label) hides it without script. */
function NoScriptToast({ toast }: { toast: Toast }) {
  const dismiss = useId();
  return (
    <div className="no-js-only fixed right-4 bottom-4 left-4 z-[100] sm:left-auto sm:w-96">
      <input type="checkbox" id={dismiss} className="peer sr-only" aria-label="Dismiss notification" />
      <div
        role="status"
        className={`rounded-lg border p-4 pr-10 text-sm shadow-lg peer-checked:hidden ${tone[toast.type]}`}
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 opacity-90">{toast.description}</p> : null}
      </div>
      <label
        htmlFor={dismiss}
        aria-hidden="true"
        className="absolute top-2 right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-current opacity-70 peer-checked:hidden peer-focus-visible:outline-2 peer-focus-visible:outline-brand hover:opacity-100"
      >
        ×
      </label>
    </div>
  );
}
