import { describe, expect, it } from "vitest";
import { pgliteSharedBuffersMb } from "~/db/db.server";

const MB = 1024 * 1024;

describe("the embedded database's shared buffers", () => {
  it("keeps 16 MB for a new or small site", () => {
    expect(pgliteSharedBuffersMb(0)).toBe(16);
    // ~10 000 articles: ~140 MB of tables.
    expect(pgliteSharedBuffersMb(140 * MB)).toBe(16);
    expect(pgliteSharedBuffersMb(639 * MB)).toBe(16);
  });

  it("grows in steps of 16 MB with the tables (a twentieth of them)", () => {
    expect(pgliteSharedBuffersMb(640 * MB)).toBe(32);
    // ~100 000 articles: 1.4 GB of tables.
    expect(pgliteSharedBuffersMb(1378 * MB)).toBe(64);
  });

  it("never passes 128 MB", () => {
    expect(pgliteSharedBuffersMb(2560 * MB)).toBe(128);
    expect(pgliteSharedBuffersMb(100_000 * MB)).toBe(128);
  });
});
