/**
 * /admin/media: the media library. Uploads newest first (24 a page), searchable by file name
 * (?q=&page=), each with its thumbnail, size, dimensions and the articles using it; upload (a
 * plain multipart form to /admin/media/upload) and delete (refused, with the articles, while the
 * image is in use). Everything works without JavaScript.
 */
import { data, Link, useLocation } from "react-router";
import { recordAudit } from "~/audit/audit.server";
import { requirePermission } from "~/auth/guards.server";
import { can } from "~/auth/permissions";
import { AdminPageHeader, AdminSection } from "~/components/admin/admin-shell";
import { ImageFileInput } from "~/components/admin/image-fields";
import { controlClass } from "~/components/forms";
import { buttonClass, textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { noindexMeta } from "~/lib/seo";
import { MEDIA_MESSAGES } from "~/media/detect.server";
import { deleteUpload, listLibrary } from "~/media/media.server";
import { formatBytes, MAX_UPLOAD_MB } from "~/lib/media";
import { adminReturnPath } from "~/http/actions/admin-session.server";
import type { Route } from "./+types/admin.media";
import { articleEditHref, mediaLibraryHref } from "~/lib/urls";
import { EmptyList, ListPagination, RowActionForm, SearchListPanel } from "~/components/admin/list-kit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(request, "media.upload");
  const url = new URL(request.url);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const library = await readOrThrow({ request, context }, "articles", () =>
    listLibrary({ query: url.searchParams.get("q"), page: Number.isFinite(page) ? page : 1 }),
  );
  return { library, canDelete: can(user.role, "media.delete") };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "media.delete");
  const form = await readForm(request);
  const back = adminReturnPath(form.get("returnTo"), "/admin/media");
  const id = Number(form.get("id"));
  if (form.get("intent") !== "delete" || !Number.isInteger(id) || id <= 0) {
    throw data("Bad Request", { status: 400 });
  }
  const outcome = await deleteUpload(id);
  switch (outcome.status) {
    case "deleted":
      await recordAudit(user, {
        kind: "media",
        action: "deleted",
        targetId: id,
        summary: `Deleted image ${outcome.name}`,
      });
      return redirectWithToast(
        back,
        { type: "success", title: "Image deleted", description: outcome.name },
        { status: 303 },
      );
    case "in-use":
      return redirectWithToast(
        back,
        {
          type: "error",
          title: "Image in use",
          description: MEDIA_MESSAGES.inUse(outcome.usedBy.map((article) => article.title)).slice(0, 500),
        },
        { status: 303 },
      );
    case "not-found":
      return redirectWithToast(
        back,
        { type: "error", title: "Image not found", description: MEDIA_MESSAGES.notFound },
        { status: 303 },
      );
  }
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Media Library");

export default function MediaLibrary({ loaderData }: Route.ComponentProps) {
  const { library, canDelete } = loaderData;
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader title="Media Library" lead="Images uploaded for articles: insert them by their URL." />

      <AdminSection id="upload-heading" title="Upload an image">
        <form
          method="post"
          action="/admin/media/upload"
          encType="multipart/form-data"
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <input type="hidden" name="returnTo" value={returnPath} />
          <div>
            <ImageFileInput
              id="media-file"
              name="file"
              label="Image file"
              labelClassName="block text-sm font-medium text-ink"
              hintId="media-file-hint"
              required
              className="mt-1 block text-sm text-ink"
            />
          </div>
          <div className="min-w-48 flex-1">
            <label htmlFor="media-alt" className="block text-sm font-medium text-ink">
              Alt text <span className="font-normal text-ink-muted">(optional)</span>
            </label>
            <input id="media-alt" name="alt" maxLength={500} className={`${controlClass} mt-1 h-10`} />
          </div>
          <button type="submit" className={buttonClass()}>
            Upload
          </button>
        </form>
        <p id="media-file-hint" className="mt-2 text-xs text-ink-muted">
          PNG, JPEG, WebP, AVIF or GIF, up to {MAX_UPLOAD_MB} MB. Location and camera data are removed.
        </p>
      </AdminSection>

      <SearchListPanel
        id="uploads-heading"
        title={`Uploads (${library.total})`}
        className="mt-8"
        search={{
          action: mediaLibraryHref(""),
          name: "Uploads",
          id: "media-q",
          label: "Search by file name",
          placeholder: "Search by file name...",
          query: library.query,
          maxLength: 200,
        }}
        matches={{ count: library.total, one: "upload matches", many: "uploads match" }}
      >
        {library.items.length === 0 ? (
          <EmptyList title={library.query ? "No uploads found" : "No uploads yet"} />
        ) : (
          <ul className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6 lg:grid-cols-3">
            {library.items.map((item) => {
              const thumb = item.variants.find((variant) => variant.format === "webp") ?? null;
              return (
                <li key={item.id} className="flex flex-col rounded-lg border border-line" data-testid="media-item">
                  <img
                    src={thumb?.url ?? item.url}
                    alt={item.alt ?? ""}
                    width={item.width}
                    height={item.height}
                    loading="lazy"
                    decoding="async"
                    className="aspect-video w-full rounded-t-lg bg-surface-sunken object-contain"
                  />
                  <div className="flex flex-1 flex-col gap-1 p-3 text-sm">
                    <p className="font-medium break-all text-ink">{item.originalName}</p>
                    <p className="text-ink-muted">
                      {formatBytes(item.bytes)} · {item.width} × {item.height}
                    </p>
                    <p className="font-mono text-xs break-all text-ink-muted">{item.url}</p>
                    <p className="text-ink-muted">
                      {item.usedBy.length === 0 ? (
                        "Not used"
                      ) : (
                        <>
                          Used by{" "}
                          {item.usedBy.map((article, index) => (
                            <span key={article.id}>
                              {index > 0 ? ", " : ""}
                              <Link to={articleEditHref(article.id)} className={textLinkClass}>
                                {article.title}
                              </Link>
                            </span>
                          ))}
                        </>
                      )}
                    </p>
                    {canDelete ? (
                      <RowActionForm
                        reloadDocument
                        className="mt-auto pt-2"
                        fields={{ intent: "delete", id: item.id, returnTo: returnPath }}
                        variant="destructive-outline"
                        label={`Delete ${item.originalName}`}
                      >
                        Delete
                      </RowActionForm>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <ListPagination
          page={library.page}
          pageCount={library.pageCount}
          hrefFor={(n) => mediaLibraryHref(library.query, n)}
        />
      </SearchListPanel>
    </div>
  );
}
