/**
 * /admin/people (administrators: "people.manage"): everyone with an account, staff first, searchable
 * and paged (?q=&page=); invite by email with a role; change a role; suspend and restore; pending
 * invitations with Revoke. One action, several intents; every row is its own small form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { adminReturnPath } from "~/http/actions/admin-session.server";
import { requirePermission } from "~/auth/guards.server";
import { ROLE_LABELS } from "~/auth/permissions";
import { PeoplePage } from "~/components/admin/people";
import type { FormAlertData } from "~/components/forms";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { ChangeRoleSchema, InviteIdSchema, InviteSchema, PEOPLE_MESSAGES, PersonIdSchema } from "~/lib/people-schemas";
import { noindexMeta } from "~/lib/seo";
import { peopleHref } from "~/lib/urls";
import { createInvite, InviteMailError, listPendingInvites, revokeInvite } from "~/people/invites.server";
import {
  changeRole,
  listPeople,
  normalizePeopleQuery,
  type PersonChange,
  restorePerson,
  suspendPerson,
} from "~/people/people.server";
import type { Route } from "./+types/admin.people";
import { logger } from "~/observability/logger.server";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "people.manage");
  const url = new URL(request.url);
  const query = normalizePeopleQuery(url.searchParams.get("q"));
  const requested = parsePageParam(url.searchParams.get("page"));
  const [list, invites] = await Promise.all([listPeople({ query, page: pageToRead(requested) }), listPendingInvites()]);
  const target = pageRedirectTarget(requested, list.pageCount);
  if (target !== null) throw redirect(peopleHref({ q: query, page: target }));
  return {
    list,
    invites: invites.map((invite) => ({
      ...invite,
      expiresAt: invite.expiresAt.toISOString(),
      createdAt: invite.createdAt.toISOString(),
    })),
    selfId: user.id,
  };
}

const refused = (alert: FormAlertData, status = 409) =>
  data({ intent: "row" as const, result: null, alert }, { status });

function changeOutcome(outcome: PersonChange, back: string, success: string) {
  switch (outcome.status) {
    case "ok":
      return redirectWithToast(
        back,
        { type: "success", title: outcome.changed ? success : "Nothing changed" },
        { status: 303 },
      );
    case "not-found":
      return refused({ title: "Not changed", description: PEOPLE_MESSAGES.notFound }, 404);
    case "last-administrator":
      return refused({ title: "Not changed", description: PEOPLE_MESSAGES.lastAdministrator });
    case "self":
      return refused({ title: "Not changed", description: PEOPLE_MESSAGES.suspendSelf });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "people.manage");
  const form = await readForm(request);
  const back = adminReturnPath(form.get("redirectTo"), "/admin/people");
  const actor = { id: user.id, fullName: user.fullName };
  const intent = form.get("intent");

  if (intent === "invite") {
    const submission = parseWithZod(form, { schema: InviteSchema });
    if (submission.status !== "success") {
      return data(
        { intent: "invite" as const, result: submission.reply(), alert: FORM_TOASTS.invalidForm },
        { status: 400 },
      );
    }
    try {
      await createInvite({ email: submission.value.email, role: submission.value.role, invitedBy: actor });
    } catch (error) {
      if (!(error instanceof InviteMailError)) throw error;
      logger().warn({ err: error.cause, event: "mail" }, "invitation mail failed");
      return data(
        {
          intent: "invite" as const,
          result: submission.reply(),
          alert: { title: "Invitation not sent", description: PEOPLE_MESSAGES.inviteMailFailed },
        },
        { status: 503 },
      );
    }
    return redirectWithToast(
      back,
      {
        type: "success",
        title: "Invitation sent",
        description: `${submission.value.email} is invited as ${ROLE_LABELS[submission.value.role]}.`,
      },
      { status: 303 },
    );
  }

  if (intent === "role") {
    const parsed = ChangeRoleSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refused({ title: "Not changed", description: PEOPLE_MESSAGES.chooseRole }, 400);
    return changeOutcome(await changeRole(actor, parsed.data.userId, parsed.data.role), back, "Role changed");
  }

  if (intent === "suspend" || intent === "restore") {
    const parsed = PersonIdSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return refused({ title: "Not changed", description: PEOPLE_MESSAGES.notFound }, 400);
    return intent === "suspend"
      ? changeOutcome(await suspendPerson(actor, parsed.data.userId), back, "Account suspended")
      : changeOutcome(await restorePerson(actor, parsed.data.userId), back, "Account restored");
  }

  if (intent === "revoke") {
    const parsed = InviteIdSchema.safeParse(Object.fromEntries(form));
    const revoked = parsed.success && (await revokeInvite(parsed.data.inviteId, actor));
    if (!revoked) return refused({ title: "Not revoked", description: "This invitation is no longer pending." }, 404);
    return redirectWithToast(back, { type: "success", title: "Invitation revoked" }, { status: 303 });
  }

  return refused({ title: "Not changed", description: "Unknown action." }, 400);
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "People");

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  return <PeoplePage {...loaderData} actionData={actionData} />;
}
