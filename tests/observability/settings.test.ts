import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, parseEnv } from "~/env.server";
import { acceptedRequestId, noteSignedInUser, runWithRequestFacts } from "~/observability/request-scope.server";

function problemsOf(source: Record<string, string>) {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    return (error as InvalidEnvironmentError).problems;
  }
  throw new Error("parseEnv accepted a bad environment");
}

describe("operations settings", () => {
  it("defaults: info-level JSON logs (readable ones in a terminal), metrics behind nothing, no drain delay", () => {
    const env = parseEnv({}, false);
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.LOG_FORMAT).toBe("json");
    expect(parseEnv({}, true).LOG_FORMAT).toBe("pretty");
    expect(parseEnv({ LOG_FORMAT: "json" }, true).LOG_FORMAT).toBe("json");
    expect(parseEnv({ LOG_FORMAT: "pretty" }, false).LOG_FORMAT).toBe("pretty");
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.SHUTDOWN_DRAIN_MS).toBe(0);
    expect(parseEnv({ LOG_LEVEL: "Debug", LOG_FORMAT: "PRETTY", METRICS_PORT: "9464" })).toMatchObject({
      LOG_LEVEL: "debug",
      LOG_FORMAT: "pretty",
      METRICS_PORT: 9464,
    });
  });

  it("an unknown LOG_LEVEL or LOG_FORMAT is one clear line each", () => {
    const problems = problemsOf({ LOG_LEVEL: "loud", LOG_FORMAT: "xml" });
    expect(problems).toEqual([
      'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'LOG_FORMAT: must be "json" or "pretty" (got "xml")',
    ]);
  });

  it("a malformed METRICS_PORT, or the app's own PORT, is one clear line", () => {
    expect(problemsOf({ METRICS_PORT: "nine" })).toEqual(['METRICS_PORT: must be a port number (got "nine")']);
    expect(problemsOf({ METRICS_PORT: "70000" })).toEqual(['METRICS_PORT: must be between 0 and 65535 (got "70000")']);
    expect(problemsOf({ PORT: "8080", METRICS_PORT: "8080" })).toEqual([
      'METRICS_PORT: must differ from PORT (got "8080")',
    ]);
    expect(problemsOf({ SHUTDOWN_DRAIN_MS: "9000" })).toEqual([
      'SHUTDOWN_DRAIN_MS: must be between 0 and 3000 (got "9000")',
    ]);
  });

  it("a weak METRICS_TOKEN is refused without repeating it", () => {
    const problems = problemsOf({ METRICS_TOKEN: "short secret" });
    expect(problems).toEqual([
      "METRICS_TOKEN: must be at least 16 printable characters without spaces (got 12 characters)",
    ]);
  });
});

describe("request ids", () => {
  const fresh = () => "fresh-id";
  it("keeps a client's id only when short and plain", () => {
    expect(acceptedRequestId("abc-123_X.y", fresh)).toBe("abc-123_X.y");
    expect(acceptedRequestId(undefined, fresh)).toBe("fresh-id");
    expect(acceptedRequestId("", fresh)).toBe("fresh-id");
    expect(acceptedRequestId("a".repeat(65), fresh)).toBe("fresh-id");
    expect(acceptedRequestId("two words", fresh)).toBe("fresh-id");
    expect(acceptedRequestId('"><script>', fresh)).toBe("fresh-id");
    expect(acceptedRequestId("line\nbreak", fresh)).toBe("fresh-id");
    expect(acceptedRequestId(["a", "b"], fresh)).toBe("fresh-id");
  });

  it("the signed-in user is noted on the request that read the session, and nowhere else", async () => {
    const facts = { id: "r1" } as { id: string; userId?: number };
    await runWithRequestFacts(facts, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      noteSignedInUser(42);
    });
    expect(facts.userId).toBe(42);
    expect(() => noteSignedInUser(7)).not.toThrow();
  });
});
