/**
 * /subscription/{token}/unsubscribe: the List-Unsubscribe address of every newsletter. The GET
 * shows a button (mail scanners that follow links change nothing); a POST ends the subscription:
 * the button's, or a mail client's one-click POST (RFC 8058: body `List-Unsubscribe=One-Click`,
 * no cookies). A tampered link says so (404) and changes nothing.
 */
import { data, Link } from "react-router";
import { AuthCard, HomeLink, PostButton } from "~/components/auth/auth-card";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { NEWSLETTER_TEXT } from "~/lib/newsletter-schema";
import { noindexMeta } from "~/lib/seo";
import { subscribeHref, subscriptionHref } from "~/lib/urls";
import { endSubscription, subscriptionByToken } from "~/newsletters/manage.server";
import type { Route } from "./+types/subscription.unsubscribe";
import { PRIVATE_HEADERS, cacheControlHeaders } from "~/http/route-headers.server";

type State = "confirm" | "invalid" | "done" | "already";

export async function loader({ params }: Route.LoaderArgs) {
  const subscription = await subscriptionByToken(params.token);
  const state: State = !subscription ? "invalid" : subscription.status === "unsubscribed" ? "already" : "confirm";
  return data({ state }, { status: state === "invalid" ? 404 : 200, headers: PRIVATE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  // The button's POST, or a mail client's one-click POST (`List-Unsubscribe=One-Click`): both end
  // the subscription and get the same page (RFC 8058 asks only for a success status).
  await readForm(request);
  const subscription = await subscriptionByToken(params.token);
  const state: State = !subscription
    ? "invalid"
    : (await endSubscription(subscription.id)) === "unsubscribed"
      ? "done"
      : "already";
  return data({ state }, { status: state === "invalid" ? 404 : 200, headers: PRIVATE_HEADERS });
}

export default function Unsubscribe({ loaderData, actionData, params }: Route.ComponentProps) {
  const { state } = actionData ?? loaderData;
  const home = <HomeLink />;
  switch (state) {
    case "invalid":
      return (
        <AuthCard title="Link not recognised" lead={NEWSLETTER_TEXT.linkInvalid}>
          {home}
        </AuthCard>
      );
    case "done":
      return (
        <AuthCard title={NEWSLETTER_TEXT.unsubscribed.title} lead={NEWSLETTER_TEXT.unsubscribed.description}>
          <Link to={subscribeHref()} className={textLinkClass}>
            Subscribe again
          </Link>
        </AuthCard>
      );
    case "already":
      return (
        <AuthCard title="Not subscribed" lead={NEWSLETTER_TEXT.notSubscribed}>
          {home}
        </AuthCard>
      );
    case "confirm":
      return (
        <AuthCard title="Unsubscribe" lead="Stop the newsletters?">
          <PostButton>Unsubscribe</PostButton>
          <p className="mt-4 text-sm text-ink-muted">
            Or{" "}
            <Link to={subscriptionHref(params.token)} className={textLinkClass}>
              change your topics or switch to a weekly digest
            </Link>
            .
          </p>
        </AuthCard>
      );
  }
}

export const headers: Route.HeadersFunction = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Unsubscribe");
