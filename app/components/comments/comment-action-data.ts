import type { SubmissionResult } from "@conform-to/react";
import type { FormAlertData } from "~/components/forms";

/** What the article page's action answers when it refuses a comment form. */
export type CommentActionData = {
  formId: string;
  result: SubmissionResult<string[]>;
  alert: FormAlertData;
};
