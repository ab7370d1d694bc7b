import { useEffect } from "react";
import { toast } from "sonner";
import type { ReadError } from "~/lib/read-error";

/**
 * A failed read: the spec's destructive toast (with JavaScript) and, always, a visible alert in
 * the page so the reader without JavaScript or with a screen reader learns it too.
 */
export function ReadErrorNotice({ error, children }: { error: ReadError; children?: React.ReactNode }) {
  useEffect(() => {
    toast.error(error.title, { description: error.message, id: `read-error-${error.title}` });
  }, [error.title, error.message]);
  return (
    <div role="alert" className="my-6 rounded-lg border border-danger-line bg-danger-soft p-4 text-danger">
      <p className="font-semibold">{error.title}</p>
      <p className="mt-1 text-sm">{error.message}</p>
      {children}
    </div>
  );
}
