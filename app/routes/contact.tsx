import { Field, TextareaField, useValidatedForm } from "~/components/forms";
import { MessageForm, MessagePage } from "~/components/messages/message-form";
import { retryAfterHeaders } from "~/http/route-headers.server";
import { CONTACT_TEXT_FIELDS, ContactSchema, MESSAGE_ALERTS } from "~/lib/message-schemas";
import { seoMeta } from "~/lib/seo";
import { messageAction } from "~/http/actions/message-action.server";
import type { Route } from "./+types/contact";
import { cacheHandle } from "~/cache/route-tags";
import { tags } from "~/cache/tags";

export async function action({ request, context }: Route.ActionArgs) {
  return messageAction(request, context, {
    schema: ContactSchema,
    toMessage: (value) => ({
      kind: "contact",
      name: value.name,
      email: value.email,
      subject: value.subject,
      body: value.body,
    }),
    sent: MESSAGE_ALERTS.sent,
    path: "/contact",
  });
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const form = useValidatedForm({
    id: "contact",
    schema: ContactSchema,
    requiredText: CONTACT_TEXT_FIELDS,
    lastResult: actionData?.result,
    validateOn: "blur",
  });
  const { fields } = form;
  return (
    <MessagePage
      title="Contact Us"
      lead="A question, a correction or an idea for an article? Write to us: we read every message and reply by email."
    >
      <MessageForm
        alert={actionData?.alert}
        form={form}
        fields={{ name: fields.name, email: fields.email }}
        submitLabel="Send message"
      >
        <Field field={fields.subject} label="Subject" autoComplete="off" inputProps={{ maxLength: 200 }} />
        <TextareaField field={fields.body} label="Message" rows={8} textareaProps={{ maxLength: 5000 }} />
      </MessageForm>
    </MessagePage>
  );
}

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, {
    title: "Contact Us",
    description: "Write to the editors: questions, corrections and ideas.",
    path: "/contact",
  });

/** The cached page carries these tags (app/cache/tags.ts): writes that announce one drop it. */
export const handle = cacheHandle(() => [tags.static]);
