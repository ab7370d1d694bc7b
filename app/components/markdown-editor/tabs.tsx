/**
 * Write / Preview tabs (JavaScript only: hidden without it, where the form's Preview button
 * renders on the server): arrow keys move between them, as a tab list should. Each tab controls
 * a panel that is in the server's HTML too (`{idPrefix}-write`, `{idPrefix}-preview`).
 */
import { type KeyboardEvent, useRef } from "react";

export function ContentTabs({
  tab,
  onWrite,
  onPreview,
  idPrefix,
}: {
  tab: "write" | "preview";
  onWrite: () => void;
  onPreview: () => void;
  /** The field's prefix: tabs `{idPrefix}-tab-write` / `-tab-preview` control `{idPrefix}-write` / `-preview`. */
  idPrefix: string;
}) {
  const writeRef = useRef<HTMLButtonElement>(null);
  const previewRef = useRef<HTMLButtonElement>(null);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const toPreview =
      event.key === "End" || ((event.key === "ArrowRight" || event.key === "ArrowLeft") && tab === "write");
    if (toPreview) {
      onPreview();
      previewRef.current?.focus();
    } else {
      onWrite();
      writeRef.current?.focus();
    }
  }
  const tabs = [
    { value: "write", label: "Write", ref: writeRef, select: onWrite },
    { value: "preview", label: "Preview", ref: previewRef, select: onPreview },
  ] as const;
  const tabClass =
    "rounded-md px-3 py-1 text-sm font-medium text-ink-muted transition-colors hover:text-ink aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm";
  return (
    <div
      role="tablist"
      aria-label="Editor view"
      className="js-only inline-flex gap-1 rounded-lg bg-surface-sunken p-1"
      onKeyDown={onKeyDown}
    >
      {tabs.map((item) => (
        <button
          key={item.value}
          ref={item.ref}
          id={`${idPrefix}-tab-${item.value}`}
          type="button"
          role="tab"
          aria-selected={tab === item.value}
          aria-controls={`${idPrefix}-${item.value}`}
          tabIndex={tab === item.value ? 0 : -1}
          className={tabClass}
          onClick={item.select}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
