/** intent=delete: delete the account (password or a recent sign-in), never the last administrator. */
import { parseWithZod } from "@conform-to/zod/v4";
import { deleteAccount } from "~/account/account.server";
import { clearSessionCookie } from "~/auth/session.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { ACCOUNT_MESSAGES, DeleteFormSchema } from "~/lib/account-settings-schemas";
import { PEOPLE_MESSAGES } from "~/lib/people-schemas";
import { reply, type SectionForm } from "./reply.server";

export async function deleteAction({ intent, form, user }: SectionForm, request: Request) {
  const submission = parseWithZod(form, { schema: DeleteFormSchema });
  if (submission.status !== "success")
    return reply({ intent, result: submission.reply(), alert: FORM_TOASTS.invalidForm });
  const outcome = await deleteAccount(user.id, submission.value, request);
  if (outcome.status === "wrong-password") {
    return reply({
      intent,
      result: submission.reply({
        hideFields: ["password"],
        fieldErrors: { password: [ACCOUNT_MESSAGES.deleteWrongPassword] },
      }),
      alert: null,
    });
  }
  if (outcome.status === "last-administrator") {
    return reply(
      {
        intent,
        result: submission.reply({ hideFields: ["password"] }),
        alert: { title: "Account not deleted", description: PEOPLE_MESSAGES.lastAdministrator },
      },
      409,
    );
  }
  if (outcome.status === "sign-in-again") {
    return reply({
      intent,
      result: submission.reply(),
      alert: { title: "Account not deleted", description: ACCOUNT_MESSAGES.signInAgain },
    });
  }
  return redirectWithToast(
    "/",
    { type: "success", title: "Account deleted", description: "Your account and personal data are gone." },
    { status: 303, headers: { "Set-Cookie": clearSessionCookie() } },
  );
}
