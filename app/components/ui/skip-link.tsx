/** The first focusable element of every page; its target is `<main id="main">`. */
export function SkipLink({ target = "main" }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-[60] rounded-md bg-brand px-4 py-2 font-semibold text-brand-ink shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to main content
    </a>
  );
}
