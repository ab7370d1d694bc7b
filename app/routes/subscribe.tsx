/**
 * /subscribe: the newsletter's own page (every topic offered) and where every subscribe form
 * posts (footer, article end, category and author pages). The action: origin (a form posted from
 * elsewhere, or without Origin, is refused), body, schema, then app/newsletters. A form sent in
 * place (JavaScript: `inPlace`) gets its answer as data; without JavaScript a success goes back
 * to the page it came from with a toast, and a refusal shows this page with what was typed.
 * Private and never cached: its answers depend on the visitor.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getUser } from "~/auth/guards.server";
import { tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { type SubscribeActionData, SubscribeForm } from "~/components/newsletter/subscribe-form";
import { clientAddress } from "~/http/client-address.server";
import { readForm } from "~/http/form.server";
import { comesFromThisSite } from "~/http/origin-check.server";
import { redirectWithToast } from "~/http/toast.server";
import { MESSAGES } from "~/lib/account-schemas";
import { NEWSLETTER_TEXT, SubscribeSchema } from "~/lib/newsletter-schema";
import { noindexMeta } from "~/lib/seo";
import { topicOptions } from "~/newsletters/topics.server";
import { subscribe } from "~/newsletters/subscriptions.server";
import type { Route } from "./+types/subscribe";
import { cacheControlHeaders } from "~/http/route-headers.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader() {
  return data({ options: await topicOptions() }, { headers: PRIVATE });
}

function typedValues(form: FormData): SubscribeActionData["values"] {
  const email = form.get("email");
  const list = (name: string) => form.getAll(name).filter((value): value is string => typeof value === "string");
  return {
    email: typeof email === "string" ? email.slice(0, 254) : "",
    everything: form.get("everything") !== null,
    category: list("category"),
    author: list("author"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!comesFromThisSite(request)) {
    throw new Response("Forbidden: subscribe forms are accepted only from this site.\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE },
    });
  }
  const form = await readForm(request);
  const inPlace = form.get("inPlace") === "1";
  const values = typedValues(form);
  const refuse = (status: number, answer: Omit<SubscribeActionData, "ok" | "values">, headers: HeadersInit = {}) =>
    data<SubscribeActionData>({ ok: false, values, ...answer }, { status, headers: { ...PRIVATE, ...headers } });
  const submission = parseWithZod(form, { schema: SubscribeSchema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    return refuse(400, {
      alert: { title: NEWSLETTER_TEXT.refused.title, description: "Please correct the errors below." },
      errors: {
        email: errors.email ? [MESSAGES.invalidEmail] : undefined,
        topics: errors.everything ?? undefined,
      },
    });
  }
  const user = await getUser(request);
  const result = await subscribe(submission.value, { user, clientIp: clientAddress(request, context) });
  switch (result.status) {
    case "needs-email":
      return refuse(400, { alert: NEWSLETTER_TEXT.refused, errors: { email: [MESSAGES.invalidEmail] } });
    case "no-topics":
      return refuse(400, { alert: NEWSLETTER_TEXT.refused, errors: { topics: [NEWSLETTER_TEXT.chooseTopic] } });
    case "rate-limited":
      return refuse(
        429,
        {
          alert: {
            title: NEWSLETTER_TEXT.refused.title,
            description: tooManyAttemptsMessage(result.retryAfterSeconds),
          },
        },
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    case "check-inbox":
    case "subscribed": {
      const alert = result.status === "subscribed" ? NEWSLETTER_TEXT.subscribed : NEWSLETTER_TEXT.checkInbox;
      if (inPlace) return data<SubscribeActionData>({ ok: true, alert }, { headers: PRIVATE });
      return redirectWithToast(
        submission.value.returnTo ?? "/subscribe",
        { type: "success", ...alert },
        { status: 303 },
      );
    }
  }
}

export default function SubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { options } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Newsletter</h1>
      <p className="mt-3 text-ink-muted">
        New articles by email: everything, or only the categories and authors you choose. Each article as it is
        published, or a weekly digest (choose from the link in any newsletter).
      </p>
      <div className="mt-8">
        <SubscribeForm
          heading="Subscribe"
          categories={options.categories}
          authors={options.authors}
          everythingByDefault
          answer={actionData}
        />
      </div>
    </div>
  );
}

export const headers: Route.HeadersFunction = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Newsletter");
