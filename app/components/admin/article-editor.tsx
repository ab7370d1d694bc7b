/**
 * The article form, one component for New Article and Edit Article.
 *
 * Without JavaScript it is a plain form: the server validates and answers with the same messages
 * beside the fields, keeping what was typed; "Preview" is a submit button that re-renders the
 * form with the rendered markdown. With JavaScript Conform validates as you type with the same
 * schema, a blocked submission raises 'Invalid Form', the slug follows the title until it is
 * edited by hand, the Preview tab fetches the rendering in place, and the submit button shows
 * its busy state.
 */
import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useFetcher, useLocation, useNavigation } from "react-router";
import { toast } from "sonner";
import { ARTICLE_LIMITS, ArticleSchema } from "~/lib/article-schema";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { slugify } from "~/lib/content";
import { useHydrated } from "../auth/use-hydrated";
import { type AdminAlert, AdminAlertBox, AdminFieldError, adminButton, adminInput, Spinner } from "./ui";

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
  alert: (AdminAlert & { conflict?: boolean }) | null;
  preview: { html: string } | null;
};

/** Conform's control intents (validate, update) travel as submissions with this button name. */
const CONFORM_INTENT = "__intent__";

export function ArticleEditor({
  mode,
  categories,
  defaults,
  actionData,
}: {
  mode: "new" | "edit";
  categories: { id: number; name: string }[];
  defaults: EditorDefaults;
  actionData: EditorActionData | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formAction === location.pathname &&
    navigation.formData?.get("intent") !== "preview";
  const [form, fields] = useForm({
    id: "article-form",
    // A stale result must not come back after the navigation it caused.
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    defaultValue: defaults,
    constraint: getZodConstraint(ArticleSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ArticleSchema }),
  });

  // The slug follows the title while it was never edited by hand (new articles only: changing a
  // published article's address is a decision, not a side effect).
  const initialTitle = String(actionData?.result.initialValue?.title ?? defaults.title);
  const initialSlug = String(actionData?.result.initialValue?.slug ?? defaults.slug);
  const [slugTouched, setSlugTouched] = useState(mode === "edit" || (initialSlug !== "" && initialSlug !== slugify(initialTitle)));

  const [tab, setTab] = useState<"write" | "preview">("write");
  const preview = useFetcher<{ html?: string; error?: string }>();

  function showPreview() {
    setTab("preview");
    const content = String((form.value as Record<string, unknown> | undefined)?.content ?? "");
    preview.submit({ content }, { method: "post", action: "/admin/articles/preview" });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("name") === CONFORM_INTENT) {
      form.onSubmit(event);
      return;
    }
    if (submitting) {
      event.preventDefault();
      return;
    }
    form.onSubmit(event); // Conform shows every error and cancels an invalid submission
    if (event.defaultPrevented) {
      setTab("write");
      toast.error(FORM_TOASTS.invalidForm.title, { description: FORM_TOASTS.invalidForm.description });
    }
  }

  useEffect(() => {
    const alert = actionData?.alert;
    if (alert) toast.error(alert.title, { description: alert.description });
  }, [actionData?.alert]);

  const categoryProps = getSelectProps(fields.categoryId);
  const { key: categoryKey, ...categorySelect } = categoryProps;
  const featuredProps = getInputProps(fields.featured, { type: "checkbox" });
  const { key: featuredKey, ...featuredInput } = featuredProps;
  const contentError = fields.content.errors;

  return (
    <>
      <AdminAlertBox alert={actionData?.alert} live={!hydrated}>
        {actionData?.alert?.conflict ? (
          <p className="mt-2">
            <Link reloadDocument to={location.pathname} className="font-semibold underline underline-offset-4">
              Open the latest version
            </Link>
          </p>
        ) : null}
      </AdminAlertBox>
      <Form method="post" id={form.id} onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {mode === "edit" ? <input key={fields.version.key} {...withoutKey(getInputProps(fields.version, { type: "hidden" }))} /> : null}
        <div className="min-w-0 space-y-1 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
          <TextInput
            field={fields.title}
            label="Title"
            maxLength={ARTICLE_LIMITS.title}
            onInput={(event) => {
              if (!slugTouched) form.update({ name: fields.slug.name, value: slugify(event.currentTarget.value) });
            }}
          />
          <TextInput
            field={fields.slug}
            label="Slug"
            maxLength={ARTICLE_LIMITS.slug}
            hint="Lowercase letters, digits and hyphens: the address will be /post/your-slug."
            mono
            onInput={(event) => setSlugTouched(event.currentTarget.value !== "")}
          />

          <div>
            <div className="mb-1.5 flex flex-wrap items-end justify-between gap-2">
              <label htmlFor={fields.content.id} className="text-sm font-medium text-ink">
                Content
              </label>
              <ContentTabs tab={tab} onWrite={() => setTab("write")} onPreview={showPreview} panelIds={["content-write", "content-preview"]} />
            </div>
            <div id="content-write" {...(hydrated ? { role: "tabpanel", "aria-labelledby": "tab-write" } : {})} hidden={tab !== "write"}>
              <textarea
                key={fields.content.key}
                {...withoutKey(getTextareaProps(fields.content))}
                rows={15}
                aria-describedby={`content-hint ${fields.content.errorId}`}
                spellCheck
                className={`${adminInput} font-mono text-sm leading-6`}
              />
            </div>
            {hydrated ? (
              <div
                id="content-preview"
                role="tabpanel"
                aria-labelledby="tab-preview"
                hidden={tab !== "preview"}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus so its content can be read
                tabIndex={0}
                aria-busy={preview.state !== "idle"}
                className="min-h-[22rem] rounded-md border border-line bg-surface p-4 sm:p-6"
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
                  <PreviewBody title={String((form.value as Record<string, unknown> | undefined)?.title ?? "")} html={preview.data.html} />
                ) : null}
              </div>
            ) : null}
            <p id="content-hint" className="pt-1 text-xs text-ink-muted">
              Markdown supported: ## and ### headings, **bold**, *italic*, `code`, fenced code blocks, lists and links.
            </p>
            <AdminFieldError id={fields.content.errorId} errors={contentError} />
          </div>

          <div>
            <label htmlFor={fields.excerpt.id} className="mb-1.5 block text-sm font-medium text-ink">
              Excerpt <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <textarea
              key={fields.excerpt.key}
              {...withoutKey(getTextareaProps(fields.excerpt))}
              rows={3}
              maxLength={ARTICLE_LIMITS.excerpt}
              aria-describedby={`excerpt-hint ${fields.excerpt.errorId}`}
              className={adminInput}
            />
            <p id="excerpt-hint" className="pt-1 text-xs text-ink-muted">
              A sentence or two shown on article cards (at most {ARTICLE_LIMITS.excerpt} characters).
            </p>
            <AdminFieldError id={fields.excerpt.errorId} errors={fields.excerpt.errors} />
          </div>

          {actionData?.preview ? (
            <section aria-labelledby="server-preview-heading" className="rounded-md border border-line bg-surface-sunken p-4 sm:p-6">
              <h2 id="server-preview-heading" className="mb-4 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                Preview
              </h2>
              <PreviewBody title={initialTitle} html={actionData.preview.html} />
            </section>
          ) : null}
        </div>

        <div className="space-y-6">
          <div className="space-y-1 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-6">
            <TextInput
              field={fields.imageUrl}
              label="Image URL"
              optional
              maxLength={ARTICLE_LIMITS.imageUrl}
              inputMode="url"
              hint="https://… or a path on this site, like /images/cover.png."
            />
            <div>
              <label htmlFor={fields.categoryId.id} className="mb-1.5 block text-sm font-medium text-ink">
                Category
              </label>
              <select key={categoryKey} {...categorySelect} aria-describedby={fields.categoryId.errorId} className={`${adminInput} h-10`}>
                <option value="">Select a category</option>
                {categories.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {category.name}
                  </option>
                ))}
              </select>
              <AdminFieldError id={fields.categoryId.errorId} errors={fields.categoryId.errors} />
            </div>
            <div className="flex items-start gap-3 pb-2">
              <input key={featuredKey} {...featuredInput} className="mt-0.5 size-4 shrink-0 rounded border-line-strong accent-brand" />
              <div>
                <label htmlFor={fields.featured.id} className="text-sm font-medium text-ink">
                  Featured
                </label>
                <p className="text-xs text-ink-muted">Show it in the home page's Featured carousel.</p>
              </div>
            </div>
          </div>

          <div className="flex flex-wrap gap-2 lg:flex-col">
            <button
              type="submit"
              className={`${adminButton.primary} lg:w-full`}
              aria-disabled={submitting || undefined}
            >
              {submitting ? (
                <>
                  <Spinner />
                  {mode === "new" ? "Creating..." : "Saving..."}
                </>
              ) : mode === "new" ? (
                "Create Article"
              ) : (
                "Update Article"
              )}
            </button>
            <button type="submit" name="intent" value="preview" formNoValidate className={`${adminButton.secondary} no-js-only lg:w-full`}>
              Preview
            </button>
            <Link to="/admin/dashboard" className={`${adminButton.secondary} lg:w-full`}>
              Cancel
            </Link>
          </div>
        </div>
      </Form>
    </>
  );
}

/** Conform's props carry React's `key`, which must not be spread into JSX. */
function withoutKey<T extends { key?: unknown }>(props: T): Omit<T, "key"> {
  const { key: _key, ...rest } = props;
  return rest;
}

/** The rendered article as the article page shows it: its title and the .prose-article body. */
function PreviewBody({ title, html }: { title: string; html: string }) {
  return (
    <article>
      <h2 className="mb-6 text-3xl font-bold tracking-tight break-words text-ink sm:text-4xl">{title || "Untitled"}</h2>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the markdown pipeline on the server */}
      <div className="prose-article" data-testid="article-preview-body" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

/** Write / Preview tabs (JavaScript only): arrow keys move between them, as a tab list should. */
function ContentTabs({
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
    const toPreview = event.key === "End" || ((event.key === "ArrowRight" || event.key === "ArrowLeft") && tab === "write");
    if (toPreview) {
      onPreview();
      previewRef.current?.focus();
    } else {
      onWrite();
      writeRef.current?.focus();
    }
  }
  const tabClass =
    "rounded-md px-3 py-1 text-sm font-medium text-ink-muted transition-colors hover:text-ink aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm";
  return (
    <div role="tablist" aria-label="Editor view" className="js-only inline-flex gap-1 rounded-lg bg-surface-sunken p-1" onKeyDown={onKeyDown}>
      <button
        ref={writeRef}
        id="tab-write"
        type="button"
        role="tab"
        aria-selected={tab === "write"}
        aria-controls={panelIds[0]}
        tabIndex={tab === "write" ? 0 : -1}
        className={tabClass}
        onClick={onWrite}
      >
        Write
      </button>
      <button
        ref={previewRef}
        id="tab-preview"
        type="button"
        role="tab"
        aria-selected={tab === "preview"}
        aria-controls={panelIds[1]}
        tabIndex={tab === "preview" ? 0 : -1}
        className={tabClass}
        onClick={onPreview}
      >
        Preview
      </button>
    </div>
  );
}

function TextInput({
  field,
  label,
  hint,
  optional,
  mono,
  maxLength,
  inputMode,
  onInput,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  mono?: boolean;
  maxLength: number;
  inputMode?: "url";
  onInput?: (event: FormEvent<HTMLInputElement>) => void;
}) {
  const hintId = useId();
  const { key, ...inputProps } = getInputProps(field, { type: "text" });
  return (
    <div>
      <label htmlFor={field.id} className="mb-1.5 block text-sm font-medium text-ink">
        {label} {optional ? <span className="font-normal text-ink-muted">(optional)</span> : null}
      </label>
      <input
        key={key}
        {...inputProps}
        maxLength={maxLength}
        inputMode={inputMode}
        onInput={onInput}
        aria-describedby={hint ? `${hintId} ${field.errorId}` : field.errorId}
        autoComplete="off"
        spellCheck={!mono}
        className={`${adminInput} h-10 ${mono ? "font-mono" : ""}`}
      />
      {hint ? (
        <p id={hintId} className="pt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      <AdminFieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
