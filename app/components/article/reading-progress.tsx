/**
 * A thin bar under the header that fills as the reader scrolls through the article. JavaScript
 * only (it means nothing without scroll tracking) and hidden from screen readers (decoration).
 */
import { type RefObject, useEffect, useRef } from "react";

export function ReadingProgress({ target }: { target: RefObject<HTMLElement | null> }) {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const element = target.current;
      const fill = bar.current;
      if (!element || !fill) return;
      const rect = element.getBoundingClientRect();
      const total = rect.height - window.innerHeight;
      const progress = total <= 0 ? (rect.top <= 0 ? 1 : 0) : Math.min(1, Math.max(0, -rect.top / total));
      fill.style.setProperty("--progress", progress.toFixed(4));
      fill.parentElement?.setAttribute("data-progress", progress.toFixed(2));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    // The article grows when Continue Reading reveals the rest.
    const observer = new ResizeObserver(schedule);
    if (target.current) observer.observe(target.current);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      observer.disconnect();
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [target]);

  return (
    <div
      aria-hidden="true"
      data-testid="reading-progress"
      className="js-only pointer-events-none fixed inset-x-0 top-(--header-height) z-40 h-1 bg-transparent"
    >
      <div ref={bar} className="reading-progress h-full w-full bg-brand" />
    </div>
  );
}
