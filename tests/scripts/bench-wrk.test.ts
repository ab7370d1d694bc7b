import { describe, expect, it } from "vitest";
import {
  inlineScriptKb,
  parseSoakOutput,
  parseWrkOutput,
  pinning,
  soakScript,
  wrkScript,
} from "../../scripts/bench-wrk";

describe("the bench's wrk driver", () => {
  it("writes a script that cycles through the paths with the client's headers", () => {
    const script = wrkScript(["/post/a", '/search?q="x"'], { "Accept-Encoding": "br, gzip" });
    expect(script).toContain('local paths = { "/post/a", "/search?q=\\"x\\"" }');
    expect(script).toContain('["Accept-Encoding"] = "br, gzip",');
    expect(script).not.toContain("function response");
    expect(wrkScript(["/"], {}, { countCache: true })).toContain("function response");
    expect(() => wrkScript([], {})).toThrow();
  });

  it("a client that sends no Accept-Encoding gets an empty header table", () => {
    expect(wrkScript(["/"], {})).toContain("local headers = {\n\n}");
  });

  it("reads the report line among wrk's own output", () => {
    const stdout = [
      "Running 10s test @ http://127.0.0.1:3210",
      "  1 threads and 50 connections",
      'WRK_JSON {"requests":120000,"durationUs":10000000,"p50Us":1234,"p99Us":25678,"non2xx":3,"errors":2,"hits":99,"misses":1}',
    ].join("\n");
    expect(parseWrkOutput(stdout)).toEqual({
      reqPerSec: 12000,
      requests: 120000,
      p50: 1.2,
      p99: 25.7,
      non2xx: 3,
      errors: 2,
    });
    expect(parseWrkOutput(stdout, { countCache: true }).cache).toEqual({ hits: 99, misses: 1 });
    expect(() => parseWrkOutput("unable to connect")).toThrow(/no report/);
  });

  it("writes a soak script: cached pages, one request in four a unique search, 503s counted apart", () => {
    const script = soakScript(["/", "/post/a"], ["react", "node"], { "Accept-Encoding": "br, gzip" });
    expect(script).toContain('local paths = { "/", "/post/a" }');
    expect(script).toContain('local words = { "react", "node" }');
    expect(script).toContain("counter % 4 == 0");
    expect(script).toContain('"/search?q="');
    expect(script).toContain("status == 503");
    expect(() => soakScript([], ["react"], {})).toThrow();
    const stdout =
      'WRK_JSON {"requests":4000,"durationUs":2000000,"p50Us":1000,"p99Us":30000,"non2xx":12,"errors":3,"hits":0,"misses":0,"timeouts":2,"shed":10,"failed":2,"searches":1000}';
    expect(parseSoakOutput(stdout)).toMatchObject({
      requests: 4000,
      reqPerSec: 2000,
      p99: 30,
      timeouts: 2,
      shed: 10,
      failed: 2,
      searches: 1000,
    });
  });

  it("pins the server and wrk to different cores", () => {
    expect(pinning(2)).toEqual({ server: ["taskset", "-c", "0"], client: ["taskset", "-c", "1"] });
    expect(pinning(1)).toEqual({ server: [], client: [] });
  });

  it("measures inline script data, not external scripts or markup", () => {
    const html = `<p>${"x".repeat(5000)}</p><script src="/a.js"></script><script>${"y".repeat(2048)}</script><script type="module">${"z".repeat(1024)}</script>`;
    expect(inlineScriptKb(html)).toBe(3);
  });
});
