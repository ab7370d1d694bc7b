/**
 * Wall-clock times in a named time zone, for the schedule field (an `<input type="datetime-local">`
 * has no zone: the server reads it in the zone the form names: the browser's with JavaScript,
 * TIME_ZONE without). Pure code: the browser and the server share it.
 */

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

export function isTimeZone(value: string): boolean {
  if (value === "" || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of `instant` in `timeZone`. */
function wallClock(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** Minutes `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string) {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * "2030-01-31T09:00" read as a wall-clock time in `timeZone`; null when it is not a valid date
 * and time. A time skipped by a daylight-saving change is read with the offset before it.
 */
export function parseLocalDateTime(value: string, timeZone: string): Date | null {
  const match = LOCAL_PATTERN.exec(value.trim());
  if (!match || !isTimeZone(timeZone)) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  if (year! < 1970 || year! > 9999 || month! < 1 || month! > 12 || day! < 1 || day! > 31) return null;
  if (hour! > 23 || minute! > 59 || second! > 59) return null;
  const guess = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const check = new Date(guess);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month! - 1) return null; // 31 February
  const first = guess - offsetAt(guess, timeZone);
  const second_ = guess - offsetAt(first, timeZone);
  return new Date(second_);
}

/** An instant as the value of a datetime-local field in `timeZone` ("2030-01-31T09:00"). */
export function formatLocalDateTime(iso: string, timeZone: string): string {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant) || !isTimeZone(timeZone)) return "";
  const w = wallClock(instant, timeZone);
  const pad = (value: number, size = 2) => String(value).padStart(size, "0");
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** An instant for people: "31 Jan 2030, 09:00 (Europe/Paris)". */
export function describeInZone(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime()) || !isTimeZone(timeZone)) return iso;
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return `${text} (${timeZone})`;
}
