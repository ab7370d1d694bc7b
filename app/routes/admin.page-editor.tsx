/**
 * /admin/pages/:slug: edit a site page's title and markdown (rendered at save), with a preview.
 * Administrators only (pages.manage); a save is audited and clears the page's cached copy.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { AdminPageHeader } from "~/components/admin/admin-shell";
import { PageEditor } from "~/components/pages/page-editor";
import { textLinkClass } from "~/components/ui/button";
import { readForm } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { FORM_TOASTS } from "~/lib/account-schemas";
import { PageSchema } from "~/lib/page-schema";
import { notFound } from "~/lib/route-errors";
import { noindexMeta } from "~/lib/seo";
import { sitePageHref } from "~/lib/site-pages";
import { renderMarkdown } from "~/markdown/markdown.server";
import { getPageSource, savePage } from "~/pages/pages.server";
import { mathStylesheetLinks } from "~/components/article/math-stylesheet";
import type { Route } from "./+types/admin.page-editor";

/** The preview may show formulas: KaTeX's stylesheet (articles load it only when they have math). */
export const links: Route.LinksFunction = mathStylesheetLinks;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "pages.manage");
  const page = await getPageSource(params.slug);
  if (!page) throw notFound("page");
  return { page };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, "pages.manage");
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: PageSchema });
  if (form.get("intent") === "preview") {
    const content = form.get("content");
    const html = typeof content === "string" ? (await renderMarkdown(content)).html : "";
    return data({ result: submission.reply(), alert: null, preview: { html } });
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), alert: FORM_TOASTS.invalidForm, preview: null }, { status: 400 });
  }
  if (!(await savePage(user, params.slug, submission.value))) throw notFound("page");
  return redirectWithToast(
    "/admin/pages",
    { type: "success", title: "Page saved", description: submission.value.title },
    { status: 303 },
  );
}

export default function AdminPageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8 2xl:max-w-7xl">
      <AdminPageHeader
        title={`Edit ${page.title}`}
        lead={
          <>
            Shown at{" "}
            <a href={sitePageHref(page.slug)} className={textLinkClass}>
              {sitePageHref(page.slug)}
            </a>
          </>
        }
      />
      <PageEditor defaults={{ title: page.title, content: page.content }} actionData={actionData} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Edit page");
