import { describe, expect, it } from "vitest";
import { batchedRequestLine, jsonRequestLine, LineBatch, type RequestEntry } from "~/observability/request-line.server";

const entries: RequestEntry[] = [
  {
    requestId: "abc",
    method: "GET",
    path: "/post/a",
    route: "/post/:slug",
    status: 200,
    ms: 1.5,
    bytes: 1234,
    cache: "hit",
  },
  {
    requestId: "def",
    method: "POST",
    path: '/search"}\n{"level":"fatal',
    route: "/search",
    status: 303,
    ms: 0,
    bytes: 0,
    cache: "none",
    userId: 7,
  },
  {
    requestId: "é-ü",
    method: "GET",
    path: "/tag/café/ünïcode\u2028",
    route: "*",
    status: 404,
    ms: 12.3,
    bytes: 98765432,
    cache: "miss",
  },
  {
    requestId: "x",
    method: "HEAD",
    path: `/${"a".repeat(20_000)}`,
    route: "*",
    status: 414,
    ms: 1e21,
    bytes: 1,
    cache: "none",
    userId: 123456789,
  },
];

/** The lines a batch handed its destination, and the time field made the same. */
function batched(list: RequestEntry[]) {
  const chunks: Buffer[] = [];
  const batch = new LineBatch({ write: (chunk) => chunks.push(Buffer.from(chunk)) });
  const write = batchedRequestLine(batch);
  for (const entry of list) write(entry);
  batch.flushSync();
  return { text: Buffer.concat(chunks).toString("utf8"), chunks: chunks.length };
}

function asStrings(list: RequestEntry[]) {
  let text = "";
  const write = jsonRequestLine({ write: (line) => (text += line) });
  for (const entry of list) write(entry);
  return text;
}

const sameTime = (text: string) => text.replace(/"time":"[^"]+"/g, '"time":"T"');

describe("the request line written into the batch", () => {
  it("is byte for byte the line the string path writes, escapes included", () => {
    const { text } = batched(entries);
    expect(sameTime(text)).toBe(sameTime(asStrings(entries)));
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(entries.length);
    expect(lines[1]).toMatchObject({ path: '/search"}\n{"level":"fatal', userId: 7, ms: 0 });
    expect(lines[2]).toMatchObject({ requestId: "é-ü", path: "/tag/café/ünïcode\u2028", bytes: 98765432 });
    expect(lines[0]).toMatchObject({ level: "info", pid: process.pid, msg: "request", ms: 1.5 });
  });

  it("starts a new batch when one is full and loses no line", () => {
    const many = Array.from({ length: 3_000 }, (_, index) => ({
      ...entries[0]!,
      requestId: `r${index}`,
      bytes: index,
    }));
    const { text, chunks } = batched(many);
    expect(chunks).toBeGreaterThan(1);
    const lines = text
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { requestId: string; bytes: number });
    expect(lines.map((line) => line.bytes)).toEqual(many.map((entry) => entry.bytes));
  });
});
