/**
 * The People page (/admin/people): invite form, pending invitations, the list of accounts. Every
 * row's change is its own small form posting to the page, so everything works without JavaScript.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { ROLE_LABELS } from "~/auth/permissions";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { LocalDate } from "~/components/admin/local-date";
import {
  controlClass,
  Field,
  FormAlert,
  type FormAlertData,
  SelectField,
  StatusButton,
  useValidatedForm,
} from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { ASSIGNABLE_ROLES, INVITE_ROLES, INVITE_TEXT_FIELDS, InviteSchema } from "~/lib/people-schemas";
import { peopleHref } from "~/lib/urls";
import {
  Cell,
  DataTable,
  EmptyList,
  ListPagination,
  ListPanel,
  RowActionForm,
  RowHeader,
  SearchListPanel,
} from "~/components/admin/list-kit";
import type { PendingInviteRow as Invite, PersonRow as Person } from "~/people/people-view";

export type PeoplePageProps = {
  list: { people: Person[]; total: number; page: number; pageCount: number; query: string };
  invites: Invite[];
  selfId: number;
  actionData?:
    | { intent: "invite" | "row"; result: SubmissionResult<string[]> | null; alert: FormAlertData }
    | undefined;
};

export function PeoplePage({ list, invites, selfId, actionData }: PeoplePageProps) {
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="People" lead="Invite people, change their roles, suspend and restore accounts." />
      {actionData?.intent === "row" ? <FormAlert alert={actionData.alert} className="mt-6" /> : null}

      <InviteForm actionData={actionData?.intent === "invite" ? actionData : undefined} returnPath={returnPath} />

      <ListPanel id="pending-invites" title={`Pending invitations (${invites.length})`} className="mt-8">
        {invites.length === 0 ? (
          <p className="px-4 py-6 text-sm text-ink-muted sm:px-6">No invitation is waiting to be accepted.</p>
        ) : (
          <ul className="divide-y divide-line">
            {invites.map((invite) => (
              <li
                key={invite.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6"
              >
                <span>
                  <span className="font-medium text-ink">{invite.email}</span>{" "}
                  <span className="text-ink-muted">
                    as {ROLE_LABELS[invite.role]}
                    {invite.invitedBy ? `, by ${invite.invitedBy}` : ""}; expires <LocalDate iso={invite.expiresAt} />
                  </span>
                </span>
                <RowActionForm
                  fields={{ intent: "revoke", inviteId: invite.id, redirectTo: returnPath }}
                  variant="destructive-outline"
                  label={`Revoke the invitation of ${invite.email}`}
                >
                  Revoke
                </RowActionForm>
              </li>
            ))}
          </ul>
        )}
      </ListPanel>

      <SearchListPanel
        id="everyone"
        title={`Everyone (${list.total})`}
        search={{
          action: peopleHref(),
          name: "People",
          id: "people-q",
          label: "Search by name or email",
          placeholder: "Search by name or email...",
          query: list.query,
          maxLength: 100,
        }}
        matches={{ count: list.total, one: "person matches", many: "people match" }}
      >
        {list.people.length === 0 ? (
          <EmptyList title="No one matches your search." />
        ) : (
          <DataTable
            scrollLabel="People table"
            className="w-full min-w-[48rem] text-left text-sm"
            caption={`Everyone (${list.total}), page ${list.page} of ${list.pageCount}`}
            columns={["Name", "Role", "Status", "Joined", { label: "Account", align: "end" }]}
          >
            {list.people.map((person) => (
              <PersonRow key={person.id} person={person} self={person.id === selfId} returnPath={returnPath} />
            ))}
          </DataTable>
        )}
        <ListPagination
          page={list.page}
          pageCount={list.pageCount}
          hrefFor={(n) => peopleHref({ q: list.query, page: n })}
          radius={2}
        />
      </SearchListPanel>
    </div>
  );
}

function PersonRow({ person, self, returnPath }: { person: Person; self: boolean; returnPath: string }) {
  const roleId = `role-${person.id}`;
  return (
    <tr className="align-middle">
      <RowHeader>
        {person.fullName}
        {self ? <span className="ml-1 text-xs font-normal text-ink-muted">(you)</span> : null}
        <span className="block text-xs font-normal text-ink-muted">{person.email}</span>
      </RowHeader>
      <Cell className="">
        <Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="userId" value={person.id} />
          <input type="hidden" name="redirectTo" value={returnPath} />
          <label htmlFor={roleId} className="sr-only">
            Role of {person.fullName}
          </label>
          <select
            id={roleId}
            name="role"
            defaultValue={person.role}
            key={person.role}
            className={`${controlClass} h-9 w-36`}
          >
            {ASSIGNABLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          <button
            type="submit"
            className={buttonClass({ variant: "secondary", size: "sm" })}
            aria-label={`Save the role of ${person.fullName}`}
          >
            Save
          </button>
        </Form>
      </Cell>
      <Cell>{person.suspendedAt ? <span className="font-medium text-danger">Suspended</span> : "Active"}</Cell>
      <Cell className="whitespace-nowrap text-ink-muted">
        <LocalDate iso={person.createdAt} />
      </Cell>
      <Cell end className="">
        {self ? null : (
          <RowActionForm
            fields={{ intent: person.suspendedAt ? "restore" : "suspend", userId: person.id, redirectTo: returnPath }}
            variant={person.suspendedAt ? "secondary" : "destructive-outline"}
            label={`${person.suspendedAt ? "Restore" : "Suspend"} ${person.fullName}`}
          >
            {person.suspendedAt ? "Restore" : "Suspend"}
          </RowActionForm>
        )}
      </Cell>
    </tr>
  );
}

function InviteForm({
  actionData,
  returnPath,
}: {
  actionData: { result: SubmissionResult<string[]> | null; alert: FormAlertData } | undefined;
  returnPath: string;
}) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "invite",
    schema: InviteSchema,
    requiredText: INVITE_TEXT_FIELDS,
    lastResult: actionData?.result,
    defaultValue: { role: "contributor" },
  });
  return (
    <AdminSection id="invite-heading" title="Invite someone">
      <p className="mt-1 mb-4 text-sm text-ink-muted">
        They receive a link by email; it works once, for 7 days. An existing account gets the role after signing in.
      </p>
      <FormAlert alert={actionData?.alert} />
      <Form method="post" {...formProps} className="grid gap-x-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="redirectTo" value={returnPath} />
        <Field field={fields.email} label="Email" type="email" autoComplete="off" />
        <SelectField
          field={fields.role}
          label="Role"
          options={INVITE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        />
        <StatusButton pending={busy} pendingText="Sending..." className="sm:mt-7" {...submitProps}>
          Send invitation
        </StatusButton>
      </Form>
    </AdminSection>
  );
}
