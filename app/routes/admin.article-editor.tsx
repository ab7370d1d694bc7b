/**
 * /admin/articles/new and /admin/articles/edit/{id}: one loader, one action, one editor; they
 * differ only by the presence of an id. The action: guard, then one module per intent
 * (./admin.article-editor/): an upload (a file chosen in the form: without JavaScript images
 * travel with the form, multipart), a preview (the no-JavaScript Preview button), discard or
 * unpublish, or a save (publish, draft, schedule, submit for review); a refusal keeps what was
 * typed, a save goes to the dashboard with the spec's toast.
 */
import { Link } from "react-router";
import { listCategoryOptions } from "~/articles/admin-articles.server";
import { editorCapabilities, requireEditableArticle } from "~/articles/article-access.server";
import { type EditorState, getEditorState } from "~/articles/pending-changes.server";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { ArticleEditor, type EditorDefaults } from "~/components/admin/article-editor";
import { EditorialPanel, PendingBanner, ReviewBanner } from "~/components/admin/editorial-panel";
import { readOrThrow } from "~/http/route-errors.server";
import { parseId } from "~/lib/ids";
import { EDITOR_UPLOAD_FIELDS } from "~/lib/media";
import { forbidden } from "~/lib/route-errors";
import { noindexMeta } from "~/lib/seo";
import { articleHistoryHref, postHref } from "~/lib/urls";
import { recentUploads } from "~/media/media.server";
import { listSeriesOptions } from "~/taxonomy/series.server";
import { tagSuggestions } from "~/taxonomy/tags.server";
import { tagFieldText } from "~/lib/tag-names";
import { readUploadForm } from "~/http/actions/upload-request.server";
import { getSiteSettings } from "~/settings/settings.server";
import { mathStylesheetLinks } from "~/components/article/math-stylesheet";
import type { Route } from "./+types/admin.article-editor";
import { editorialIntent } from "./admin.article-editor/editorial.server";
import { previewIntent } from "./admin.article-editor/preview.server";
import { saveIntent } from "./admin.article-editor/save.server";
import { editorNotFound } from "./admin.article-editor/shared.server";
import { uploadIntent } from "./admin.article-editor/upload.server";
import { newsletterTestIntent } from "./admin.article-editor/newsletter-test.server";
import { NEWSLETTER_FIELDS, NewsletterFields } from "~/components/admin/newsletter-fields";
import { articleMailCounts } from "~/newsletters/subscribers-admin.server";

/** The preview may show formulas: KaTeX's stylesheet (articles load it only when they have math). */
export const links: Route.LinksFunction = mathStylesheetLinks;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, "article.write");
  const mode: "new" | "edit" = params.id === undefined ? "new" : "edit";
  const id = mode === "edit" ? parseId(params.id) : null;
  if (mode === "edit" && id === null) throw await editorNotFound();
  const access =
    id === null ? null : await readOrThrow({ request, context }, "article", () => requireEditableArticle(user, id));
  if (id !== null && !access) throw await editorNotFound();
  const [state, categories, uploads, tags, series] = await readOrThrow(
    { request, context },
    mode === "edit" ? "article" : "categories",
    () =>
      Promise.all([
        id === null ? null : getEditorState(id),
        listCategoryOptions(),
        recentUploads(12),
        tagSuggestions(),
        listSeriesOptions(),
      ]),
  );
  if (mode === "edit" && !state) throw await editorNotFound();
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
    taxonomy: { tags, series },
    uploads: recent,
    timeZone: (await getSiteSettings()).timeZone,
    capabilities: access?.capabilities ?? editorCapabilities(user, null),
    review: access ? { submittedAt: access.article.submittedAt, note: access.article.reviewNote } : null,
    newsletter: id === null ? null : await articleMailCounts(id),
  };
}

/** Intents that never make anything live (everything else is a publishing save). */
const NON_PUBLISHING_INTENTS = new Set(["draft", "submit", "schedule", "discard", "unpublish", "preview", "upload"]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(request, "article.write");
  const editing = params.id !== undefined;
  const id = editing ? parseId(params.id) : null;
  if (editing && id === null) return editorNotFound();
  const access = id === null ? null : await requireEditableArticle(user, id);
  if (id !== null && !access) return editorNotFound();
  const editor = { request, context, user, id, capabilities: access?.capabilities ?? editorCapabilities(user, null) };
  // Multipart with room for one image (10.5 MB); a text-only post is read the same way.
  const formData = await readUploadForm(request);
  // A cover picked from the uploads list (without JavaScript the list posts its choice).
  const coverChoice = formData.get(EDITOR_UPLOAD_FIELDS.coverChoice);
  if (typeof coverChoice === "string" && coverChoice !== "") formData.set("imageUrl", coverChoice);
  formData.delete(EDITOR_UPLOAD_FIELDS.coverChoice);

  const uploaded = await uploadIntent(formData, editor);
  if (uploaded) return uploaded;
  const intent = formData.get("intent");
  if (intent === "preview") return previewIntent(formData);
  if (intent === "newsletter-test") return newsletterTestIntent(formData, editor);
  // What this role may not do is refused before anything is read or written (a replayed request
  // of another role changes nothing).
  const { capabilities } = editor;
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
    return editorialIntent({ intent, id, userId: user.id, version: formData.get("version") });
  }
  return saveIntent(formData, editor);
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  noindexMeta(matches, params.id === undefined ? "New Article" : "Edit Article");

function defaultsFor(article: (EditorState & { id: number }) | null): EditorDefaults {
  if (!article)
    return {
      title: "",
      slug: "",
      content: "",
      excerpt: "",
      imageUrl: "",
      canonicalUrl: "",
      categoryId: "",
      featured: false,
      tags: "",
      seriesId: "",
    };
  const fields = article.fields;
  return {
    title: fields.title,
    slug: fields.slug,
    content: fields.content,
    excerpt: fields.excerpt ?? "",
    imageUrl: fields.imageUrl ?? "",
    canonicalUrl: fields.canonicalUrl ?? "",
    categoryId: fields.categoryId === null ? "" : String(fields.categoryId),
    featured: fields.featured,
    tags: tagFieldText(fields.tags ?? []),
    seriesId: fields.seriesId ? String(fields.seriesId) : "",
    version: article.version,
  };
}

export default function ArticleEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, article, categories, taxonomy, uploads, timeZone, capabilities, review, newsletter } = loaderData;
  const typed = actionData?.result.initialValue;
  const heading = mode === "new" ? "New Article" : "Edit Article";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8 2xl:max-w-[100rem]">
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
          taxonomy={taxonomy}
          uploads={uploads}
          defaults={defaultsFor(article)}
          actionData={actionData}
          articleId={article?.id ?? null}
          capabilities={capabilities}
          editorial={
            <>
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
              <NewsletterFields
                counts={newsletter}
                typedSkip={typed?.[NEWSLETTER_FIELDS.choice] ? Boolean(typed[NEWSLETTER_FIELDS.skip]) : undefined}
              />
            </>
          }
        />
      </div>
    </div>
  );
}
