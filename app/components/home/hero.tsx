/**
 * The home hero: the tagline, a looping typewriter line (each phrase visible 2 s, hidden 0.5 s)
 * over a background of 50 rays, and the invitation to practise interview questions. Both
 * animations are CSS; they stand still when the reader prefers reduced motion or presses Pause,
 * and while the hero is scrolled out of view (without a GPU the turning rays cost the reader's
 * browser a core of CPU, for nothing once the reader has scrolled on).
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { TAGLINE } from "~/lib/meta";
import { usePrefersReducedMotion } from "./use-reduced-motion";

export const TYPEWRITER_VISIBLE_MS = 2000;
export const TYPEWRITER_HIDDEN_MS = 500;
export const RAY_COUNT = 50;

export const TYPEWRITER_PHRASES = [
  "narratives from modern development.",
  "deep dives into the code we ship.",
  "tutorials that go past hello world.",
  "opinions from people who build.",
] as const;

const MAX_CHARS = Math.max(...TYPEWRITER_PHRASES.map((phrase) => phrase.length));

/** Cycles through the phrases: visible for 2 s, hidden for 0.5 s, forever (unless stopped). */
function useTypewriter(phraseCount: number, running: boolean) {
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!running) {
      setVisible(true);
      return;
    }
    const timer = window.setTimeout(
      () => {
        if (visible) setVisible(false);
        else {
          setIndex((current) => (current + 1) % phraseCount);
          setVisible(true);
        }
      },
      visible ? TYPEWRITER_VISIBLE_MS : TYPEWRITER_HIDDEN_MS,
    );
    return () => window.clearTimeout(timer);
  }, [visible, running, phraseCount]);
  return { index, visible };
}

function Rays() {
  return (
    <div aria-hidden="true" className="hero-rays pointer-events-none absolute inset-0 overflow-hidden">
      <div className="hero-rays-wheel">
        {Array.from({ length: RAY_COUNT }, (_, i) => (
          <span
            key={i}
            className="hero-ray"
            style={
              {
                "--ray-angle": `${(360 / RAY_COUNT) * i}deg`,
                "--ray-shade": String((i % 10) / 9),
              } as React.CSSProperties
            }
          />
        ))}
      </div>
    </div>
  );
}

/** Whether the element is at least partly in the viewport (true until the browser says otherwise). */
function useOnScreen(ref: React.RefObject<HTMLElement | null>) {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

export function Hero() {
  const heroRef = useRef<HTMLElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const onScreen = useOnScreen(heroRef);
  const running = !reducedMotion && !paused && onScreen;
  const { index, visible } = useTypewriter(TYPEWRITER_PHRASES.length, running);
  const phrase = TYPEWRITER_PHRASES[index] ?? TYPEWRITER_PHRASES[0];

  return (
    <section
      ref={heroRef}
      aria-labelledby="hero-title"
      className={`hero relative isolate overflow-hidden border-b border-line ${running ? "" : "hero-still"}`}
      data-animating={running ? "true" : "false"}
    >
      <Rays />
      <div className="relative mx-auto flex max-w-7xl flex-col items-center px-4 py-20 text-center sm:px-6 sm:py-28">
        <p className="inline-flex items-center gap-2 rounded-full border border-line bg-surface/80 px-3 py-1 text-xs font-semibold tracking-wider text-brand uppercase backdrop-blur">
          A publication for developers
        </p>
        <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-6xl">
          {TAGLINE}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-muted sm:text-xl">
          Stories, not just syntax<span className="sr-only">: {TYPEWRITER_PHRASES.join(" ")}</span>
        </p>
        <p
          aria-hidden="true"
          data-testid="typewriter"
          data-visible={visible ? "true" : "false"}
          className="typewriter-line mt-3 font-mono text-[0.8125rem] font-semibold text-brand sm:text-lg"
          style={{ "--max-chars": MAX_CHARS } as React.CSSProperties}
        >
          <span
            key={`${index}-${visible}`}
            className={`typewriter-text ${visible ? "" : "typewriter-hidden"}`}
            style={{ "--chars": phrase.length } as React.CSSProperties}
          >
            {phrase}
          </span>
          <span className="typewriter-caret" />
        </p>
        <div className="mt-9 flex flex-wrap items-center justify-center gap-3">
          <a
            href="#recent-articles"
            className="inline-flex h-12 items-center justify-center rounded-md bg-brand px-6 text-sm font-semibold text-brand-ink shadow-sm hover:bg-brand-hover"
          >
            Start reading
          </a>
          <Link
            to="/interview-prep"
            className="inline-flex h-12 items-center justify-center gap-2 rounded-md border border-line bg-surface-raised/90 px-6 text-sm font-semibold text-ink shadow-sm backdrop-blur hover:bg-surface-sunken"
          >
            Practise interview questions
            <span aria-hidden="true">→</span>
          </Link>
        </div>
      </div>
      {reducedMotion ? null : (
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          className="js-only absolute right-3 bottom-3 inline-flex h-9 items-center gap-1.5 rounded-full border border-line bg-surface/85 px-3 text-xs font-medium text-ink-muted backdrop-blur hover:text-ink"
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
          {paused ? "Play animation" : "Pause animation"}
        </button>
      )}
    </section>
  );
}

export function PauseIcon({ className = "size-3.5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" className={className}>
      <rect x="3.5" y="2.5" width="3" height="11" rx="1" />
      <rect x="9.5" y="2.5" width="3" height="11" rx="1" />
    </svg>
  );
}

export function PlayIcon({ className = "size-3.5" }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" className={className}>
      <path d="M4.5 2.8v10.4a.8.8 0 0 0 1.2.7l8.3-5.2a.8.8 0 0 0 0-1.4L5.7 2.1a.8.8 0 0 0-1.2.7Z" />
    </svg>
  );
}
