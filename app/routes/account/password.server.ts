/** intent=password: change (or set) the password; other sessions end. */
import { parseWithZod } from "@conform-to/zod/v4";
import { changePassword } from "~/account/account.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { ACCOUNT_MESSAGES, PasswordFormSchema } from "~/lib/account-settings-schemas";
import { back, reply, type SectionForm } from "./reply.server";

export async function passwordAction({ intent, form, user }: SectionForm, request: Request) {
  const submission = parseWithZod(form, { schema: PasswordFormSchema });
  const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };
  if (submission.status !== "success")
    return reply({ intent, result: submission.reply(hidden), alert: FORM_TOASTS.invalidForm });
  const outcome = await changePassword(user.id, submission.value, request);
  if (outcome.status === "wrong-password") {
    return reply({
      intent,
      result: submission.reply({ ...hidden, fieldErrors: { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] } }),
      alert: null,
    });
  }
  return back("Password updated", "You were signed out on every other device.");
}
