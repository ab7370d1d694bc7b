/**
 * /admin/inbox/:id: one message. Opening it marks it read (audited); Archive moves it out of the
 * inbox, Move to inbox brings it back (a small form each, audited). A Write for Us pitch can be
 * turned into an invitation as contributor (mailed to its sender). Administrators only.
 */
import { data, Form, Link } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { createInvite } from "~/people/invites.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { LocalDateTime } from "~/components/admin/local-date";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { parseId } from "~/lib/ids";
import { notFound } from "~/lib/route-errors";
import { noindexMeta } from "~/lib/seo";
import { getMessage, markRead, setArchived } from "~/messages/messages.server";
import type { Route } from "./+types/admin.inbox-message";
import { inboxHref, inboxMessageHref } from "~/lib/urls";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requirePermission(request, "inbox.read");
  const id = parseId(params.id);
  const message = id === null ? null : await getMessage(id);
  if (!message) throw notFound("page");
  if (message.status === "unread" && (await markRead(user, message.id))) message.status = "read";
  return { message, canInvite: message.kind === "pitch" && can(user.role, "people.manage") };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, "inbox.read");
  const id = parseId(params.id);
  const intent = (await readForm(request)).get("intent");
  if (id !== null && intent === "invite") return inviteSender(request, id);
  if (id === null || (intent !== "archive" && intent !== "unarchive")) throw data("Bad Request", { status: 400 });
  const archived = intent === "archive";
  await setArchived(user, id, archived);
  return redirectWithToast(
    archived ? inboxHref() : inboxMessageHref(id),
    { type: "success", title: archived ? "Message archived" : "Message moved to the inbox" },
    { status: 303 },
  );
}

/** A pitch's sender invited as contributor (the invitation mail is theirs; the invite is audited). */
async function inviteSender(request: Request, id: number) {
  const user = await requirePermission(request, "people.manage");
  const message = await getMessage(id);
  if (!message) throw notFound("page");
  if (message.kind !== "pitch") throw data("Bad Request", { status: 400 });
  const here = inboxMessageHref(id);
  await createInvite({ email: message.email, role: "contributor", invitedBy: user });
  return redirectWithToast(
    here,
    {
      type: "success",
      title: "Invitation sent",
      description: `${message.name} is invited as contributor: the link went to ${message.email}.`,
    },
    { status: 303 },
  );
}

export default function AdminInboxMessage({ loaderData }: Route.ComponentProps) {
  const { message, canInvite } = loaderData;
  const archived = message.status === "archived";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="mb-4 text-sm">
        <Link to={inboxHref()} className={textLinkClass}>
          ← Inbox
        </Link>
      </p>
      <AdminPageHeader
        title={message.subject}
        lead={message.kind === "pitch" ? "Write for Us pitch" : "Contact message"}
        actions={
          <Form method="post" className="flex flex-wrap gap-2">
            {canInvite ? (
              <button type="submit" name="intent" value="invite" className={buttonClass()}>
                Invite as contributor
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value={archived ? "unarchive" : "archive"}
              className={buttonClass({ variant: "secondary" })}
            >
              {archived ? "Move to inbox" : "Archive"}
            </button>
          </Form>
        }
      />
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-ink-muted">From</dt>
        <dd className="text-ink">
          {message.name} &lt;
          <a href={`mailto:${message.email}`} className={textLinkClass}>
            {message.email}
          </a>
          &gt;
        </dd>
        <dt className="font-medium text-ink-muted">Received</dt>
        <dd className="text-ink">
          <LocalDateTime iso={message.createdAt} />
        </dd>
        <dt className="font-medium text-ink-muted">Status</dt>
        <dd className="text-ink" data-testid="message-status">
          {archived ? "Archived" : "Read"}
        </dd>
        {message.details ? (
          <>
            <dt className="font-medium text-ink-muted">Proposed title</dt>
            <dd className="text-ink">{message.details.proposedTitle}</dd>
            {message.details.links.length > 0 ? (
              <>
                <dt className="font-medium text-ink-muted">Earlier writing</dt>
                <dd>
                  <ul>
                    {message.details.links.map((link) => (
                      <li key={link}>
                        <a href={link} rel="noopener noreferrer nofollow" className={`${textLinkClass} break-all`}>
                          {link}
                        </a>
                      </li>
                    ))}
                  </ul>
                </dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      <div
        className="mt-6 rounded-xl border border-line bg-surface-raised p-6 whitespace-pre-wrap text-ink"
        data-testid="message-body"
      >
        {message.body}
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Message");
