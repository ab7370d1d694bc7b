/** A small busy indicator. Decorative: the text beside it ("Saving...") is what is announced. */
export function Spinner({ className = "size-4" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className={`${className} animate-spin`}>
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A spinner with its words beside it ("Searching…"), for a list being refreshed in place. */
export function BusyText({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-ink-muted">
      <Spinner />
      {children}…
    </span>
  );
}
