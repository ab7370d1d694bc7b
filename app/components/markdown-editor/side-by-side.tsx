/**
 * The side-by-side preview's switch (JavaScript, wide screens only): on a screen at least
 * WIDE_SCREEN wide the text and its rendering sit side by side, the rendering following the text
 * as it is typed. The writer can turn it off; this browser remembers the choice.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

/** Tailwind's 2xl: wide enough for two readable columns beside the editor's side panel. */
export const WIDE_SCREEN = "(min-width: 96rem)";
const STORAGE_KEY = "devperspective:editor-side-by-side";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function useSideBySide() {
  const wide = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => false,
  );
  const [preferred, setPreferred] = useState(true);
  useEffect(() => {
    try {
      if (window.localStorage.getItem(STORAGE_KEY) === "off") setPreferred(false);
    } catch {
      // Storage refused (private browsing): the default stands.
    }
  }, []);
  const toggle = useCallback(() => {
    setPreferred((on) => {
      try {
        window.localStorage.setItem(STORAGE_KEY, on ? "off" : "on");
      } catch {
        // Not remembered, but switched.
      }
      return !on;
    });
  }, []);
  return { available: wide, on: wide && preferred, toggle };
}

export function SideBySideToggle({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      onClick={onToggle}
      className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-sm font-medium text-ink-muted transition-colors hover:text-ink aria-pressed:bg-surface-sunken aria-pressed:text-ink"
    >
      <svg
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        aria-hidden="true"
        className="size-4"
      >
        <rect x="2.5" y="3.5" width="15" height="13" rx="1.5" />
        <path d="M10 3.5v13" />
      </svg>
      Side by side
    </button>
  );
}
