import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  configureLogger,
  createLogger,
  defaultLogFormat,
  logger,
  requestLine,
  setLogger,
  adoptLogSettings,
} from "~/observability/logger.server";

/** A stream that keeps every line written to it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { stream, lines, json: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe("the logger", () => {
  it("writes one JSON line per event with an ISO time and the level's name", () => {
    const out = capture();
    const log = createLogger({ level: "info", format: "json" }, { out: out.stream });
    log.info({ event: "start", driver: "pglite" }, "DevPerspective on http://localhost:3000");
    const [line] = out.json();
    expect(line).toMatchObject({
      level: "info",
      event: "start",
      driver: "pglite",
      msg: "DevPerspective on http://localhost:3000",
    });
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
  });

  it("sends warnings and errors to the error stream only, with the error's stack", () => {
    const out = capture();
    const err = capture();
    const log = createLogger({ level: "info", format: "json" }, { out: out.stream, err: err.stream });
    log.info("fine");
    log.warn("careful");
    log.error({ err: new Error("it broke") }, "request failed");
    expect(out.json().map((line) => line.msg)).toEqual(["fine"]);
    expect(err.json().map((line) => line.msg)).toEqual(["careful", "request failed"]);
    const failure = err.json()[1]!.err as { message: string; stack: string; type: string };
    expect(failure.message).toBe("it broke");
    expect(failure.stack).toContain("logger.test.ts");
  });

  it("writes nothing below LOG_LEVEL", () => {
    const out = capture();
    const log = createLogger({ level: "warn", format: "json" }, { out: out.stream });
    log.debug("no");
    log.info("no");
    log.warn("yes");
    expect(out.json().map((line) => line.msg)).toEqual(["yes"]);
  });

  it("never writes a password, token, cookie or authorization a caller passed by mistake", () => {
    const out = capture();
    const log = createLogger({ level: "info", format: "json" }, { out: out.stream });
    log.info({ password: "hunter2-secret", token: "tok-secret", headers: { cookie: "dp_session=abc-secret" } }, "oops");
    log.info({ input: { password: "nested-secret", authorization: "Bearer zzz-secret" } }, "oops");
    expect(out.lines.join("\n")).not.toMatch(/secret/);
    expect(out.json()[0]!.password).toBe("[redacted]");
  });

  it("logs a failed query's statement and cause, never its parameters", async () => {
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const err = capture();
    const log = createLogger({ level: "info", format: "json" }, { out: err.stream });
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const failure = new DrizzleQueryError(
      'insert into "subscribers" ("email") values ($1), ($2)',
      ["ann-secret@example.com", "bob-secret@example.com"],
      cause,
    );
    log.error({ err: failure }, "request failed");
    const written = err.json()[0]!.err as { message: string; stack: string };
    expect(err.lines.join("\n")).not.toMatch(/secret/);
    expect(written.message).toContain('Failed query: insert into "subscribers" ("email") values ($1), ($2)');
    expect(written.message).toContain("invalid byte sequence");
    expect(written.stack).toContain("logger.test.ts");
    expect(written.stack).toContain("invalid byte sequence");
  });

  it("reads no setting itself: readable lines by default in a terminal, JSON otherwise", () => {
    expect(defaultLogFormat(true)).toBe("pretty");
    expect(defaultLogFormat(false)).toBe("json");
  });

  it("takes the environment's settings once known, but keeps a logger a test gave it", () => {
    const out = capture();
    const given = createLogger({ level: "info", format: "json" }, { out: out.stream });
    setLogger(given);
    adoptLogSettings({ level: "warn", format: "json" });
    expect(logger()).toBe(given);
    configureLogger({ level: "warn", format: "json" });
    const configured = logger();
    expect(configured).not.toBe(given);
    expect(configured.level).toBe("warn");
    adoptLogSettings({ level: "error", format: "json" });
    expect(logger().level).toBe("error");
    setLogger(given);
  });
});

describe("the request line", () => {
  it("is the JSON line pino writes, with the client's strings escaped", () => {
    const out = capture();
    setLogger(createLogger({ level: "info", format: "json" }, { out: out.stream }));
    requestLine({
      requestId: "abc",
      method: "GET",
      path: '/search"}\n{"level":"fatal',
      route: "/search",
      status: 200,
      ms: 1.5,
      bytes: 1234,
      cache: "hit",
      userId: 7,
    });
    requestLine({
      requestId: "def",
      method: "POST",
      path: "/",
      route: "/",
      status: 303,
      ms: 0,
      bytes: 0,
      cache: "none",
    });
    const lines = out.json();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: "info",
      pid: process.pid,
      requestId: "abc",
      path: '/search"}\n{"level":"fatal',
      status: 200,
      ms: 1.5,
      bytes: 1234,
      cache: "hit",
      userId: 7,
      msg: "request",
    });
    expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time);
    expect(lines[1]).not.toHaveProperty("userId");
  });

  it("is not written below LOG_LEVEL info", () => {
    const out = capture();
    setLogger(createLogger({ level: "warn", format: "json" }, { out: out.stream }));
    requestLine({ requestId: "abc", method: "GET", path: "/", route: "/", status: 200, ms: 1, bytes: 1, cache: "hit" });
    expect(out.lines).toEqual([]);
  });
});
