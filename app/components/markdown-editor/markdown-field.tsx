/**
 * A markdown field with Write / Preview tabs: the write panel holds `children` (the textarea and
 * anything beside it), under an optional `toolbar`; with JavaScript, Preview renders the text
 * through the preview route. Without JavaScript there is only the write panel (the form's Preview
 * button renders on the server: ServerPreview).
 */
import type { ComponentProps, ReactNode } from "react";
import { FieldShell } from "~/components/forms";
import { useHydrated } from "~/components/ui/use-hydrated";
import { type MarkdownPreviewState, PreviewPanel } from "./preview";
import { ContentTabs } from "./tabs";

export function MarkdownField({
  field,
  label,
  hint,
  name,
  markdown,
  text,
  title,
  previewClassName,
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
  /** Controls shown above the text in the write panel (formatting buttons, when an editor has them). */
  toolbar?: ReactNode;
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
        {toolbar}
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
