/**
 * /subscription/{token}: the manage link of every newsletter (signed, no account needed):
 * topics, "each article" or "a weekly digest", and Unsubscribe (which posts to
 * /subscription/{token}/unsubscribe). A tampered link says so and changes nothing.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { AuthCard, HomeLink } from "~/components/auth/auth-card";
import { ManageSubscriptionForm } from "~/components/newsletter/manage-form";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { ManageSchema, NEWSLETTER_TEXT } from "~/lib/newsletter-schema";
import { noindexMeta } from "~/lib/seo";
import { subscribeHref, subscriptionUnsubscribeHref } from "~/lib/urls";
import { subscriptionByToken, updateSubscription } from "~/newsletters/manage.server";
import { topicOptions } from "~/newsletters/topics.server";
import type { Route } from "./+types/subscription";
import { PRIVATE_HEADERS, cacheControlHeaders } from "~/http/route-headers.server";

async function pageData(token: string | undefined) {
  const subscription = await subscriptionByToken(token);
  if (!subscription) return null;
  return { subscription, options: await topicOptions() };
}

export async function loader({ params }: Route.LoaderArgs) {
  const page = await pageData(params.token);
  return data({ page, alert: null }, { status: page ? 200 : 404, headers: PRIVATE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const page = await pageData(params.token);
  if (!page) return data({ page, alert: null }, { status: 404, headers: PRIVATE_HEADERS });
  const submission = parseWithZod(form, { schema: ManageSchema });
  if (submission.status !== "success") {
    const description = submission.error?.everything?.[0] ?? FORM_TOASTS.invalidForm.description;
    return data(
      { page, alert: { title: NEWSLETTER_TEXT.refused.title, description } },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const result = await updateSubscription(page.subscription.id, submission.value);
  if (result !== "updated") {
    const description = result === "no-topics" ? NEWSLETTER_TEXT.chooseTopic : NEWSLETTER_TEXT.notSubscribed;
    return data(
      { page, alert: { title: NEWSLETTER_TEXT.refused.title, description } },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  const updated = await pageData(params.token);
  return data(
    { page: updated, alert: { title: NEWSLETTER_TEXT.updated.title, tone: "info" as const } },
    { headers: PRIVATE_HEADERS },
  );
}

export default function ManageSubscription({ loaderData, actionData, params }: Route.ComponentProps) {
  const { page, alert } = actionData ?? loaderData;
  if (!page) {
    return (
      <AuthCard title="Link not recognised" lead={NEWSLETTER_TEXT.linkInvalid}>
        <HomeLink />
      </AuthCard>
    );
  }
  const { subscription, options } = page;
  if (subscription.status !== "confirmed") {
    return (
      <AuthCard title="Not subscribed" lead={NEWSLETTER_TEXT.notSubscribed}>
        <Link to={subscribeHref()} className={textLinkClass}>
          Subscribe again
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Your subscription" lead={`Newsletters to ${subscription.email}.`}>
      <ManageSubscriptionForm
        options={options}
        current={subscription}
        alert={alert}
        unsubscribeAction={subscriptionUnsubscribeHref(params.token)}
      />
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Your subscription");
