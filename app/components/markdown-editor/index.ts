/**
 * The markdown editor pieces the article, page and question editors share: the field with its
 * Write / Preview tabs, formatting toolbar and shortcuts, HTML paste, side-by-side live preview
 * and word count (and a slot for more controls), the preview state and panels, the image paste
 * and drop handling, and the editor's Preview / Cancel buttons.
 */
export { CancelLink, NoScriptPreviewButton } from "./editor-actions";
export { MarkdownField } from "./markdown-field";
export {
  type MarkdownEditorActionData,
  type MarkdownPreviewState,
  PreviewBody,
  PreviewPanel,
  ServerPreview,
  useMarkdownPreview,
} from "./preview";
export { ContentTabs } from "./tabs";
export { useImageDrop } from "./use-image-drop";
