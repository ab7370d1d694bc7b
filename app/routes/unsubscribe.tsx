/**
 * /unsubscribe/{token}: the link in every comment mail (app/comments/unsubscribe.server.ts).
 * GET only shows what the link does and a button (mail scanners that follow links change
 * nothing); the button POSTs here. A POST with `List-Unsubscribe=One-Click` (RFC 8058, sent by
 * mail clients from the List-Unsubscribe-Post header) unsubscribes directly.
 */
import { data, Form } from "react-router";
import { readUnsubscribeToken, UNSUBSCRIBE_LABELS, unsubscribe } from "~/comments/unsubscribe.server";
import { AuthCard, HomeLink, wideButtonClass } from "~/components/auth/auth-card";
import { readForm } from "~/http/form.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/unsubscribe";
import { PRIVATE_HEADERS, cacheControlHeaders } from "~/http/route-headers.server";

export async function loader({ params }: Route.LoaderArgs) {
  const link = await readUnsubscribeToken(params.token);
  if (!link) return data({ state: "invalid" as const, label: null }, { status: 404, headers: PRIVATE_HEADERS });
  return data({ state: "confirm" as const, label: UNSUBSCRIBE_LABELS[link.kind] }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params }: Route.ActionArgs) {
  const link = await readUnsubscribeToken(params.token);
  const form = await readForm(request);
  const oneClick = form.get("List-Unsubscribe") === "One-Click";
  const done = link ? await unsubscribe(link.userId, link.kind) : false;
  if (oneClick) {
    return new Response(done ? "Unsubscribed.\n" : "Unknown link.\n", {
      status: done ? 200 : 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE_HEADERS },
    });
  }
  if (!link || !done)
    return data({ state: "invalid" as const, label: null }, { status: 404, headers: PRIVATE_HEADERS });
  return data({ state: "done" as const, label: UNSUBSCRIBE_LABELS[link.kind] }, { headers: PRIVATE_HEADERS });
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  if (page.state === "invalid") {
    return (
      <AuthCard
        title="Link not recognised"
        lead="This unsubscribe link is not valid. Copy the whole address from the mail."
      >
        <HomeLink />
      </AuthCard>
    );
  }
  if (page.state === "done") {
    return (
      <AuthCard title="You are unsubscribed" lead={`We will no longer mail you about ${page.label}.`}>
        <HomeLink />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Unsubscribe" lead={`Stop the mails about ${page.label}?`}>
      <Form method="post">
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className={wideButtonClass}>
          Unsubscribe
        </button>
      </Form>
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Unsubscribe");
