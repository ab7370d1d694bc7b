/** intent=preview (the no-JavaScript Preview button): the form comes back with the rendered content. */
import { data } from "react-router";
import { renderPreview } from "~/articles/save-article.server";
import type { EditorActionData } from "~/components/admin/article-editor";
import { ARTICLE_LIMITS } from "~/lib/article-schema";
import { typedValues } from "./shared.server";

export async function previewIntent(formData: FormData) {
  const content = formData.get("content");
  const source = typeof content === "string" ? content.slice(0, ARTICLE_LIMITS.content) : "";
  const rendered = await renderPreview(source);
  return data<EditorActionData>({
    result: { initialValue: typedValues(formData) },
    alert: null,
    preview: { html: rendered.html },
  });
}
