/** intent=name: change the full name. */
import { parseWithZod } from "@conform-to/zod/v4";
import { updateName } from "~/account/account.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { NameFormSchema } from "~/lib/account-settings-schemas";
import { back, reply, type SectionForm } from "./reply.server";

export async function nameAction({ intent, form, user }: SectionForm) {
  const submission = parseWithZod(form, { schema: NameFormSchema });
  if (submission.status !== "success")
    return reply({ intent, result: submission.reply(), alert: FORM_TOASTS.invalidForm });
  await updateName(user.id, submission.value.name);
  return back("Name updated");
}
