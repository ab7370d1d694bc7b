/**
 * The Featured carousel (500px high). Without JavaScript it is a horizontally scrollable row of
 * slides with scroll snapping, and the dots are anchors, so every slide is reachable. With
 * JavaScript it becomes a slider: next/previous buttons, dots, horizontal drag past the spec's
 * threshold (|offset| × velocity > 10000), wrap-around, and auto-advance every 3000 ms that
 * pauses on hover and focus and has a visible pause control.
 */
import { type PointerEvent as ReactPointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatArticleDate, readTimeLabel } from "~/articles/format";
import { type ArticleCardData, FALLBACK_AUTHOR, placeholderImageFor } from "~/lib/article-card";
import { CoverImage } from "../article-card";
import { PauseIcon, PlayIcon } from "./hero";
import { usePrefersReducedMotion } from "./use-reduced-motion";
import { useHydrated } from "~/components/ui/use-hydrated";
import { postHref } from "~/lib/urls";

export const AUTO_ADVANCE_MS = 3000;
export const SWIPE_CONFIDENCE_THRESHOLD = 10_000;
export const CAROUSEL_HEIGHT_PX = 500;

/** How decisively a drag was thrown: distance (px) times signed velocity (px/s). */
export function swipePower(offset: number, velocity: number) {
  return Math.abs(offset) * velocity;
}

/** The slide a drag lands on: -1 (previous), 1 (next) or 0 (stay). */
export function swipeDirection(offset: number, velocity: number): -1 | 0 | 1 {
  const power = swipePower(offset, velocity);
  if (power < -SWIPE_CONFIDENCE_THRESHOLD) return 1;
  if (power > SWIPE_CONFIDENCE_THRESHOLD) return -1;
  return 0;
}

/** Index arithmetic that wraps around in both directions. */
export function wrapIndex(index: number, count: number) {
  return count === 0 ? 0 : ((index % count) + count) % count;
}

const slideId = (index: number) => `featured-slide-${index + 1}`;

type DragState = {
  pointerId: number;
  startX: number;
  startY: number;
  axis: "x" | "y" | null;
  samples: { x: number; t: number }[];
};

/** Velocity over the last ~100 ms of the drag, in px/s. */
function releaseVelocity(samples: DragState["samples"], x: number, t: number) {
  const recent = samples.filter((sample) => t - sample.t <= 100);
  const first = recent[0] ?? samples[samples.length - 1];
  if (!first || t <= first.t) return 0;
  return ((x - first.x) / (t - first.t)) * 1000;
}

export function FeaturedCarousel({ items }: { items: ArticleCardData[] }) {
  const count = items.length;
  const [index, setIndex] = useState(0);
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragOffset, setDragOffset] = useState<number | null>(null);
  const drag = useRef<DragState | null>(null);
  const suppressClick = useRef(false);
  const reducedMotion = usePrefersReducedMotion();

  // Auto-moving content must not start for a reader who asked for less motion.
  useEffect(() => {
    if (reducedMotion) setPlaying(false);
  }, [reducedMotion]);

  const go = (target: number) => setIndex(wrapIndex(target, count));
  const next = useCallback(() => setIndex((current) => wrapIndex(current + 1, count)), [count]);
  const previous = useCallback(() => setIndex((current) => wrapIndex(current - 1, count)), [count]);

  const advancing = hydrated && playing && !hovered && !focused && dragOffset === null && count > 1;
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarted on every slide change, so a manual move gets a full 3 s too
  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(next, AUTO_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, next, index]);

  if (count === 0) return null;

  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (count < 2 || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      axis: null,
      samples: [{ x: event.clientX, t: event.timeStamp }],
    };
    suppressClick.current = false;
  }

  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const state = drag.current;
    if (!state || event.pointerId !== state.pointerId) return;
    const dx = event.clientX - state.startX;
    const dy = event.clientY - state.startY;
    if (state.axis === null) {
      if (Math.abs(dx) < 6 && Math.abs(dy) < 6) return;
      state.axis = Math.abs(dx) > Math.abs(dy) ? "x" : "y";
      if (state.axis === "x") event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (state.axis !== "x") return;
    event.preventDefault();
    suppressClick.current = true;
    state.samples.push({ x: event.clientX, t: event.timeStamp });
    if (state.samples.length > 20) state.samples.splice(0, state.samples.length - 20);
    setDragOffset(dx);
  }

  function onPointerEnd(event: ReactPointerEvent<HTMLDivElement>) {
    const state = drag.current;
    if (!state || event.pointerId !== state.pointerId) return;
    drag.current = null;
    if (state.axis === "x" && event.type === "pointerup") {
      const offset = event.clientX - state.startX;
      const direction = swipeDirection(offset, releaseVelocity(state.samples, event.clientX, event.timeStamp));
      if (direction === 1) next();
      else if (direction === -1) previous();
    }
    setDragOffset(null);
  }

  const trackStyle = hydrated
    ? { transform: `translate3d(calc(${-index * 100}% + ${dragOffset ?? 0}px), 0, 0)` }
    : undefined;

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="featured-carousel-title"
      className="featured-carousel mx-auto max-w-7xl px-4 pt-12 sm:px-6 sm:pt-16"
      onPointerEnter={(event) => event.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-playing={advancing ? "true" : "false"}
    >
      <div className="mb-5 flex items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">Editors&apos; picks</p>
          <h2 id="featured-carousel-title" className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            Featured stories
          </h2>
        </div>
      </div>

      <div
        className={`carousel-viewport relative overflow-hidden rounded-2xl border border-line bg-surface-sunken shadow-sm ${
          dragOffset !== null ? "is-dragging" : ""
        }`}
        style={{ height: CAROUSEL_HEIGHT_PX }}
        data-testid="carousel-viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          if (suppressClick.current) {
            event.preventDefault();
            event.stopPropagation();
            suppressClick.current = false;
          }
        }}
      >
        <div className="carousel-track flex h-full" style={trackStyle} aria-live={advancing ? "off" : "polite"}>
          {items.map((item, i) => (
            <Slide
              key={item.id}
              item={item}
              index={i}
              count={count}
              current={i === index}
              inert={hydrated && i !== index}
            />
          ))}
        </div>
      </div>

      {count > 1 ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <ol aria-label="Choose a slide" className="flex items-center gap-1">
            {items.map((item, i) => (
              <li key={item.id}>
                {/* Without JavaScript the dots are anchors that scroll the slide into view. */}
                <a
                  href={`#${slideId(i)}`}
                  className="no-js-only carousel-dot"
                  aria-label={`Go to slide ${i + 1}: ${item.title}`}
                >
                  <span />
                </a>
                <button
                  type="button"
                  className="js-only carousel-dot"
                  aria-label={`Go to slide ${i + 1}: ${item.title}`}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => go(i)}
                >
                  <span />
                </button>
              </li>
            ))}
          </ol>
          <div className="js-only flex items-center gap-2">
            <button
              type="button"
              className="carousel-control"
              onClick={() => setPlaying((value) => !value)}
              aria-label={playing ? "Pause automatic slide show" : "Start automatic slide show"}
            >
              {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
              <span className="hidden sm:inline">{playing ? "Pause" : "Play"}</span>
            </button>
            <button type="button" className="carousel-control" onClick={previous} aria-label="Previous slide">
              <ArrowIcon direction="left" />
            </button>
            <button type="button" className="carousel-control" onClick={next} aria-label="Next slide">
              <ArrowIcon direction="right" />
            </button>
          </div>
          <p className="no-js-only text-sm text-ink-muted">Scroll sideways or pick a dot to see every story.</p>
        </div>
      ) : null}
    </section>
  );
}

function Slide({
  item,
  index,
  count,
  current,
  inert,
}: {
  item: ArticleCardData;
  index: number;
  count: number;
  current: boolean;
  inert: boolean;
}) {
  const image = item.imageUrl || placeholderImageFor(item.id);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group, not a fieldset
    <div
      id={slideId(index)}
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      aria-current={current ? "true" : undefined}
      inert={inert}
      className="carousel-slide relative h-full w-full shrink-0 overflow-hidden"
    >
      <CoverImage
        src={image}
        loading={index === 0 ? "eager" : "lazy"}
        draggable={false}
        className="absolute inset-0 h-full w-full object-cover select-none"
      />
      <div className="absolute inset-0 bg-gradient-to-t from-black/90 via-black/55 to-black/10" />
      <div className="relative flex h-full flex-col justify-end p-6 text-white sm:p-10 lg:max-w-3xl lg:p-12">
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold tracking-wide text-amber-950 uppercase">
          <StarIcon />
          Featured
        </p>
        <h3 className="mt-4 text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl">
          {item.title}
        </h3>
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-white/85">
          <span className="font-semibold text-white">{item.authorName?.trim() || FALLBACK_AUTHOR}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={item.publishedAt}>{formatArticleDate(item.publishedAt)}</time>
          <span aria-hidden="true">·</span>
          <span>{readTimeLabel(item.readingMinutes)}</span>
        </p>
        {item.excerpt ? (
          <p className="mt-3 line-clamp-3 max-w-2xl text-base text-white/90 sm:text-lg">{item.excerpt}</p>
        ) : null}
        <Link
          to={postHref(item.slug)}
          draggable={false}
          className="mt-6 inline-flex h-11 w-fit items-center gap-2 rounded-md bg-white px-5 text-sm font-semibold text-gray-900 shadow hover:bg-gray-100 focus-visible:outline-white"
        >
          Read Full Story<span className="sr-only">: {item.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </div>
  );
}

function StarIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
      <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
    </svg>
  );
}

function ArrowIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="size-5">
      {direction === "left" ? (
        <path d="M12.5 4.5 7 10l5.5 5.5" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M7.5 4.5 13 10l-5.5 5.5" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}
