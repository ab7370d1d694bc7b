/**
 * A comment form (new comment, reply, edit): the form kit with the comment schema, posting to the
 * article with its comments (app/comments/comment-action). Loaded on demand by comments-section.
 */
import { Form, useNavigation } from "react-router";
import { FormAlert, StatusButton, TextareaField, useValidatedForm } from "~/components/forms";
import { COMMENT_MAX_LENGTH, COMMENT_TEXT_FIELDS, CommentSchema } from "~/lib/comment-schema";
import type { CommentActionData } from "./comment-action-data";
import { commentsPageHref } from "~/lib/urls";

export type CommentFormProps = {
  slug: string;
  formId: string;
  parentId?: number;
  commentId?: number;
  defaultBody?: string;
  actionData: CommentActionData | null | undefined;
  label: string;
  submit: string;
};

export function CommentForm({
  slug,
  formId,
  parentId,
  commentId,
  defaultBody,
  actionData,
  label,
  submit,
}: CommentFormProps) {
  const action = commentsPageHref(slug);
  const mine = actionData?.formId === formId ? actionData : null;
  const navigation = useNavigation();
  const { fields, formProps, submitProps } = useValidatedForm({
    id: formId,
    schema: CommentSchema,
    lastResult: mine?.result,
    defaultValue: { body: defaultBody },
    requiredText: COMMENT_TEXT_FIELDS,
    action,
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("formId") === formId;
  return (
    <div className="mt-3">
      <FormAlert alert={mine?.alert} className="mb-3" />
      <Form method="post" action={action} preventScrollReset {...formProps}>
        <input type="hidden" name="intent" value={commentId ? "edit" : "create"} />
        <input type="hidden" name="formId" value={formId} />
        {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
        {commentId ? <input type="hidden" name="commentId" value={commentId} /> : null}
        <TextareaField
          field={fields.body}
          label={label}
          rows={4}
          hint="Markdown: **bold**, _italic_, `code`, ``` code blocks, links and lists."
          textareaProps={{ maxLength: COMMENT_MAX_LENGTH }}
        />
        <StatusButton pending={busy} pendingText="Posting..." {...submitProps}>
          {submit}
        </StatusButton>
      </Form>
    </div>
  );
}
