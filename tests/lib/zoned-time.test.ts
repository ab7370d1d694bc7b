import { describe, expect, it } from "vitest";
import { describeInZone, formatLocalDateTime, isTimeZone, parseLocalDateTime } from "~/lib/zoned-time";

describe("schedule times in a named zone", () => {
  it("reads a datetime-local value as wall-clock time in the zone", () => {
    expect(parseLocalDateTime("2030-01-31T09:00", "UTC")?.toISOString()).toBe("2030-01-31T09:00:00.000Z");
    expect(parseLocalDateTime("2030-01-31T09:00", "Europe/Paris")?.toISOString()).toBe("2030-01-31T08:00:00.000Z");
    // Summer time.
    expect(parseLocalDateTime("2030-07-01T09:00", "Europe/Paris")?.toISOString()).toBe("2030-07-01T07:00:00.000Z");
    expect(parseLocalDateTime("2030-07-01T09:00:30", "America/New_York")?.toISOString()).toBe(
      "2030-07-01T13:00:30.000Z",
    );
    expect(parseLocalDateTime("2030-01-31T09:00", "Asia/Kolkata")?.toISOString()).toBe("2030-01-31T03:30:00.000Z");
  });

  it("round-trips through the field's format", () => {
    for (const zone of ["UTC", "Europe/Paris", "Pacific/Chatham", "America/St_Johns"]) {
      const iso = "2030-03-10T18:45:00.000Z";
      expect(parseLocalDateTime(formatLocalDateTime(iso, zone), zone)?.toISOString()).toBe(iso);
    }
  });

  it("refuses what is not a date and time, and unknown zones", () => {
    for (const bad of ["", "tomorrow", "2030-02-31T10:00", "2030-13-01T10:00", "2030-01-01T24:00", "2030-01-01"]) {
      expect(parseLocalDateTime(bad, "UTC"), bad).toBeNull();
    }
    expect(parseLocalDateTime("2030-01-01T10:00", "Mars/Olympus")).toBeNull();
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("nowhere")).toBe(false);
  });

  it("names the zone when it shows a time", () => {
    expect(describeInZone("2030-01-31T08:00:00.000Z", "Europe/Paris")).toBe("31 Jan 2030, 09:00 (Europe/Paris)");
  });
});
