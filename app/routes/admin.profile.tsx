/**
 * /admin/profile: the signed-in staff member's own author profile (profile.edit-own), created on
 * first save. /admin/authors/{id}: an administrator edits any author's profile (people.manage).
 * One loader, one action, one form; an uploaded avatar is stored by the media library and its
 * /media/… address saved as the avatar URL.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { getAuthor, getProfileForUser, saveOwnProfile, updateAuthor } from "~/authors/authors.server";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { type AuthorProfileActionData, AuthorProfileForm } from "~/components/admin/author-profile-form";
import { textLinkClass } from "~/components/ui/button";
import { failedWrite, readOrThrow } from "~/http/route-errors.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { AUTHOR_TOASTS, AuthorProfileSchema, AVATAR_FILE_FIELD } from "~/lib/author-schema";
import { noindexMeta } from "~/lib/seo";
import { MediaError, storeUpload } from "~/media/media.server";
import { chosenFile, readUploadForm } from "~/http/actions/upload-request.server";
import { parseId } from "~/lib/ids";
import type { Route } from "./+types/admin.profile";
import { authorHref } from "~/lib/urls";

const missing = () =>
  redirectWithToast("/admin/authors", { type: "error", title: AUTHOR_TOASTS.notFound }, { status: 303 });

/** Whose profile this page edits: the signed-in person's own, or (administrators) author {id}. */
async function guard(request: Request, idParam: string | undefined) {
  if (idParam === undefined) {
    const user = await requirePermission(request, "profile.edit-own");
    return { user, authorId: null };
  }
  const user = await requirePermission(request, "people.manage");
  const authorId = parseId(idParam);
  if (authorId === null) throw await missing();
  return { user, authorId };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, authorId } = await guard(request, params.id);
  const profile = await readOrThrow({ request, context }, "articles", () =>
    authorId === null ? getProfileForUser(user.id) : getAuthor(authorId),
  );
  if (authorId !== null && !profile) throw await missing();
  return { own: authorId === null, profile, suggestedName: user.fullName };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, authorId } = await guard(request, params.id);
  const formData = await readUploadForm(request);
  const file = chosenFile(formData, AVATAR_FILE_FIELD);
  formData.delete(AVATAR_FILE_FIELD);
  const submission = parseWithZod(formData, { schema: AuthorProfileSchema });
  const refuse = (status: number, alert: AuthorProfileActionData["alert"], result = submission.reply()) =>
    data<AuthorProfileActionData>({ result, alert }, { status });
  if (submission.status !== "success") return refuse(400, FORM_TOASTS.invalidForm);
  const values = { ...submission.value };
  if (file) {
    try {
      const { upload } = await storeUpload({
        bytes: new Uint8Array(await file.arrayBuffer()),
        name: file.name,
        userId: user.id,
      });
      values.avatarUrl = upload.url;
    } catch (error) {
      const message =
        error instanceof MediaError ? error.message : failedWrite({ request, context }, error, "avatar upload failed");
      return refuse(
        error instanceof MediaError ? error.status : 500,
        { title: AUTHOR_TOASTS.uploadFailed, description: message },
        submission.reply({ fieldErrors: { avatarUrl: [message] } }),
      );
    }
  }
  try {
    const saved = authorId === null ? await saveOwnProfile(user, values) : await updateAuthor(user, authorId, values);
    if (!saved) return missing();
    return redirectWithToast(
      authorId === null ? "/admin/profile" : "/admin/authors",
      { type: "success", title: AUTHOR_TOASTS.saved, description: `${saved.name}: /author/${saved.slug}` },
      { status: 303 },
    );
  } catch (error) {
    return refuse(500, {
      title: AUTHOR_TOASTS.saveFailed,
      description: failedWrite({ request, context }, error, "author profile save failed"),
    });
  }
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  noindexMeta(matches, params.id === undefined ? "Your Profile" : "Edit Author");

export default function AuthorProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { own, profile, suggestedName } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      <AdminPageHeader
        title={own ? "Your Profile" : "Edit Author"}
        lead={
          profile ? (
            <>
              Public page:{" "}
              <Link to={authorHref(profile.slug)} className="font-mono text-brand underline-offset-4 hover:underline">
                /author/{profile.slug}
              </Link>
              {own ? null : (
                <>
                  {" "}
                  ·{" "}
                  <Link to="/admin/authors" className={textLinkClass}>
                    All authors
                  </Link>
                </>
              )}
            </>
          ) : (
            "You have no author profile yet: saving this form creates it, with a public page of your articles."
          )
        }
      />
      <div className="mt-8">
        <AuthorProfileForm
          key={profile ? `${profile.id}:${profile.name}:${profile.avatarUrl}` : "new"}
          defaults={{
            name: profile?.name ?? suggestedName,
            bio: profile?.bio ?? "",
            avatarUrl: profile?.avatarUrl ?? "",
          }}
          actionData={actionData}
        />
      </div>
    </div>
  );
}
