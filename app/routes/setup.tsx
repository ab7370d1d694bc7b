/**
 * /setup/{token}: the first-run page (app/setup/setup.server.ts). With the printed token and no
 * administrator yet: a form (name, email, password) that creates the first administrator and signs
 * them in. Once an administrator exists: 410. A wrong token: 404, counted against the token
 * rate limit (429 once exceeded), so nobody can guess their way into a fresh site.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { hit, limitFor, POLICIES, tooManyAttemptsMessage } from "~/auth/rate-limit.server";
import { clientAddress } from "~/http/client-address.server";
import { createSession, destroySession } from "~/auth/session.server";
import { AuthCard } from "~/components/auth/auth-card";
import { useValidatedForm } from "~/components/forms";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { SETUP_TEXT_FIELDS, SetupSchema } from "~/lib/people-schemas";
import type { ErrorScreenData } from "~/lib/route-errors";
import { noindexMeta } from "~/lib/seo";
import { completeSetup, setupState } from "~/setup/setup.server";
import type { Route } from "./+types/setup";
import { AccountFields } from "~/components/auth/account-fields";
import { AuthForm } from "~/components/auth/auth-form";
import { PRIVATE_HEADERS } from "~/http/route-headers.server";

const DONE = data<ErrorScreenData>(
  { title: "This site is already set up", message: "An administrator exists: sign in at /admin/login." },
  { status: 410, headers: PRIVATE_HEADERS },
);

async function wrongToken(request: Request, context: Route.LoaderArgs["context"]) {
  const limited = await hit([limitFor(POLICIES.tokenFailuresPerIp, "token", "ip", clientAddress(request, context))]);
  if (!limited.ok) {
    return data<ErrorScreenData>(
      { title: "Too Many Requests", message: tooManyAttemptsMessage(limited.retryAfterSeconds) },
      { status: 429, headers: { ...PRIVATE_HEADERS, "Retry-After": String(limited.retryAfterSeconds) } },
    );
  }
  return data<ErrorScreenData>(
    { title: "Page Not Found", message: "This setup link is not valid. Use the link the server printed at start." },
    { status: 404, headers: PRIVATE_HEADERS },
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const state = await setupState(params.token);
  if (state.status === "done") throw DONE;
  if (state.status === "wrong-token") throw await wrongToken(request, context);
  return data({ ok: true }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const state = await setupState(params.token);
  if (state.status === "done") throw DONE;
  if (state.status === "wrong-token") throw await wrongToken(request, context);
  const submission = parseWithZod(form, { schema: SetupSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password"] }), alert: FORM_TOASTS.invalidForm },
      { status: 400 },
    );
  }
  const outcome = await completeSetup(params.token, submission.value);
  if (outcome.status === "done") throw DONE;
  if (outcome.status === "wrong-token") throw await wrongToken(request, context);
  const headers = new Headers();
  headers.append("Set-Cookie", await destroySession(request));
  headers.append("Set-Cookie", await createSession(outcome.userId, request));
  return redirectWithToast(
    "/admin/dashboard",
    { type: "success", title: "Your site is ready", description: "You are its first administrator." },
    { status: 303, headers },
  );
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Set up your site");

export default function SetupPage({ actionData }: Route.ComponentProps) {
  const form = useValidatedForm({
    id: "setup",
    schema: SetupSchema,
    requiredText: SETUP_TEXT_FIELDS,
    lastResult: actionData?.result,
  });
  const { fields } = form;
  return (
    <AuthCard title="Set up your site" lead="Create the first administrator account. This link works once.">
      <AuthForm
        alert={actionData?.alert}
        form={form}
        pendingText="Creating Account..."
        submitLabel="Create administrator"
      >
        <AccountFields fields={{ name: fields.name, email: fields.email, password: fields.password }} />
      </AuthForm>
    </AuthCard>
  );
}
