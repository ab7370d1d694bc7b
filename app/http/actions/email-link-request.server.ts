/**
 * The action behind the two "mail me a link" forms (forgot password, send the verification link
 * again): one email field, an answer that never says whether the address has an account, and the
 * mail rate limits' 429. The caller gives the domain function and the words of the toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { EmailOnlySchema, FORM_TOASTS } from "~/lib/account-schemas";
import type { RateLimited } from "~/auth/accounts.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";

export async function emailLinkRequestAction(
  request: Request,
  context: Parameters<typeof clientAddress>[1],
  options: {
    send: (email: string, clientIp: string) => Promise<{ status: "ok" } | RateLimited>;
    sent: string;
    /** The body, when the caller has read it already (a route with several intents). */
    form?: FormData;
  },
) {
  const submission = parseWithZod(options.form ?? (await readForm(request)), { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: FORM_TOASTS.invalidForm }, { status: 400 });
  }
  const outcome = await options.send(submission.value.email, clientAddress(request, context));
  if (outcome.status === "rate-limited") {
    return data(
      {
        result: submission.reply(),
        alert: { title: "Email not sent", description: tooManyAttemptsMessage(outcome.retryAfterSeconds) },
      },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  // The same answer whether or not the address has an account.
  return redirectWithToast(
    "/login",
    { type: "info", title: "Check your email", description: options.sent },
    { status: 303 },
  );
}
