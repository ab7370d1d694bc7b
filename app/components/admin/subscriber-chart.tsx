/**
 * New and lost subscribers per week: an SVG drawn on the server (no script), described for screen
 * readers by its title and a summary, with the numbers as a table (visually hidden) beside it.
 */
import type { WeekChange } from "~/newsletters/subscribers-view";

const WIDTH = 640;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };
const GAINED = "#4338ca";
const LOST = "#dc2626";

/** "2030-01-06" → "6 Jan" (the week's Monday, UTC: the same on the server and in the browser). */
function shortDate(iso: string) {
  const date = new Date(`${iso}T00:00:00Z`);
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(date);
}

export function SubscriberChart({ weeks }: { weeks: WeekChange[] }) {
  const max = Math.max(1, ...weeks.flatMap((w) => [w.gained, w.lost]));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, weeks.length);
  const bar = Math.max(2, slot / 2 - 4);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const gained = weeks.reduce((sum, w) => sum + w.gained, 0);
  const lost = weeks.reduce((sum, w) => sum + w.lost, 0);
  const summary = `Over the last ${weeks.length} weeks: ${gained} new and ${lost} lost subscribers.`;
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="subscriber-chart-title subscriber-chart-desc"
        className="h-auto w-full max-w-3xl"
      >
        <title id="subscriber-chart-title">New and lost subscribers per week</title>
        <desc id="subscriber-chart-desc">{summary} The table that follows gives each week's numbers.</desc>
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#9ca3af" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" fontSize="11" fill="#4b5563">
          {max}
        </text>
        <text x={PAD.left - 6} y={y(0) + 4} textAnchor="end" fontSize="11" fill="#4b5563">
          0
        </text>
        {weeks.map((week, index) => {
          const x = PAD.left + index * slot + slot / 2;
          return (
            <g key={week.week}>
              <rect x={x - bar - 1} y={y(week.gained)} width={bar} height={y(0) - y(week.gained)} fill={GAINED} />
              <rect x={x + 1} y={y(week.lost)} width={bar} height={y(0) - y(week.lost)} fill={LOST} />
              {index % 2 === 0 ? (
                <text x={x} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#4b5563">
                  {shortDate(week.week)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>New and lost subscribers per week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">New</th>
            <th scope="col">Lost</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{shortDate(week.week)}</th>
              <td>{week.gained}</td>
              <td>{week.lost}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* A figure's caption comes first or last (HTML): after the table read to screen readers. */}
      <figcaption className="mt-2 flex gap-4 text-sm text-ink-muted" aria-hidden="true">
        <span>
          <span className="inline-block size-3 rounded-sm align-middle" style={{ background: GAINED }} /> New
        </span>
        <span>
          <span className="inline-block size-3 rounded-sm align-middle" style={{ background: LOST }} /> Lost
        </span>
        <span>{summary}</span>
      </figcaption>
    </figure>
  );
}
