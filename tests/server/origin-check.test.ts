import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "~/http/origin-check.server";

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/login", { method: "POST", headers: { Host: "localhost:3000", ...headers } });

describe("isCrossSiteWrite", () => {
  it("allows reads whatever their origin", () => {
    expect(
      isCrossSiteWrite(new Request("http://localhost:3000/", { headers: { Origin: "https://evil.example" } })),
    ).toBe(false);
  });

  it("allows a same-origin post", () => {
    expect(isCrossSiteWrite(post({ Origin: "http://localhost:3000", "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossSiteWrite(post({ Origin: "http://localhost:3000" }))).toBe(false);
  });

  it("refuses a post from another origin", () => {
    expect(isCrossSiteWrite(post({ Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "http://localhost:3001" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "cross-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "Sec-Fetch-Site": "same-site", Origin: "http://sub.localhost:3000" }))).toBe(true);
    expect(isCrossSiteWrite(post({ Origin: "null" }))).toBe(true);
  });

  it("refuses a cookie-carrying post with neither Origin nor Sec-Fetch-Site", () => {
    expect(isCrossSiteWrite(post({ Cookie: "dp_session=abc" }))).toBe(true);
    expect(isCrossSiteWrite(post({}))).toBe(false);
  });
});
