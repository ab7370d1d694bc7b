/**
 * The author profile form (your own at /admin/profile, anyone's at /admin/authors/{id}): name,
 * bio, and the avatar as a URL or an uploaded image (stored by the media library; its /media/…
 * address becomes the avatar URL). Multipart, so the file travels with the form with or without
 * JavaScript; Conform validates the text fields with the server's schema.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { AuthorAvatar } from "~/components/article/author-card";
import {
  Field,
  FormAlert,
  type FormAlertData,
  StatusButton,
  TextareaField,
  useValidatedForm,
} from "~/components/forms";
import { AUTHOR_LIMITS, AuthorProfileSchema, AVATAR_FILE_FIELD } from "~/lib/author-schema";
import { MAX_UPLOAD_MB } from "~/lib/media";
import { ImageFileInput, ImageUrlField } from "./image-fields";

export type AuthorProfileActionData = { result: SubmissionResult<string[]>; alert: FormAlertData | null };

export function AuthorProfileForm({
  defaults,
  actionData,
}: {
  defaults: { name: string; bio: string; avatarUrl: string };
  actionData: AuthorProfileActionData | undefined;
}) {
  const { form, fields, formProps, submitProps, busy } = useValidatedForm({
    id: "author-profile",
    schema: AuthorProfileSchema,
    lastResult: actionData?.result,
    defaultValue: defaults,
    requiredText: ["name"],
  });
  const values = form.value as Record<string, unknown> | undefined;
  const avatarUrl = String(values?.avatarUrl ?? defaults.avatarUrl ?? "");
  return (
    <>
      <FormAlert alert={actionData?.alert} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6"
      >
        <Field
          field={fields.name}
          label="Name"
          autoComplete="name"
          hint="Shown on your articles. Your page's address stays the same when you change it."
          inputProps={{ maxLength: AUTHOR_LIMITS.name }}
        />
        <TextareaField
          field={fields.bio}
          label="Bio"
          optional
          rows={4}
          hint="A few sentences for the author card and your page."
          textareaProps={{ maxLength: AUTHOR_LIMITS.bio, spellCheck: true }}
        />
        <div className="flex flex-wrap items-start gap-4">
          <AuthorAvatar
            author={{ name: String(values?.name ?? defaults.name), avatarUrl: avatarUrl || null, bio: null }}
            size={64}
          />
          <div className="min-w-0 flex-1">
            <ImageUrlField
              field={fields.avatarUrl}
              label="Avatar URL"
              hint="https://… or a path on this site, like /media/…. Uploading an image below fills it."
              maxLength={AUTHOR_LIMITS.avatarUrl}
            />
            <div className="mb-4">
              <ImageFileInput
                id="avatar-file"
                name={AVATAR_FILE_FIELD}
                label="Or upload an avatar"
                labelClassName="text-sm font-medium text-ink"
                hintId="avatar-file-hint"
                className="mt-1 block w-full text-sm text-ink"
              />
              <p id="avatar-file-hint" className="pt-1 text-xs text-ink-muted">
                PNG, JPEG, WebP, AVIF or GIF up to {MAX_UPLOAD_MB} MB; it is uploaded when you save.
              </p>
            </div>
          </div>
        </div>
        <StatusButton pending={busy} pendingText="Saving..." {...submitProps}>
          Save Profile
        </StatusButton>
      </Form>
    </>
  );
}
