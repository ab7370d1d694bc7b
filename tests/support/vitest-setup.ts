import { afterEach, vi } from "vitest";

// An unexpected console.error is a bug: fail the test that caused it.
const original = console.error;
let errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
  original(...args);
});
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0) {
    throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`);
  }
});
