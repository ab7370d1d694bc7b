/**
 * The rendered side of a markdown editor: the preview state (useMarkdownPreview), the Preview tab's
 * panel or the side-by-side preview (JavaScript), the server's preview under the form (the
 * no-JavaScript Preview button) and the rendered body they all show. Rendering goes through the preview resource route
 * (/admin/articles/preview), the one renderer articles, pages and answers are saved with.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type Ref, useCallback, useState } from "react";
import { useFetcher } from "react-router";
import type { FormAlertData } from "~/components/forms";
import { Spinner } from "~/components/ui/spinner";

export type MarkdownPreviewState = ReturnType<typeof useMarkdownPreview>;
type PreviewFetcher = MarkdownPreviewState["preview"];

/**
 * A markdown field's Write / Preview state: `showPreview` renders `content` on the server and
 * shows it; `refresh` renders it for the side-by-side preview, which is always shown.
 */
export function useMarkdownPreview() {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const preview = useFetcher<{ html?: string; error?: string }>();
  const { submit } = preview;
  // Rendering changes nothing: the page's loaders are not asked again after it.
  const refresh = useCallback(
    (content: string) =>
      void submit({ content }, { method: "post", action: "/admin/articles/preview", defaultShouldRevalidate: false }),
    [submit],
  );
  function showPreview(content: string) {
    setTab("preview");
    refresh(content);
  }
  return { tab, setTab, preview, showPreview, refresh };
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

/**
 * The rendered side of the field (filled with JavaScript): the Preview tab's panel, in the server's
 * HTML too (hidden) so the tab always controls a panel; or, side by side, a region beside the text
 * that scrolls on its own and keeps showing the last rendering while the next one comes.
 */
export function PreviewPanel({
  id,
  mode,
  hidden,
  labelledBy,
  preview,
  title,
  className,
  scrollRef,
}: {
  id: string;
  mode: "tab" | "side";
  hidden: boolean;
  /** The Preview tab's id. */
  labelledBy: string;
  preview: PreviewFetcher;
  title: string;
  className: string;
  scrollRef?: Ref<HTMLElement>;
}) {
  const busy = preview.state !== "idle";
  const html = preview.data?.html;
  const content =
    busy && (mode === "tab" || html === undefined) ? (
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner /> Rendering preview...
      </p>
    ) : preview.data?.error ? (
      <p role="alert" className="text-sm text-danger">
        {preview.data.error}
      </p>
    ) : html !== undefined ? (
      <PreviewBody title={title} html={html} />
    ) : null;
  const box = "rounded-md border border-line bg-surface p-4 sm:p-6";
  if (mode === "side") {
    return (
      <div className={`relative min-w-0 ${className}`}>
        <section
          id={id}
          ref={scrollRef}
          aria-label="Live preview"
          aria-busy={busy}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so keyboards can scroll it
          tabIndex={0}
          className={`absolute inset-0 overflow-y-auto ${box}`}
        >
          {content}
        </section>
      </div>
    );
  }
  return (
    <div
      id={id}
      role="tabpanel"
      aria-labelledby={labelledBy}
      hidden={hidden}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus so its content can be read
      tabIndex={0}
      aria-busy={busy}
      className={`${className} ${box}`}
    >
      {content}
    </div>
  );
}

/**
 * The preview the server rendered for the no-JavaScript Preview button (the action answers with
 * `preview: { html }` and everything typed); nothing when there is none.
 */
export function ServerPreview({
  preview,
  title,
  className = "rounded-md border border-line bg-surface-sunken p-4 sm:p-6",
  headingClassName = "mb-4 text-xs font-semibold tracking-wide text-ink-muted uppercase",
}: {
  preview: { html: string } | null | undefined;
  title: string;
  className?: string;
  headingClassName?: string;
}) {
  if (!preview) return null;
  return (
    <section aria-labelledby="server-preview-heading" className={className}>
      <h2 id="server-preview-heading" className={headingClassName}>
        Preview
      </h2>
      <PreviewBody title={title} html={preview.html} />
    </section>
  );
}

/**
 * What an editor's action answers with when the form comes back: the submission (errors and what
 * was typed), an alert, and the server's preview (the no-JavaScript Preview button).
 */
export type MarkdownEditorActionData<Alert extends FormAlertData = FormAlertData> = {
  result: SubmissionResult<string[]>;
  alert: Alert | null;
  preview: { html: string } | null;
};
