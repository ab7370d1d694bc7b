import { Field, TextareaField, useValidatedForm } from "~/components/forms";
import { MessageForm, MessagePage } from "~/components/messages/message-form";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { MESSAGE_ALERTS, PITCH_TEXT_FIELDS, PitchSchema } from "~/lib/message-schemas";
import { seoMeta } from "~/lib/seo";
import { messageAction } from "~/http/actions/message-action.server";
import type { Route } from "./+types/write-for-us";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

export async function action({ request, context }: Route.ActionArgs) {
  return messageAction(request, context, {
    schema: PitchSchema,
    toMessage: (value) => ({
      kind: "pitch",
      name: value.name,
      email: value.email,
      subject: `Pitch: ${value.proposedTitle}`,
      body: value.summary,
      details: { proposedTitle: value.proposedTitle, summary: value.summary, links: value.links },
    }),
    sent: MESSAGE_ALERTS.pitchSent,
    path: "/write-for-us",
  });
}

export default function WriteForUsPage({ actionData }: Route.ComponentProps) {
  const form = useValidatedForm({
    id: "write-for-us",
    schema: PitchSchema,
    requiredText: PITCH_TEXT_FIELDS,
    lastResult: actionData?.result,
    validateOn: "blur",
  });
  const { fields } = form;
  return (
    <MessagePage
      title="Write for Us"
      lead={
        <p>
          Have a perspective worth sharing? We publish practical articles, tutorials and opinions by working developers.
          Tell us what you would like to write; our editors reply to every pitch.
        </p>
      }
    >
      <MessageForm
        alert={actionData?.alert}
        form={form}
        fields={{ name: fields.name, email: fields.email }}
        submitLabel="Send pitch"
      >
        <Field field={fields.proposedTitle} label="Proposed title" autoComplete="off" inputProps={{ maxLength: 200 }} />
        <TextareaField
          field={fields.summary}
          label="Summary"
          hint="What the article covers, who it is for and what readers will take away."
          rows={6}
          textareaProps={{ maxLength: 5000 }}
        />
        <TextareaField
          field={fields.links}
          label="Links to earlier writing"
          optional
          hint="One web address per line: a blog, talks, a repository."
          rows={3}
        />
      </MessageForm>
    </MessagePage>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Write for Us",
    description: "Pitch an article: practical writing by working developers.",
    path: "/write-for-us",
  });

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.static]);
