import { useEffect } from "react";
import { toast } from "sonner";

export const QUESTIONS_ERROR_TOAST = {
  title: "Error fetching data",
  description: "Could not load interview questions. Please try again later.",
} as const;

/**
 * The practice page's failed read (spec section 8): the toast 'Error fetching data' with JavaScript,
 * and always the visible 'Failed to load questions' with the service's message.
 */
export function QuestionsError({ message, retryHref }: { message: string; retryHref: string }) {
  useEffect(() => {
    toast.error(QUESTIONS_ERROR_TOAST.title, {
      description: QUESTIONS_ERROR_TOAST.description,
      id: "read-error-interview-questions",
    });
  }, []);
  return (
    <div role="alert" className="rounded-xl border border-danger-line bg-danger-soft p-5 text-danger">
      <p className="font-semibold">Failed to load questions</p>
      <p className="mt-1 text-sm">{message}</p>
      <p className="mt-3 text-sm">
        {QUESTIONS_ERROR_TOAST.description}{" "}
        <a href={retryHref} className="font-semibold underline underline-offset-4">
          Try again
        </a>
      </p>
    </div>
  );
}
