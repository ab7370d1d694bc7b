/**
 * The account page's newsletter section: subscribe in one click with the account's verified
 * address (topics chosen beside the button), change topics and frequency, unsubscribe.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { SessionUser } from "~/auth/session.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { ManageSchema, NEWSLETTER_TEXT, SubscribeSchema } from "~/lib/newsletter-schema";
import { endSubscription, subscriptionOfUser, updateSubscription } from "~/newsletters/manage.server";
import { subscribe } from "~/newsletters/subscriptions.server";
import { topicOptions } from "~/newsletters/topics.server";
import { back, reply } from "./reply.server";

type Intent = "newsletter-subscribe" | "newsletter-save" | "newsletter-unsubscribe";

/** What the section shows: the subscription (if any) and the topics it can choose. */
export async function accountNewsletter(user: { id: number; email: string }) {
  const [subscription, options] = await Promise.all([subscriptionOfUser(user), topicOptions()]);
  return { subscription, options };
}

export async function newsletterAction(intent: Intent, form: FormData, user: SessionUser, clientIp: string) {
  const refuse = (description: string, status = 400, headers?: HeadersInit) =>
    reply(
      { intent, result: { status: "error" }, alert: { title: NEWSLETTER_TEXT.refused.title, description } },
      status,
      headers,
    );
  if (intent === "newsletter-subscribe") {
    if (!user.emailVerified) return refuse("Verify your email address first: the link is in the mail we sent.");
    const submission = parseWithZod(form, { schema: SubscribeSchema });
    if (submission.status !== "success") return refuse(NEWSLETTER_TEXT.chooseTopic);
    const result = await subscribe({ ...submission.value, email: undefined }, { user, clientIp });
    if (result.status === "rate-limited") {
      return refuse(tooManyAttemptsMessage(result.retryAfterSeconds), 429, {
        "Retry-After": String(result.retryAfterSeconds),
        "Cache-Control": "private, no-store",
      });
    }
    if (result.status !== "subscribed") return refuse(NEWSLETTER_TEXT.chooseTopic);
    return back(NEWSLETTER_TEXT.subscribed.title, NEWSLETTER_TEXT.subscribed.description);
  }
  const subscription = await subscriptionOfUser(user);
  if (subscription?.status !== "confirmed") return refuse(NEWSLETTER_TEXT.notSubscribed);
  if (intent === "newsletter-unsubscribe") {
    await endSubscription(subscription.id);
    return back(NEWSLETTER_TEXT.unsubscribed.title, NEWSLETTER_TEXT.unsubscribed.description);
  }
  const submission = parseWithZod(form, { schema: ManageSchema });
  if (submission.status !== "success") return refuse(submission.error?.everything?.[0] ?? NEWSLETTER_TEXT.chooseTopic);
  const result = await updateSubscription(subscription.id, submission.value);
  if (result !== "updated")
    return refuse(result === "no-topics" ? NEWSLETTER_TEXT.chooseTopic : NEWSLETTER_TEXT.notSubscribed);
  return back(NEWSLETTER_TEXT.updated.title);
}
