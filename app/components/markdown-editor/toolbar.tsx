/**
 * The formatting toolbar (JavaScript only: it is rendered after hydration, so a page without
 * JavaScript never shows buttons that do nothing). One tab stop; the arrow keys, Home and End
 * move between the buttons (the ARIA toolbar pattern). A button formats the textarea's selection
 * and gives the focus back to the textarea; pressing it with the pointer never takes the focus
 * (or the selection) away from the text.
 */
import { type KeyboardEvent, type ReactNode, useRef, useState } from "react";
import { ariaShortcut, type FormatKind, shortcutLabel } from "./formatting";

const BUTTONS: readonly { kind: FormatKind; label: string; icon: ReactNode }[] = [
  { kind: "bold", label: "Bold", icon: <span className="font-bold">B</span> },
  { kind: "italic", label: "Italic", icon: <span className="font-serif italic">I</span> },
  { kind: "heading", label: "Heading", icon: <span className="font-semibold">H</span> },
  {
    kind: "link",
    label: "Link",
    icon: (
      <Icon>
        <path d="M8.5 11.5a3 3 0 0 0 4.24 0l2.5-2.5a3 3 0 0 0-4.24-4.24l-.75.75" />
        <path d="M11.5 8.5a3 3 0 0 0-4.24 0l-2.5 2.5a3 3 0 0 0 4.24 4.24l.75-.75" />
      </Icon>
    ),
  },
  {
    kind: "code",
    label: "Inline code",
    icon: (
      <Icon>
        <path d="m7 6-4 4 4 4M13 6l4 4-4 4" />
      </Icon>
    ),
  },
  {
    kind: "codeBlock",
    label: "Code block",
    icon: (
      <Icon>
        <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
        <path d="m7 8-2 2 2 2M13 8l2 2-2 2" />
      </Icon>
    ),
  },
];

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.7"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className="size-4"
    >
      {children}
    </svg>
  );
}

export function FormattingToolbar({
  controls,
  apple,
  onFormat,
}: {
  /** The textarea's id. */
  controls: string;
  /** ⌘ rather than Ctrl in the shortcuts' names. */
  apple: boolean;
  onFormat: (kind: FormatKind) => void;
}) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = BUTTONS.length - 1;
    const focused = buttons.current.indexOf(event.target as HTMLButtonElement);
    const current = focused === -1 ? active : focused;
    const next =
      event.key === "ArrowRight"
        ? (current + 1) % BUTTONS.length
        : event.key === "ArrowLeft"
          ? (current + last) % BUTTONS.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap items-center gap-0.5"
      onKeyDown={onKeyDown}
    >
      {BUTTONS.map((button, index) => (
        <button
          key={button.kind}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          aria-label={button.label}
          aria-keyshortcuts={ariaShortcut(button.kind, apple)}
          title={`${button.label} (${shortcutLabel(button.kind, apple)})`}
          tabIndex={index === active ? 0 : -1}
          data-format={button.kind}
          className="inline-flex size-8 items-center justify-center rounded-md text-sm text-ink-muted transition-colors hover:bg-surface-sunken hover:text-ink focus-visible:outline-2 focus-visible:outline-brand"
          // The pointer keeps the focus and the selection in the text.
          onMouseDown={(event) => event.preventDefault()}
          onFocus={() => setActive(index)}
          onClick={() => {
            setActive(index);
            onFormat(button.kind);
          }}
        >
          <span aria-hidden="true" className="inline-flex">
            {button.icon}
          </span>
        </button>
      ))}
    </div>
  );
}
