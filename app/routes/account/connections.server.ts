/** intent=disconnect: unlink an OAuth provider, unless it is the last way to sign in. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { disconnectProvider } from "~/account/account.server";
import { ACCOUNT_MESSAGES, DisconnectFormSchema } from "~/lib/account-settings-schemas";
import { back, reply, type SectionForm } from "./reply.server";

export async function disconnectAction({ intent, form, user }: SectionForm) {
  const submission = parseWithZod(form, { schema: DisconnectFormSchema });
  if (submission.status !== "success") throw data("Bad Request", { status: 400 });
  const label = submission.value.provider === "github" ? "GitHub" : "Google";
  const outcome = await disconnectProvider(user.id, submission.value.provider);
  if (outcome.status === "last-way") {
    return reply(
      {
        intent,
        result: submission.reply(),
        alert: { title: `${label} not disconnected`, description: ACCOUNT_MESSAGES.lastWayToSignIn },
      },
      409,
    );
  }
  return back(`${label} disconnected`, `You can no longer sign in with ${label}.`);
}
