/**
 * The action of the Contact and Write for Us pages: parse with the page's schema, refuse a filled
 * honeypot, apply the rate limit, store and mail, then go back to the page with a toast.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { HONEYPOT_FIELD, MESSAGE_ALERTS } from "~/lib/message-schemas";
import { type NewMessage, submitMessage } from "~/messages/messages.server";

export async function messageAction<Schema extends z.ZodObject>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: {
    schema: Schema;
    toMessage: (value: z.output<Schema>) => NewMessage;
    sent: { title: string; description: string };
    path: string;
  },
) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: options.schema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: FORM_TOASTS.invalidForm }, { status: 400 });
  }
  const honeypot = form.get(HONEYPOT_FIELD);
  const outcome = await submitMessage(options.toMessage(submission.value), {
    clientIp: clientAddress(request, context),
    honeypot: typeof honeypot === "string" ? honeypot : null,
  });
  switch (outcome.status) {
    case "refused":
      return data({ result: submission.reply(), alert: MESSAGE_ALERTS.refused }, { status: 400 });
    case "rate-limited":
      return data(
        {
          result: submission.reply(),
          alert: {
            title: MESSAGE_ALERTS.refused.title,
            description: tooManyAttemptsMessage(outcome.retryAfterSeconds),
          },
        },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "sent":
      return redirectWithToast(options.path, { type: "success", ...options.sent }, { status: 303 });
  }
}
