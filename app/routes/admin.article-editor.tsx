/**
 * /admin/articles/new and /admin/articles/edit/{id}: one loader, one action, one editor; they
 * differ only by the presence of an id. The action: guard, then an upload (a file chosen in the
 * form: without JavaScript images travel with the form, multipart), a preview (intent=preview,
 * the no-JavaScript Preview button), or parse with the shared schema and save; a refusal keeps
 * what was typed, a save goes to the dashboard with the spec's toast.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import {
  createArticle,
  listCategoryOptions,
  renderPreview,
  type SaveIntent,
  type SaveResult,
  updateArticle,
} from "~/articles/admin-articles.server";
import { discardPendingChanges, type EditorState, getEditorState, unpublishArticle } from "~/articles/editorial.server";
import { describeInZone, isTimeZone, parseLocalDateTime } from "~/lib/zoned-time";
import { editorCapabilities, requireEditableArticle } from "~/articles/article-access.server";
import { submitForReview } from "~/articles/review.server";
import { requirePermission } from "~/auth/guards.server";
import { forbidden } from "~/lib/route-errors";
import { getSiteSettings } from "~/settings/settings.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { ArticleEditor, type EditorActionData, type EditorDefaults } from "~/components/admin/article-editor";
import { EditorialPanel, PendingBanner, ReviewBanner } from "~/components/admin/editorial-panel";
import { FORM_TOASTS } from "~/lib/account-schemas";
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  ARTICLE_TOASTS,
  ArticleSchema,
  toArticleInput,
  VERSION_PATTERN,
} from "~/lib/article-schema";
import { noindexMeta } from "~/lib/seo";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
import { MEDIA_MESSAGES } from "~/media/detect.server";
import { redirectWithToast } from "~/http/toast.server";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.article-editor";
import { MediaError, recentUploads, storeUpload } from "~/media/media.server";
import { chosenFile, readUploadForm } from "~/media/upload-request.server";
import { appendImageMarkdown, EDITOR_UPLOAD_FIELDS } from "~/lib/media";
import { articleEditHref, articleHistoryHref, postHref } from "~/lib/urls";

const notFound = () =>
  redirectWithToast("/admin/dashboard", {
    type: "error",
    title: ARTICLE_TOASTS.fetchFailed,
    description: ARTICLE_TOASTS.notFound,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, "article.write");
  const mode: "new" | "edit" = params.id === undefined ? "new" : "edit";
  const id = mode === "edit" ? parseId(params.id) : null;
  if (mode === "edit" && id === null) throw await notFound();
  const access =
    id === null ? null : await readOrThrow({ request, context }, "article", () => requireEditableArticle(user, id));
  if (id !== null && !access) throw await notFound();
  const [state, categories, uploads] = await readOrThrow(
    { request, context },
    mode === "edit" ? "article" : "categories",
    () => Promise.all([id === null ? null : getEditorState(id), listCategoryOptions(), recentUploads(12)]),
  );
  if (mode === "edit" && !state) throw await notFound();
  const article = id !== null && state ? { id, ...state } : null;
  const recent = uploads.map((upload) => ({
    url: upload.url,
    name: upload.originalName,
    width: upload.width,
    height: upload.height,
  }));
  return {
    mode,
    article,
    categories,
    uploads: recent,
    timeZone: (await getSiteSettings()).timeZone,
    capabilities: access?.capabilities ?? editorCapabilities(user, null),
    review: access ? { submittedAt: access.article.submittedAt, note: access.article.reviewNote } : null,
  };
}

/** Intents that never make anything live (everything else is a publishing save). */
const NON_PUBLISHING_INTENTS = new Set(["draft", "submit", "schedule", "discard", "unpublish", "preview", "upload"]);

/** What was typed, as Conform's initial values (so a re-rendered form keeps it). */
function typedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) if (typeof value === "string" && name !== "intent") values[name] = value;
  return values;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requirePermission(request, "article.write");
  const editing = params.id !== undefined;
  const id = editing ? parseId(params.id) : null;
  if (editing && id === null) return notFound();
  const access = id === null ? null : await requireEditableArticle(admin, id);
  if (id !== null && !access) return notFound();
  const capabilities = access?.capabilities ?? editorCapabilities(admin, null);
  const failed = editing ? ARTICLE_TOASTS.updateFailed : ARTICLE_TOASTS.createFailed;
  // Multipart with room for one image (10.5 MB); a text-only post is read the same way.
  const formData = await readUploadForm(request);
  // A cover picked from the uploads list (without JavaScript the list posts its choice).
  const coverChoice = formData.get(EDITOR_UPLOAD_FIELDS.coverChoice);
  if (typeof coverChoice === "string" && coverChoice !== "") formData.set("imageUrl", coverChoice);
  formData.delete(EDITOR_UPLOAD_FIELDS.coverChoice);

  const contentImage = chosenFile(formData, EDITOR_UPLOAD_FIELDS.contentImage);
  const coverImage = chosenFile(formData, EDITOR_UPLOAD_FIELDS.coverImage);
  if (contentImage || coverImage || formData.get("intent") === "upload") {
    const values = typedValues(formData);
    const keep = (alert: EditorActionData["alert"], status = 200) =>
      data<EditorActionData>({ result: { initialValue: values }, alert, preview: null }, { status });
    if (!contentImage && !coverImage) return keep({ title: "Upload failed", description: MEDIA_MESSAGES.noFile }, 400);
    try {
      const inserted: string[] = [];
      if (contentImage) {
        const { upload } = await storeUpload({
          bytes: new Uint8Array(await contentImage.arrayBuffer()),
          name: contentImage.name,
          userId: admin.id,
        });
        values.content = appendImageMarkdown(values.content ?? "", upload.url, upload.alt);
        inserted.push(`${upload.originalName} was added at the end of the content: describe it between the brackets.`);
      }
      if (coverImage) {
        const { upload } = await storeUpload({
          bytes: new Uint8Array(await coverImage.arrayBuffer()),
          name: coverImage.name,
          userId: admin.id,
        });
        values.imageUrl = upload.url;
        inserted.push(`${upload.originalName} is the cover image.`);
      }
      return keep({
        title: "Image uploaded",
        description: `${inserted.join(" ")} Nothing is saved yet.`,
        tone: "info",
      });
    } catch (error) {
      if (error instanceof MediaError)
        return keep({ title: "Upload failed", description: error.message }, error.status);
      return keep(
        { title: "Upload failed", description: failedWrite({ request, context }, error, "upload failed") },
        500,
      );
    }
  }

  if (formData.get("intent") === "preview") {
    const content = formData.get("content");
    const source = typeof content === "string" ? content.slice(0, ARTICLE_LIMITS.content) : "";
    const rendered = await renderPreview(source);
    return data<EditorActionData>({
      result: { initialValue: typedValues(formData) },
      alert: null,
      preview: { html: rendered.html },
    });
  }

  const intent = formData.get("intent");
  // What this role may not do is refused before anything is read or written (a replayed request
  // of another role changes nothing).
  if (
    (intent === "unpublish" && !capabilities.unpublish) ||
    (intent === "schedule" && !capabilities.schedule) ||
    (intent === "submit" && !capabilities.submit) ||
    // Any other intent saves as "Create Article" / "Update Article" does: it publishes.
    (!NON_PUBLISHING_INTENTS.has(String(intent)) && !capabilities.publish)
  ) {
    throw forbidden();
  }
  if ((intent === "discard" || intent === "unpublish") && id !== null) {
    return editorialAction({ intent, id, userId: admin.id, version: formData.get("version") });
  }

  const submission = parseWithZod(formData, { schema: ArticleSchema });
  if (submission.status !== "success") {
    return data<EditorActionData>(
      { result: submission.reply(), alert: FORM_TOASTS.invalidForm, preview: null },
      { status: 400 },
    );
  }
  const refuse = (
    status: number,
    alert: EditorActionData["alert"],
    result: SubmissionResult<string[]> = submission.reply(),
  ) => data<EditorActionData>({ result, alert, preview: null }, { status });

  // "Create Article" / "Update Article" publish; "Save draft" and "Schedule" are their own intents.
  // "Submit for review" saves a draft, then puts it in the queue.
  const saveIntent: SaveIntent =
    intent === "draft" || intent === "submit" ? "draft" : intent === "schedule" ? "schedule" : "publish";
  const zone = submission.value.timeZone && isTimeZone(submission.value.timeZone) ? submission.value.timeZone : null;
  const timeZone = zone ?? (await getSiteSettings()).timeZone;
  let scheduledAt: Date | null = null;
  if (saveIntent === "schedule") {
    const raw = submission.value.scheduledAt ?? "";
    scheduledAt = raw === "" ? null : parseLocalDateTime(raw, timeZone);
    if (scheduledAt === null) {
      const message = raw === "" ? ARTICLE_MESSAGES.scheduleRequired : ARTICLE_MESSAGES.scheduleInvalid;
      return refuse(
        400,
        { title: failed, description: message },
        submission.reply({ fieldErrors: { scheduledAt: [message] } }),
      );
    }
  }

  let outcome: SaveResult;
  try {
    const input = toArticleInput(submission.value);
    if (id === null) {
      outcome = await createArticle({ userId: admin.id, input, intent: saveIntent, scheduledAt });
    } else {
      const version = submission.value.version;
      if (!version) return refuse(409, { title: failed, description: ARTICLE_MESSAGES.versionInvalid, conflict: true });
      outcome = await updateArticle({ id, userId: admin.id, version, input, intent: saveIntent, scheduledAt });
    }
  } catch (error) {
    return refuse(500, { title: failed, description: failedWrite({ request, context }, error, failed) });
  }

  if (outcome.status === "saved" && intent === "submit") {
    await submitForReview(outcome.id);
    return redirectWithToast(
      articleEditHref(outcome.id),
      { type: "success", title: ARTICLE_TOASTS.submitted, description: ARTICLE_TOASTS.submittedDescription },
      { status: 303 },
    );
  }

  switch (outcome.status) {
    case "saved": {
      const nowNote = outcome.publishedNow ? ARTICLE_TOASTS.publishedNow : undefined;
      switch (outcome.outcome) {
        case "published":
          return redirectWithToast(
            "/admin/dashboard",
            { type: "success", title: editing ? ARTICLE_TOASTS.updated : ARTICLE_TOASTS.created, description: nowNote },
            { status: 303 },
          );
        case "scheduled":
          return redirectWithToast(
            "/admin/dashboard",
            {
              type: "success",
              title: ARTICLE_TOASTS.scheduled,
              description: scheduledAt
                ? `It will be published on ${describeInZone(scheduledAt.toISOString(), timeZone)}.`
                : undefined,
            },
            { status: 303 },
          );
        case "draft":
          return redirectWithToast(
            articleEditHref(outcome.id),
            { type: "success", title: ARTICLE_TOASTS.draftSaved },
            { status: 303 },
          );
        case "staged":
          return redirectWithToast(
            articleEditHref(outcome.id),
            { type: "success", title: ARTICLE_TOASTS.stagedSaved, description: ARTICLE_TOASTS.stagedDescription },
            { status: 303 },
          );
      }
      break;
    }
    case "invalid": {
      const messages = Object.values(outcome.fieldErrors).flat();
      return refuse(
        400,
        { title: failed, description: messages.join(" ") },
        submission.reply({ fieldErrors: outcome.fieldErrors }),
      );
    }
    case "no-author-profile":
      return refuse(403, { title: ARTICLE_TOASTS.noAuthorProfile });
    case "conflict":
      return refuse(409, { title: failed, description: ARTICLE_TOASTS.conflict, conflict: true });
    case "not-found":
      return refuse(404, { title: failed, description: ARTICLE_TOASTS.notFound });
  }
}

/** Discard pending changes / Unpublish: no fields to validate, only the version the form was at. */
async function editorialAction(options: {
  intent: "discard" | "unpublish";
  id: number;
  userId: number;
  version: FormDataEntryValue | null;
}) {
  const editor = articleEditHref(options.id);
  const version = typeof options.version === "string" && VERSION_PATTERN.test(options.version) ? options.version : null;
  const result =
    version === null
      ? ({ status: "conflict" } as const)
      : options.intent === "discard"
        ? await discardPendingChanges({ id: options.id, version, userId: options.userId })
        : await unpublishArticle({ id: options.id, userId: options.userId, version });
  switch (result.status) {
    case "saved":
      return redirectWithToast(
        editor,
        options.intent === "discard"
          ? { type: "success", title: ARTICLE_TOASTS.discarded }
          : { type: "success", title: ARTICLE_TOASTS.unpublished, description: ARTICLE_TOASTS.unpublishedDescription },
        { status: 303 },
      );
    case "not-found":
      return notFound();
    default:
      return redirectWithToast(
        editor,
        { type: "error", title: ARTICLE_TOASTS.updateFailed, description: ARTICLE_TOASTS.conflict },
        { status: 303 },
      );
  }
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  noindexMeta(matches, params.id === undefined ? "New Article" : "Edit Article");

function defaultsFor(article: (EditorState & { id: number }) | null): EditorDefaults {
  if (!article) return { title: "", slug: "", content: "", excerpt: "", imageUrl: "", categoryId: "", featured: false };
  const fields = article.fields;
  return {
    title: fields.title,
    slug: fields.slug,
    content: fields.content,
    excerpt: fields.excerpt ?? "",
    imageUrl: fields.imageUrl ?? "",
    categoryId: fields.categoryId === null ? "" : String(fields.categoryId),
    featured: fields.featured,
    version: article.version,
  };
}

export default function ArticleEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, article, categories, uploads, timeZone, capabilities, review } = loaderData;
  const heading = mode === "new" ? "New Article" : "Edit Article";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title={heading}
        lead={
          article ? (
            <>
              Editing{" "}
              <Link
                to={postHref(article.saved.slug)}
                className="font-mono text-brand underline-offset-4 hover:underline"
              >
                /post/{article.saved.slug}
              </Link>{" "}
              ·{" "}
              <Link to={articleHistoryHref(article.id)} className="text-brand underline-offset-4 hover:underline">
                History and preview links
              </Link>
            </>
          ) : capabilities.publish ? (
            "Write in Markdown; Create Article publishes it at once, Save draft keeps it private."
          ) : (
            "Write in Markdown; Save draft keeps it private, Submit for review sends it to the editors."
          )
        }
      />
      {article ? <PendingBanner article={article} /> : null}
      {review ? <ReviewBanner submittedAt={review.submittedAt} note={review.note} /> : null}
      <div className="mt-8">
        {/* Keyed by article and version: moving to another article or version starts a fresh form. */}
        <ArticleEditor
          key={article ? `${article.id}:${article.version}` : "new"}
          mode={mode}
          categories={categories}
          uploads={uploads}
          defaults={defaultsFor(article)}
          actionData={actionData}
          articleId={article?.id ?? null}
          capabilities={capabilities}
          editorial={
            <EditorialPanel
              canSchedule={capabilities.schedule}
              canUnpublish={capabilities.unpublish}
              status={article?.status ?? null}
              scheduledAt={article?.scheduledAt ?? null}
              publishError={article?.publishError ?? null}
              hasPending={Boolean(article?.pending)}
              timeZone={timeZone}
              scheduleErrors={actionData?.result.error?.scheduledAt ?? undefined}
              typedSchedule={String(actionData?.result.initialValue?.scheduledAt ?? "")}
            />
          }
        />
      </div>
    </div>
  );
}
