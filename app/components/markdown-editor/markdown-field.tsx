/**
 * A markdown field: the write panel holds `children` (the textarea and anything beside it).
 *
 * Without JavaScript it is the textarea, with the words and reading time of its text when the
 * editor asks for them (`stats`); the form's Preview button renders on the server
 * (ServerPreview). With JavaScript:
 * - Write / Preview tabs, the Preview tab rendering the text through the preview route (both
 *   panels are in the server's HTML, so each tab always controls its panel);
 * - a formatting toolbar and its shortcuts (bold, italic, heading, link, inline code, code block),
 *   HTML pasted from a page or a document becoming Markdown, a URL pasted over a selected text
 *   becoming a link (use-markdown-editing.ts);
 * - on wide screens, the text and its rendering side by side, the rendering following the typing
 *   and the scrolling;
 * - the words and reading time following the typing.
 */
import { type ComponentProps, type ReactNode, type UIEvent, useEffect, useRef } from "react";
import { FieldShell } from "~/components/forms";
import { useHydrated } from "~/components/ui/use-hydrated";
import { EditorStats } from "./editor-stats";
import { type MarkdownPreviewState, PreviewPanel } from "./preview";
import { SideBySideToggle, useSideBySide } from "./side-by-side";
import { ContentTabs } from "./tabs";
import { FormattingToolbar } from "./toolbar";
import { useMarkdownEditing } from "./use-markdown-editing";

/** How long the typing pauses before the side-by-side preview renders again. */
export const LIVE_PREVIEW_DELAY_MS = 400;

export function MarkdownField({
  field,
  label,
  hint,
  name,
  markdown,
  text,
  title,
  previewClassName,
  stats = false,
  toolbar,
  children,
}: {
  field: ComponentProps<typeof FieldShell>["field"];
  label: string;
  hint: ReactNode;
  /** Prefix of the panels' ids: `{name}-write`, `{name}-preview`. */
  name: string;
  markdown: MarkdownPreviewState;
  /** The markdown the Preview tab renders. */
  text: string;
  /** The heading the preview shows above the rendered text. */
  title: string;
  previewClassName: string;
  /** Show the words and reading time of the text (articles). */
  stats?: boolean;
  /** More controls above the text in the write panel, after the formatting toolbar. */
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const editing = useMarkdownEditing(field.id);
  const side = useSideBySide();
  const previewScroll = useRef<HTMLElement>(null);

  // Side by side, the rendering follows the text once the typing pauses.
  const rendered = useRef<string | null>(null);
  const { refresh } = markdown;
  useEffect(() => {
    if (!side.on) {
      rendered.current = null;
      return;
    }
    if (rendered.current === text) return;
    const timer = setTimeout(
      () => {
        rendered.current = text;
        refresh(text);
      },
      rendered.current === null ? 0 : LIVE_PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [side.on, text, refresh]);

  // …and the scrolling: the same share of the rendering as of the text.
  function onScroll(event: UIEvent<HTMLElement>) {
    const source = event.target as HTMLElement;
    const target = previewScroll.current;
    if (!side.on || !target || source.id !== field.id) return;
    const share = source.scrollTop / Math.max(1, source.scrollHeight - source.clientHeight);
    target.scrollTop = share * (target.scrollHeight - target.clientHeight);
  }

  const writeVisible = side.on || markdown.tab === "write";
  return (
    <FieldShell
      field={field}
      label={label}
      hint={hint}
      labelAside={
        <div className="flex flex-wrap items-center gap-2">
          {hydrated && side.available ? <SideBySideToggle on={side.on} onToggle={side.toggle} /> : null}
          {side.on ? null : (
            <ContentTabs
              tab={markdown.tab}
              onWrite={() => markdown.setTab("write")}
              onPreview={() => markdown.showPreview(text)}
              idPrefix={name}
            />
          )}
        </div>
      }
    >
      {/* Key presses, pastes and scrolls of the textarea inside bubble here (use-markdown-editing.ts). */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the handlers serve the textarea inside */}
      <div
        className={side.on ? "grid grid-cols-2 items-stretch gap-4" : undefined}
        onKeyDown={editing.handlers.onKeyDown}
        onPaste={editing.handlers.onPaste}
        onFocus={editing.handlers.onFocus}
        onScrollCapture={onScroll}
      >
        <div
          id={`${name}-write`}
          {...(side.on ? {} : { role: "tabpanel", "aria-labelledby": `${name}-tab-write` })}
          hidden={!writeVisible}
          className="min-w-0"
        >
          <div
            className={`mb-1.5 flex min-h-8 flex-wrap items-center justify-between gap-x-3 gap-y-1 ${stats ? "" : "js-only"}`}
          >
            {hydrated ? (
              <FormattingToolbar controls={field.id} apple={editing.apple} onFormat={editing.format} />
            ) : (
              <span />
            )}
            {stats ? <EditorStats text={text} /> : null}
          </div>
          {toolbar}
          {children}
        </div>
        <PreviewPanel
          id={`${name}-preview`}
          mode={side.on ? "side" : "tab"}
          hidden={markdown.tab !== "preview"}
          labelledBy={`${name}-tab-preview`}
          preview={markdown.preview}
          title={title}
          className={previewClassName}
          scrollRef={previewScroll}
        />
      </div>
    </FieldShell>
  );
}
