/**
 * Toasts: one visible at a time, 5 seconds, dismissible. The server's flash toast (read by the root
 * loader) is shown once through sonner; without JavaScript it is a visible banner (.no-js-only).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import type { Toast } from "~/lib/toast";
import { registerToaster, type ToastApi, withToast } from "./toast";

export { TOAST_DURATION_MS } from "./toast-options";

// sonner is loaded with the first toast, not with every page (app/components/toast.ts).
const SonnerToaster = lazy(() => import("./sonner-toaster"));

function show(toast: ToastApi, { type, title, description }: Toast, options: { id?: string } = {}) {
  const kind = type === "success" ? toast.success : type === "error" ? toast.error : toast.info;
  kind(title, { description, ...options });
}

export function Toaster({ toast }: { toast: Toast | null }) {
  // Each loader result is a new object: show each one once (also under StrictMode's double effects).
  const shown = useRef<Toast | null>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => registerToaster(() => setMounted(true)), []);
  useEffect(() => {
    if (!toast || shown.current === toast) return;
    shown.current = toast;
    withToast((api) => {
      // A success supersedes earlier errors still queued (a failed sign-in, then a good one).
      if (toast.type === "success") api.dismiss();
      show(api, toast);
    });
  }, [toast]);

  return (
    <>
      {mounted ? (
        <Suspense fallback={null}>
          <SonnerToaster />
        </Suspense>
      ) : null}
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
    withToast((api) => show(api, { type, title, description }, { id: `raised-${title}` }));
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
        {toast.description ? <p className="mt-1">{toast.description}</p> : null}
      </div>
      {/* The checkbox is named by its aria-label; the × is only the pointer's target, so it is
          hidden from assistive technology inside the label (aria-hidden on a label tied to a
          control is not allowed). */}
      <label
        htmlFor={dismiss}
        className="absolute top-2 right-2 inline-flex size-7 cursor-pointer items-center justify-center rounded-full text-current opacity-70 peer-checked:hidden peer-focus-visible:outline-2 peer-focus-visible:outline-brand hover:opacity-100"
      >
        <span aria-hidden="true">×</span>
      </label>
    </div>
  );
}
