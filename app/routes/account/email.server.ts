/** intent=email: mail a link to the new address (rate limited); the address changes when it is followed. */
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { requestEmailChange } from "~/account/account.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import type { SessionUser } from "~/auth/session.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { ACCOUNT_MESSAGES, EmailFormSchema } from "~/lib/account-settings-schemas";
import { back, PRIVATE, reply, type SectionForm } from "./reply.server";

export async function emailAction(
  { intent, form, user }: SectionForm & { user: SessionUser },
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const submission = parseWithZod(form, { schema: EmailFormSchema });
  if (submission.status !== "success")
    return reply({ intent, result: submission.reply(), alert: FORM_TOASTS.invalidForm });
  const outcome = await requestEmailChange(user, submission.value.email, clientAddress(request, context));
  if (outcome.status === "same")
    return reply({
      intent,
      result: submission.reply({ fieldErrors: { email: [ACCOUNT_MESSAGES.sameEmail] } }),
      alert: null,
    });
  if (outcome.status === "rate-limited") {
    return reply(
      {
        intent,
        result: submission.reply(),
        alert: { title: "Email not sent", description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
      },
      429,
      { ...PRIVATE, "Retry-After": String(outcome.retryAfterSeconds) },
    );
  }
  return back(
    "Check your email",
    `We sent a link to ${submission.value.email}. Your address changes when you follow it.`,
  );
}
