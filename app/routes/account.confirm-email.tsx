/**
 * /account/confirm-email?token=…: the link mailed to a new address. The GET only shows a button
 * (a mail scanner must not change anyone's address); its POST uses the token and changes the
 * account's email, verified.
 */
import { data, Link } from "react-router";
import { confirmEmailChange } from "~/account/account.server";
import { inspectToken } from "~/auth/tokens.server";
import { AuthCard, PendingPostButton } from "~/components/auth/auth-card";
import { useIsSubmitting } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { noindexMeta } from "~/lib/seo";
import type { Route } from "./+types/account.confirm-email";
import { cacheControlHeaders } from "~/http/route-headers.server";

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state = await inspectToken("change-email", token);
  if (state.status !== "valid") return data({ token: null as string | null }, { status: 400, headers: PRIVATE });
  return data({ token: token as string | null }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const token = (await readForm(request)).get("token");
  const outcome = await confirmEmailChange(typeof token === "string" ? token : "");
  if (outcome.status === "changed") {
    return redirectWithToast(
      "/",
      { type: "success", title: "Email changed", description: `Your account now uses ${outcome.email}.` },
      { status: 303 },
    );
  }
  return data(
    {
      failed:
        outcome.status === "taken"
          ? "That address now belongs to another account."
          : "This link is invalid, expired or was already used.",
    },
    { status: 400, headers: PRIVATE },
  );
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useIsSubmitting();
  const footer = (
    <Link to="/account" className={textLinkClass}>
      Back to your account
    </Link>
  );
  if (!loaderData.token || actionData?.failed) {
    return (
      <AuthCard
        title="This link is invalid or has expired"
        lead={
          actionData?.failed ?? "Change-email links work once and for 24 hours. Ask for a new one from your account."
        }
        footer={footer}
      >
        <Link to="/account" className={buttonClass({ size: "lg", className: "w-full" })}>
          Open your account
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Confirm your new email address"
      lead="Press the button to use this address for your account."
      footer={footer}
    >
      <PendingPostButton values={{ token: loaderData.token }} pending={submitting} pendingText="Confirming...">
        Confirm new email
      </PendingPostButton>
    </AuthCard>
  );
}

export const headers: Route.HeadersFunction = cacheControlHeaders;

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Confirm your new email");
