/**
 * What an action answers when one of a page's forms is refused: which form (a page may hold
 * several, each posting an `intent`), Conform's result (the field errors) and the alert above the
 * form. Built by `answerForm` (`app/http/actions/form-answer.server.ts`), read by the form
 * components (`useIntentForm`, `app/components/admin/intent-form.tsx`).
 */
import type { SubmissionResult } from "@conform-to/react";

export type FormAnswer<Form extends string = string> = {
  /** Which form on the page answered. */
  form: Form;
  result: SubmissionResult<string[]>;
  alert: { title: string; description?: string; tone?: "error" | "info" } | null;
};
