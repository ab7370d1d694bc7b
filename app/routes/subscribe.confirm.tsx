/**
 * /subscribe/confirm/{token}: the confirmation mail's link (double opt-in). The GET only shows a
 * button (mail scanners that follow links change nothing); its POST confirms. A tampered, expired
 * or used link says so and changes nothing (never a 5xx).
 */
import { data, Link } from "react-router";
import { AuthCard, HomeLink, PostButton } from "~/components/auth/auth-card";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { NEWSLETTER_TEXT } from "~/lib/newsletter-schema";
import { noindexMeta } from "~/lib/seo";
import { subscribeHref } from "~/lib/urls";
import { confirmSubscription, readConfirmLink } from "~/newsletters/subscriptions.server";
import type { Route } from "./+types/subscribe.confirm";
import { PRIVATE_HEADERS, cacheControlHeaders } from "~/http/route-headers.server";

type PageState = "ready" | "invalid" | "expired" | "used" | "confirmed";
const STATUS: Record<PageState, number> = { ready: 200, confirmed: 200, used: 200, invalid: 404, expired: 410 };

export async function loader({ params }: Route.LoaderArgs) {
  const state: PageState = await readConfirmLink(params.token);
  return data({ state }, { status: STATUS[state], headers: PRIVATE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  await readForm(request);
  const state: PageState = await confirmSubscription(params.token);
  return data({ state }, { status: STATUS[state], headers: PRIVATE_HEADERS });
}

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const { state } = actionData ?? loaderData;
  const home = <HomeLink />;
  switch (state) {
    case "confirmed":
      return (
        <AuthCard title={NEWSLETTER_TEXT.confirmed.title} lead={NEWSLETTER_TEXT.confirmed.description}>
          {home}
        </AuthCard>
      );
    case "used":
      return (
        <AuthCard title="Already confirmed" lead={NEWSLETTER_TEXT.linkUsed}>
          {home}
        </AuthCard>
      );
    case "expired":
    case "invalid":
      return (
        <AuthCard
          title={state === "expired" ? "Link expired" : "Link not recognised"}
          lead={state === "expired" ? NEWSLETTER_TEXT.linkExpired : NEWSLETTER_TEXT.linkInvalid}
        >
          <Link to={subscribeHref()} className={textLinkClass}>
            Subscribe again
          </Link>
        </AuthCard>
      );
    case "ready":
      return (
        <AuthCard title="Confirm your subscription" lead="One click and new articles on your topics come by email.">
          <PostButton>Confirm my subscription</PostButton>
        </AuthCard>
      );
  }
}

export const headers: Route.HeadersFunction = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Confirm your subscription");
