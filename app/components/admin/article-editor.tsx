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
import { getInputProps, type SubmissionResult } from "@conform-to/react";
import {
  type ClipboardEvent,
  type ComponentProps,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useRef,
  useState,
} from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import {
  CheckboxField,
  Field,
  FieldShell,
  FormAlert,
  type FormAlertData,
  SelectField,
  StatusButton,
  TextareaField,
  textareaProps,
  useValidatedForm,
} from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ARTICLE_LIMITS, ArticleSchema } from "~/lib/article-schema";
import { slugify } from "~/lib/content";
import { ARTICLE_FORM_ID } from "./editorial-panel";
import { type AutosaveValues, autosaveText, autosaveValues, useAutosave } from "./use-autosave";
import { EDITOR_UPLOAD_FIELDS, imageMarkdown, MAX_UPLOAD_MB, UPLOAD_ACCEPT } from "~/lib/media";
import { UploadProgressList, useImageUploads } from "./image-upload";

export type RecentUpload = { url: string; name: string; width: number; height: number };

export type EditorDefaults = {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  imageUrl: string;
  categoryId: string;
  featured: boolean;
  version?: string;
};

export type EditorActionData = {
  result: SubmissionResult<string[]>;
  alert: (FormAlertData & { conflict?: boolean }) | null;
  preview: { html: string } | null;
};

const CONTENT_HINT =
  "Markdown supported: ## and ### headings, **bold**, *italic*, `code`, fenced code blocks, lists and links.";

export function ArticleEditor({
  mode,
  categories,
  uploads,
  defaults,
  actionData,
  articleId = null,
  capabilities,
  editorial,
}: {
  mode: "new" | "edit";
  categories: { id: number; name: string }[];
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

  const contentRef = useRef<HTMLTextAreaElement>(null);
  const images = useImageUploads();
  const [dragging, setDragging] = useState(false);

  /** Inserts `text` at the textarea's cursor (replacing a selection) and tells Conform. */
  function insertAtCursor(text: string, caretOffset = text.length) {
    const textarea = contentRef.current;
    if (!textarea) return;
    const start = textarea.selectionStart ?? textarea.value.length;
    const end = textarea.selectionEnd ?? start;
    const before = textarea.value.slice(0, start);
    // An image is its own paragraph.
    const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    textarea.setRangeText(`${lead}${text}`, start, end, "end");
    textarea.selectionStart = textarea.selectionEnd = start + lead.length + caretOffset;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    textarea.focus();
  }

  async function uploadToContent(files: Iterable<File>) {
    for (const file of files) {
      const uploaded = await images.upload(file);
      // The cursor goes between the brackets: the alt text is what to write next.
      if (uploaded) insertAtCursor(imageMarkdown(uploaded.url, uploaded.alt), uploaded.alt ? undefined : 2);
    }
  }

  async function uploadCover(file: File) {
    const uploaded = await images.upload(file);
    if (uploaded) form.update({ name: fields.imageUrl.name, value: uploaded.url });
  }

  function imageFiles(list: FileList | null | undefined) {
    return [...(list ?? [])].filter((file) => file.type.startsWith("image/") || file.type === "");
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = imageFiles(event.clipboardData?.files);
    if (files.length === 0) return; // text: the browser pastes it
    event.preventDefault();
    void uploadToContent(files);
  }

  function onDragOver(event: DragEvent<HTMLTextAreaElement>) {
    if (!event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    setDragging(false);
    const files = imageFiles(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    // Drop where the pointer is, when the browser can tell.
    const position = (
      document as Document & {
        caretPositionFromPoint?: (x: number, y: number) => { offset: number; offsetNode: Node } | null;
      }
    ).caretPositionFromPoint?.(event.clientX, event.clientY);
    const textarea = contentRef.current;
    // Only a position inside the textarea itself (Chrome and Firefox report the control).
    if (position && textarea && position.offsetNode === textarea) {
      textarea.selectionStart = textarea.selectionEnd = position.offset;
    }
    void uploadToContent(files);
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
          >
            <textarea
              key={content.key}
              rows={15}
              {...content.props}
              ref={contentRef}
              onPaste={onPaste}
              onDragOver={onDragOver}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={`${content.props.className} ${dragging ? "ring-2 ring-brand" : ""}`}
            />
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
              <label htmlFor="content-image" className="font-medium text-ink">
                Insert an image
              </label>
              <input
                id="content-image"
                type="file"
                name={EDITOR_UPLOAD_FIELDS.contentImage}
                accept={UPLOAD_ACCEPT}
                aria-describedby="content-image-hint"
                className="max-w-full text-sm text-ink"
                onChange={(event) => {
                  const input = event.currentTarget;
                  const files = [...(input.files ?? [])];
                  input.value = "";
                  void uploadToContent(files);
                }}
              />
              <button
                type="submit"
                name="intent"
                value="upload"
                formNoValidate
                className={buttonClass({ variant: "secondary", size: "sm", className: "no-js-only" })}
              >
                Upload image
              </button>
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

          {actionData?.preview ? (
            <section
              aria-labelledby="server-preview-heading"
              className="rounded-md border border-line bg-surface-sunken p-4 sm:p-6"
            >
              <h2
                id="server-preview-heading"
                className="mb-4 text-xs font-semibold tracking-wide text-ink-muted uppercase"
              >
                Preview
              </h2>
              <PreviewBody title={initialTitle} html={actionData.preview.html} />
            </section>
          ) : null}
        </div>

        <div className="space-y-6">
          <div className="rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
            <Field
              field={fields.imageUrl}
              label="Image URL"
              optional
              autoComplete="off"
              hint="https://… or a path on this site, like /images/cover.png."
              inputProps={{ maxLength: ARTICLE_LIMITS.imageUrl, inputMode: "url", autoCapitalize: "none" }}
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
            <CheckboxField field={fields.featured} hint="Show it in the home page's Featured carousel.">
              Featured
            </CheckboxField>
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
            <button
              type="submit"
              name="intent"
              value="draft"
              className={buttonClass({ variant: "secondary", className: "lg:w-full" })}
            >
              Save draft
            </button>
            <button
              type="submit"
              name="intent"
              value="preview"
              formNoValidate
              className={buttonClass({ variant: "secondary", className: "no-js-only lg:w-full" })}
            >
              Preview
            </button>
            <Link to="/admin/dashboard" className={buttonClass({ variant: "secondary", className: "lg:w-full" })}>
              Cancel
            </Link>
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

/**
 * The cover from uploads: a list of recent uploads and a file input. With JavaScript choosing
 * one fills Image URL at once; without it the choice (or the file) travels with the form.
 */
function CoverPicker({
  uploads,
  hydrated,
  onChoose,
  onUpload,
}: {
  uploads: RecentUpload[];
  hydrated: boolean;
  onChoose: (url: string) => void;
  onUpload: (file: File) => void;
}) {
  return (
    <div className="mb-4 space-y-3 rounded-md bg-surface-sunken p-3 text-sm">
      {uploads.length > 0 ? (
        <div>
          <label htmlFor="cover-choice" className="font-medium text-ink">
            Choose from uploads
          </label>
          <select
            id="cover-choice"
            name={EDITOR_UPLOAD_FIELDS.coverChoice}
            defaultValue=""
            className="mt-1 block h-10 w-full rounded-md border border-line-strong bg-surface px-2 text-sm text-ink"
            onChange={(event) => {
              if (!hydrated || event.currentTarget.value === "") return;
              onChoose(event.currentTarget.value);
              event.currentTarget.value = "";
            }}
          >
            <option value="">{hydrated ? "Pick an image…" : "Keep the Image URL above"}</option>
            {uploads.map((upload) => (
              <option key={upload.url} value={upload.url}>
                {upload.name} ({upload.width} × {upload.height})
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor="cover-image" className="font-medium text-ink">
          Or upload a cover
        </label>
        <input
          id="cover-image"
          type="file"
          name={EDITOR_UPLOAD_FIELDS.coverImage}
          accept={UPLOAD_ACCEPT}
          className="mt-1 block w-full text-sm text-ink"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            input.value = "";
            if (file) onUpload(file);
          }}
        />
        <button
          type="submit"
          name="intent"
          value="upload"
          formNoValidate
          className={buttonClass({ variant: "secondary", size: "sm", className: "no-js-only mt-2" })}
        >
          Upload cover
        </button>
      </div>
    </div>
  );
}

/** The rendered article as the article page shows it: its title and the .prose-article body. */
export function PreviewBody({ title, html }: { title: string; html: string }) {
  return (
    <article>
      <h2 className="mb-6 text-3xl font-bold tracking-tight break-words text-ink sm:text-4xl">{title || "Untitled"}</h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the markdown pipeline on the server */}
      <div className="prose-article" data-testid="article-preview-body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

type PreviewFetcher = ReturnType<typeof useFetcher<{ html?: string; error?: string }>>;

/**
 * A markdown field's Write / Preview state: Preview renders the text through the preview
 * resource route (/admin/articles/preview), the one renderer articles are saved with.
 */
export function useMarkdownPreview() {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const preview = useFetcher<{ html?: string; error?: string }>();
  function showPreview(content: string) {
    setTab("preview");
    preview.submit({ content }, { method: "post", action: "/admin/articles/preview" });
  }
  return { tab, setTab, preview, showPreview };
}

/** The Preview tab's panel (JavaScript only): rendering, the renderer's refusal, or the page. */
export function PreviewPanel({
  id,
  tab,
  preview,
  title,
  className,
}: {
  id: string;
  tab: "write" | "preview";
  preview: PreviewFetcher;
  title: string;
  className: string;
}) {
  return (
    <div
      id={id}
      role="tabpanel"
      aria-labelledby="tab-preview"
      hidden={tab !== "preview"}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus so its content can be read
      tabIndex={0}
      aria-busy={preview.state !== "idle"}
      className={`${className} rounded-md border border-line bg-surface p-4 sm:p-6`}
    >
      {preview.state !== "idle" ? (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Spinner /> Rendering preview...
        </p>
      ) : preview.data?.error ? (
        <p role="alert" className="text-sm text-danger">
          {preview.data.error}
        </p>
      ) : preview.data?.html !== undefined ? (
        <PreviewBody title={title} html={preview.data.html} />
      ) : null}
    </div>
  );
}

/**
 * A markdown field with Write / Preview tabs: the write panel holds `children` (the textarea and
 * anything beside it); with JavaScript, Preview renders the text through the preview route.
 * Without JavaScript there is only the write panel (the form's Preview button renders on the server).
 */
export function MarkdownField({
  field,
  label,
  hint,
  name,
  markdown,
  text,
  title,
  previewClassName,
  children,
}: {
  field: ComponentProps<typeof FieldShell>["field"];
  label: string;
  hint: ReactNode;
  /** Prefix of the panels' ids: `{name}-write`, `{name}-preview`. */
  name: string;
  markdown: ReturnType<typeof useMarkdownPreview>;
  /** The markdown the Preview tab renders. */
  text: string;
  /** The heading the preview shows above the rendered text. */
  title: string;
  previewClassName: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <FieldShell
      field={field}
      label={label}
      hint={hint}
      labelAside={
        <ContentTabs
          tab={markdown.tab}
          onWrite={() => markdown.setTab("write")}
          onPreview={() => markdown.showPreview(text)}
          panelIds={[`${name}-write`, `${name}-preview`]}
        />
      }
    >
      <div
        id={`${name}-write`}
        {...(hydrated ? { role: "tabpanel", "aria-labelledby": "tab-write" } : {})}
        hidden={markdown.tab !== "write"}
      >
        {children}
      </div>
      {hydrated ? (
        <PreviewPanel
          id={`${name}-preview`}
          tab={markdown.tab}
          preview={markdown.preview}
          title={title}
          className={previewClassName}
        />
      ) : null}
    </FieldShell>
  );
}

/** Write / Preview tabs (JavaScript only): arrow keys move between them, as a tab list should. */
export function ContentTabs({
  tab,
  onWrite,
  onPreview,
  panelIds,
}: {
  tab: "write" | "preview";
  onWrite: () => void;
  onPreview: () => void;
  panelIds: [string, string];
}) {
  const writeRef = useRef<HTMLButtonElement>(null);
  const previewRef = useRef<HTMLButtonElement>(null);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const toPreview =
      event.key === "End" || ((event.key === "ArrowRight" || event.key === "ArrowLeft") && tab === "write");
    if (toPreview) {
      onPreview();
      previewRef.current?.focus();
    } else {
      onWrite();
      writeRef.current?.focus();
    }
  }
  const tabs = [
    { value: "write", label: "Write", ref: writeRef, panel: panelIds[0], select: onWrite },
    { value: "preview", label: "Preview", ref: previewRef, panel: panelIds[1], select: onPreview },
  ] as const;
  const tabClass =
    "rounded-md px-3 py-1 text-sm font-medium text-ink-muted transition-colors hover:text-ink aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm";
  return (
    <div
      role="tablist"
      aria-label="Editor view"
      className="js-only inline-flex gap-1 rounded-lg bg-surface-sunken p-1"
      onKeyDown={onKeyDown}
    >
      {tabs.map((item) => (
        <button
          key={item.value}
          ref={item.ref}
          id={`tab-${item.value}`}
          type="button"
          role="tab"
          aria-selected={tab === item.value}
          aria-controls={item.panel}
          tabIndex={tab === item.value ? 0 : -1}
          className={tabClass}
          onClick={item.select}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
