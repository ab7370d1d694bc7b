/** The site settings form (/admin/settings): one form, one schema (app/lib/site-settings.ts). */
import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import {
  Field,
  FormAlert,
  type FormAlertData,
  SelectField,
  StatusButton,
  TextareaField,
  useValidatedForm,
} from "~/components/forms";
import {
  type SiteSettings,
  SiteSettingsSchema,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  WEEKDAYS,
} from "~/lib/site-settings";

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  pinterest: "Pinterest",
  facebook: "Facebook",
  instagram: "Instagram",
  twitter: "Twitter",
};

const MODERATION_OPTIONS = [
  { value: "none", label: "None: every comment appears at once" },
  { value: "first", label: "First comment: a reader's first comment waits for approval" },
  { value: "all", label: "All: every comment waits for approval" },
] as const;

export function SettingsForm({
  settings,
  actionData,
}: {
  settings: SiteSettings;
  actionData: { result: SubmissionResult<string[]>; alert: FormAlertData } | undefined;
}) {
  const { fields, formProps, submitProps, busy } = useValidatedForm({
    id: "site-settings",
    schema: SiteSettingsSchema,
    requiredText: ["siteName", "siteDescription", "timeZone", "digestTime"],
    lastResult: actionData?.result,
    defaultValue: {
      ...settings,
      digestDay: String(settings.digestDay),
      social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, settings.social[network] ?? ""])),
    },
  });
  const social = fields.social.getFieldset();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title="Settings"
        lead="The site's name and description, social links, comments, time zone and the newsletter digest."
      />
      <FormAlert alert={actionData?.alert} className="mt-6" />
      <Form method="post" {...formProps} className="mt-6 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
        <Field field={fields.siteName} label="Site name" autoComplete="off" />
        <TextareaField
          field={fields.siteDescription}
          label="Description"
          rows={3}
          hint="Shown to search engines and when a page is shared."
        />
        <fieldset className="mt-2">
          <legend className="mb-2 text-sm font-semibold text-ink">Social links</legend>
          {SOCIAL_NETWORKS.map((network) => (
            <Field
              key={network}
              field={social[network] as FieldMetadata<string | undefined>}
              label={SOCIAL_LABELS[network]}
              optional
              autoComplete="url"
              inputProps={{ inputMode: "url", placeholder: "https://" }}
            />
          ))}
        </fieldset>
        <SelectField field={fields.commentModeration} label="Comment moderation" options={MODERATION_OPTIONS} />
        <Field
          field={fields.timeZone}
          label="Time zone"
          autoComplete="off"
          hint='For schedule times without JavaScript, e.g. "Europe/Paris" or "UTC".'
        />
        <fieldset className="mt-2">
          <legend className="mb-2 text-sm font-semibold text-ink">Weekly newsletter digest</legend>
          <SelectField
            field={fields.digestDay}
            label="Day"
            options={WEEKDAYS.map((day, index) => ({ value: String(index), label: day }))}
          />
          <Field
            field={fields.digestTime}
            label="Time"
            autoComplete="off"
            hint="In the time zone above, e.g. 09:00. Subscribers who chose the digest get it then."
            inputProps={{ inputMode: "numeric", placeholder: "09:00" }}
          />
        </fieldset>
        <StatusButton pending={busy} pendingText="Saving..." className="mt-2" {...submitProps}>
          Save settings
        </StatusButton>
      </Form>
    </div>
  );
}
