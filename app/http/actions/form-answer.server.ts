/**
 * The one sequence of a form's action after its guard and `readForm` (docs/architecture.md,
 * "Forms"): parse with the schema (400 with every field's error), run the write, and answer what
 * it returns: a Response (a redirect with a toast, the page's not-found redirect) as it is;
 * refused fields as a 400 beside the form, with the alert `failed` and their messages unless the
 * write gives its own; an unexpected failure as a 500 with the visitor-safe sentence (logged once
 * with the request's id). The answer names the form, for pages that hold several.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { failedWrite } from "~/http/route-errors.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import type { FormAnswer } from "~/lib/form-answer";

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** A write's refusal: the fields in error and, when not the usual one, the form's alert. */
export type FormRefusal = { fieldErrors: Partial<Record<string, string[]>>; alert?: FormAnswer["alert"] };

/** A write's answer that stays on the page (no redirect): the action's data, e.g. a key shown once. */
export type PageAnswer<Shown> = [Shown] extends [never] ? never : { shown: Shown };

export async function answerForm<Schema extends ObjectSchema, Form extends string, Shown = never>(
  args: Parameters<typeof failedWrite>[0],
  formData: FormData,
  options: {
    form: Form;
    schema: Schema;
    /** The alert's title when the write refuses or fails: "Error saving category". */
    failed: string;
    /** The log's note on an unexpected failure: "category save failed". */
    note: string;
  },
  write: (value: z.output<Schema>) => Promise<Response | FormRefusal | PageAnswer<Shown>>,
) {
  const submission = parseWithZod(formData, { schema: options.schema });
  const refuse = (status: number, alert: FormAnswer["alert"], result = submission.reply()) =>
    data<FormAnswer<Form>>({ form: options.form, result, alert }, { status });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
  try {
    const answer = await write(submission.value);
    if (answer instanceof Response) return answer;
    if ("shown" in answer) return data(answer as PageAnswer<Shown>);
    const alert = answer.alert ?? {
      title: options.failed,
      description: Object.values(answer.fieldErrors).flat().join(" "),
    };
    return refuse(400, alert, submission.reply({ fieldErrors: answer.fieldErrors as Record<string, string[]> }));
  } catch (error) {
    return refuse(500, { title: options.failed, description: failedWrite(args, error, options.note) });
  }
}

type WriteOutcome =
  | { status: "saved" }
  | { status: "invalid"; fieldErrors: FormRefusal["fieldErrors"] }
  | { status: "not-found" };

/**
 * A domain write's usual outcome as the form's answer: saved → `saved(outcome)` (a redirect with
 * a toast); invalid → its fields; not found → `missing()` (no such row any more), or without it a
 * refusal.
 */
export async function outcomeAnswer<Outcome extends WriteOutcome>(
  outcome: Outcome,
  saved: (outcome: Extract<Outcome, { status: "saved" }>) => Promise<Response>,
  missing?: () => Promise<Response>,
): Promise<Response | FormRefusal> {
  if ("fieldErrors" in outcome) return { fieldErrors: outcome.fieldErrors };
  if (outcome.status === "saved") return saved(outcome as Extract<Outcome, { status: "saved" }>);
  return missing ? missing() : { fieldErrors: {} };
}
