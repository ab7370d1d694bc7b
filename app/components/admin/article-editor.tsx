/**
 * The article form, one component for New Article and Edit Article.
 *
 * Without JavaScript it is a plain form: the server validates and answers with the same messages
 * beside the fields, keeping what was typed; "Preview" is a submit button that re-renders the
 * form with the rendered markdown. With JavaScript Conform validates as you type with the same
 * schema, a blocked submission raises 'Invalid Form', the slug follows the title until it is
 * edited by hand, the Preview tab fetches the rendering in place, and the submit button shows
 * its busy state.
 *
 * Images: without JavaScript the form is multipart; a file chosen under the content (or for the
 * cover) is uploaded when the form is sent, inserted as ![](url) at the end of the content (or
 * made the Image URL), and the form comes back with everything typed. With JavaScript, pasting
 * or dropping images on the content, or choosing a file, uploads at once with a progress bar and
 * inserts ![](url) at the cursor, which is left between the brackets for the alt text.
 */
import { getInputProps } from "@conform-to/react";
import { type FormEvent, type ReactNode, useCallback, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import {
  CheckboxField,
  Field,
  FormAlert,
  type FormAlertData,
  SelectField,
  StatusButton,
  TextareaField,
  textareaProps,
  useValidatedForm,
} from "~/components/forms";
import {
  CancelLink,
  type MarkdownEditorActionData,
  MarkdownField,
  NoScriptPreviewButton,
  ServerPreview,
  useImageDrop,
  useMarkdownPreview,
} from "~/components/markdown-editor";
import { IntentButton } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ARTICLE_LIMITS, ArticleSchema } from "~/lib/article-schema";
import { slugify } from "~/lib/content";
import { EDITOR_UPLOAD_FIELDS, MAX_UPLOAD_MB } from "~/lib/media";
import { dashboardHref } from "~/lib/urls";
import { CoverPicker, type RecentUpload } from "./cover-picker";
import { TaxonomyFields } from "./taxonomy-fields";
import { ARTICLE_FORM_ID } from "./editorial-panel";
import { ImageFileInput, ImageUrlField } from "./image-fields";
import { UploadProgressList, useImageUploads } from "./image-upload";
import { type AutosaveValues, autosaveText, autosaveValues, useAutosave } from "./use-autosave";

export type EditorDefaults = {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  imageUrl: string;
  /** Where it was first published ("" when it is this site). */
  canonicalUrl: string;
  categoryId: string;
  featured: boolean;
  /** Comma-separated tag names. */
  tags: string;
  seriesId: string;
  version?: string;
};

export type EditorActionData = MarkdownEditorActionData<FormAlertData & { conflict?: boolean }>;

const CONTENT_HINT =
  "Markdown supported: ## and ### headings, **bold**, *italic*, `code`, fenced code blocks, lists and links.";

export function ArticleEditor({
  mode,
  categories,
  taxonomy,
  uploads,
  defaults,
  actionData,
  articleId = null,
  capabilities,
  editorial,
}: {
  mode: "new" | "edit";
  categories: { id: number; name: string }[];
  /** Existing tags (suggestions) and the series an article can join. */
  taxonomy: { tags: string[]; series: { id: number; name: string }[] };
  uploads: RecentUpload[];
  defaults: EditorDefaults;
  actionData: EditorActionData | undefined;
  /** The article being edited (autosave goes there); null for a new one. */
  articleId?: number | null;
  /** Which save buttons this role gets (the server refuses the others anyway). */
  capabilities: { publish: boolean; submit: boolean };
  /** Status, schedule and unpublish controls (editorial-panel.tsx), inside the form. */
  editorial?: ReactNode;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const markdown = useMarkdownPreview();
  const { form, fields, formProps, submitProps, busy } = useValidatedForm({
    id: ARTICLE_FORM_ID,
    schema: ArticleSchema,
    lastResult: actionData?.result,
    defaultValue: defaults,
    validateOn: "blur",
    // A blocked submission shows the fields, where the errors are.
    onBlocked: () => markdown.setTab("write"),
  });

  // The slug follows the title while it was never edited by hand (new articles only: changing a
  // published article's address is a decision, not a side effect).
  const initialTitle = String(actionData?.result.initialValue?.title ?? defaults.title);
  const initialSlug = String(actionData?.result.initialValue?.slug ?? defaults.slug);
  const [slugTouched, setSlugTouched] = useState(
    mode === "edit" || (initialSlug !== "" && initialSlug !== slugify(initialTitle)),
  );

  const values = form.value as Record<string, unknown> | undefined;

  const images = useImageUploads();
  const drop = useImageDrop(images.upload);

  async function uploadCover(file: File) {
    const uploaded = await images.upload(file);
    if (uploaded) form.update({ name: fields.imageUrl.name, value: uploaded.url });
  }

  const content = textareaProps(fields.content, CONTENT_HINT, {
    spellCheck: true,
    className: "font-mono text-sm leading-6",
  });
  const { key: versionKey, ...versionInput } = getInputProps(fields.version, { type: "hidden" });

  const onVersion = useCallback(
    (version: string) => form.update({ name: fields.version.name, value: version }),
    [form, fields.version.name],
  );
  const onRestore = useCallback(
    (restored: AutosaveValues) => {
      for (const [name, value] of Object.entries(restored)) {
        form.update({ name, value: name === "featured" ? (value === "on" || value === "true" ? "on" : "") : value });
      }
    },
    [form],
  );
  const autosave = useAutosave({
    articleId,
    values: values ? autosaveValues(values) : null,
    baseline: autosaveValues({ ...defaults, featured: defaults.featured ? "on" : "" }),
    version: defaults.version ?? null,
    onVersion,
    onRestore,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (!event.defaultPrevented) autosave.onSubmit();
  };

  return (
    <>
      <FormAlert alert={actionData?.alert} className="mb-6">
        {actionData?.alert?.conflict ? (
          <p className="mt-2">
            <Link
              reloadDocument
              to={location.pathname}
              onClick={autosave.allowLeave}
              className="font-semibold underline underline-offset-4"
            >
              Open the latest version
            </Link>
          </p>
        ) : null}
      </FormAlert>
      {autosave.restored ? (
        <p role="status" className="mb-4 rounded-lg border border-line bg-surface-sunken p-3 text-sm text-ink">
          Restored the text this browser kept from your last visit: it is not saved yet.
        </p>
      ) : null}
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        onSubmit={onSubmit}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      >
        {mode === "edit" ? <input key={versionKey} {...versionInput} /> : null}
        <div className="min-w-0 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
          <Field
            field={fields.title}
            label="Title"
            autoComplete="off"
            inputProps={{
              maxLength: ARTICLE_LIMITS.title,
              spellCheck: true,
              onInput: (event) => {
                if (!slugTouched) form.update({ name: fields.slug.name, value: slugify(event.currentTarget.value) });
              },
            }}
          />
          <Field
            field={fields.slug}
            label="Slug"
            autoComplete="off"
            hint="Lowercase letters, digits and hyphens: the address will be /post/your-slug."
            inputProps={{
              maxLength: ARTICLE_LIMITS.slug,
              autoCapitalize: "none",
              className: "font-mono",
              onInput: (event) => setSlugTouched(event.currentTarget.value !== ""),
            }}
          />

          <MarkdownField
            field={fields.content}
            label="Content"
            hint={CONTENT_HINT}
            name="content"
            markdown={markdown}
            text={String(values?.content ?? "")}
            title={String(values?.title ?? "")}
            previewClassName="min-h-[22rem]"
            stats
          >
            <textarea
              key={content.key}
              rows={15}
              {...content.props}
              {...drop.textareaProps}
              className={`${content.props.className} ${drop.dragging ? "ring-2 ring-brand" : ""}`}
            />
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
              <ImageFileInput
                id="content-image"
                name={EDITOR_UPLOAD_FIELDS.contentImage}
                label="Insert an image"
                labelClassName="font-medium text-ink"
                hintId="content-image-hint"
                className="max-w-full text-sm text-ink"
                onFiles={(files) => void drop.insertImages(files)}
              />
              <IntentButton intent="upload" formNoValidate variant="secondary" size="sm" className="no-js-only">
                Upload image
              </IntentButton>
            </div>
            <p id="content-image-hint" className="pt-1 text-xs text-ink-muted">
              PNG, JPEG, WebP, AVIF or GIF up to {MAX_UPLOAD_MB} MB.{" "}
              {hydrated
                ? "You can also paste or drop images into the content."
                : "Choose a file, then Upload image: it is added at the end of the content."}
            </p>
            <UploadProgressList items={images.items} onDismiss={images.dismiss} />
          </MarkdownField>

          <TextareaField
            field={fields.excerpt}
            label="Excerpt"
            optional
            rows={3}
            hint={`A sentence or two shown on article cards (at most ${ARTICLE_LIMITS.excerpt} characters).`}
            textareaProps={{ maxLength: ARTICLE_LIMITS.excerpt }}
          />

          <ServerPreview preview={actionData?.preview} title={initialTitle} />
        </div>

        <div className="space-y-6">
          <div className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
            <ImageUrlField
              field={fields.imageUrl}
              label="Image URL"
              hint="https://… or a path on this site, like /images/cover.png."
              maxLength={ARTICLE_LIMITS.imageUrl}
            />
            <CoverPicker
              uploads={uploads}
              hydrated={hydrated}
              onChoose={(url) => form.update({ name: fields.imageUrl.name, value: url })}
              onUpload={(file) => void uploadCover(file)}
            />
            <SelectField
              field={fields.categoryId}
              label="Category"
              placeholder="Select a category"
              options={categories.map((category) => ({ value: String(category.id), label: category.name }))}
            />
            <TaxonomyFields
              fields={{ tags: fields.tags, seriesId: fields.seriesId }}
              tagText={String(values?.tags ?? defaults.tags)}
              knownTags={taxonomy.tags}
              series={taxonomy.series}
            />
            <CheckboxField field={fields.featured} hint="Show it in the home page's Featured carousel.">
              Featured
            </CheckboxField>
            <Field
              field={fields.canonicalUrl}
              label="Canonical URL"
              optional
              autoComplete="off"
              hint="Where this article was first published; leave empty when it is this site."
              inputProps={{ maxLength: ARTICLE_LIMITS.canonicalUrl, inputMode: "url", autoCapitalize: "none" }}
            />
          </div>

          <div className="flex flex-wrap gap-2 lg:flex-col">
            {capabilities.publish ? (
              <StatusButton
                pending={busy}
                pendingText={mode === "new" ? "Creating..." : "Saving..."}
                className="lg:w-full"
                {...submitProps}
              >
                {mode === "new" ? "Create Article" : "Update Article"}
              </StatusButton>
            ) : null}
            {capabilities.submit ? (
              <StatusButton
                pending={busy}
                pendingText="Submitting..."
                className="lg:w-full"
                {...submitProps}
                name="intent"
                value="submit"
              >
                Submit for review
              </StatusButton>
            ) : null}
            <IntentButton intent="draft" variant="secondary" className="lg:w-full">
              Save draft
            </IntentButton>
            <NoScriptPreviewButton className="lg:w-full" />
            <CancelLink to={dashboardHref()} className="lg:w-full" />
            {hydrated ? (
              <p
                role="status"
                aria-live="polite"
                data-testid="autosave-status"
                className="min-h-5 text-sm text-ink-muted"
              >
                {autosaveText(autosave.status, articleId !== null)}
              </p>
            ) : null}
          </div>
          {editorial}
        </div>
      </Form>
    </>
  );
}
