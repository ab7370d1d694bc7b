import { describe, expect, it } from "vitest";
import { InvalidEnvironmentError, parseEnv } from "~/env.server";

describe("parseEnv", () => {
  it("applies the contract's defaults", () => {
    const env = parseEnv({});
    expect(env.SITE_NAME).toBe("DevPerspective");
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GITHUB_BASE_URL).toBe("https://github.com");
    expect(env.GITHUB_API_URL).toBe("https://api.github.com");
    expect(env.GOOGLE_ISSUER_URL).toBe("https://accounts.google.com");
  });

  it("derives SITE_URL from PORT and trims a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).SITE_URL).toBe("http://localhost:8080");
    expect(parseEnv({ SITE_URL: "https://dev.example/" }).SITE_URL).toBe("https://dev.example");
  });

  it("reports one line per bad variable", () => {
    try {
      parseEnv({ PORT: "eighty", DATABASE_URL: "mysql://db/x", SITE_URL: "nope", SMTP_URL: "http://mail" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidEnvironmentError);
      const problems = (error as InvalidEnvironmentError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.find((line) => line.startsWith("PORT:"))).toContain("must be a port number");
      expect(problems.find((line) => line.startsWith("DATABASE_URL:"))).toContain("postgres://");
      expect(problems.find((line) => line.startsWith("SITE_URL:"))).toContain("must be a URL");
      expect(problems.find((line) => line.startsWith("SMTP_URL:"))).toContain("smtp://");
    }
  });

  it("validates the page caches and the database queue like every other setting", () => {
    const defaults = parseEnv({});
    expect([defaults.PAGE_CACHE, defaults.PAGE_CACHE_MB, defaults.STAFF_PAGE_CACHE_MB]).toEqual(["on", 48, 16]);
    expect(defaults.DATABASE_QUEUE_LIMIT).toBe(128);
    expect(defaults.PAGE_CACHE_TTL_SECONDS).toBe(300);
    const set = parseEnv({
      PAGE_CACHE: "OFF",
      PAGE_CACHE_MB: "64",
      DATABASE_QUEUE_LIMIT: "8",
      PAGE_CACHE_TTL_SECONDS: "30",
    });
    expect([set.PAGE_CACHE, set.PAGE_CACHE_MB, set.DATABASE_QUEUE_LIMIT, set.PAGE_CACHE_TTL_SECONDS]).toEqual([
      "off",
      64,
      8,
      30,
    ]);
    try {
      parseEnv({
        PAGE_CACHE: "maybe",
        PAGE_CACHE_MB: "lots",
        PAGE_CACHE_TTL_SECONDS: "0",
        STAFF_PAGE_CACHE_MB: "0",
        DATABASE_QUEUE_LIMIT: "-1",
      });
      expect.unreachable();
    } catch (error) {
      const problems = (error as InvalidEnvironmentError).problems;
      expect(problems.map((line) => line.split(":")[0])).toEqual([
        "DATABASE_QUEUE_LIMIT",
        "PAGE_CACHE",
        "PAGE_CACHE_MB",
        "PAGE_CACHE_TTL_SECONDS",
        "STAFF_PAGE_CACHE_MB",
      ]);
    }
  });
});
