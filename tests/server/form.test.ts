import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT, MAX_FORM_FIELDS, readForm } from "~/http/form.server";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/login", { method: "POST", body, headers });

/** The status and message of the Response readForm throws. */
async function refusalOf(request: Request) {
  try {
    await readForm(request);
  } catch (error) {
    if (error instanceof Response) return { status: error.status, message: await error.text() };
    throw error;
  }
  throw new Error("readForm accepted the body");
}

const multipart = (boundary: string, body: string) =>
  post(body, { "Content-Type": `multipart/form-data; boundary=${boundary}` });
const part = (name: string, value: string, eol = "\r\n") =>
  `--xyz${eol}Content-Disposition: form-data; name="${name}"${eol}${eol}${value}${eol}`;

describe("readForm", () => {
  it("reads urlencoded and multipart forms alike", async () => {
    const urlencoded = await readForm(
      post("email=a%40b.co&password=secret12", { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8" }),
    );
    expect(Object.fromEntries(urlencoded)).toEqual({ email: "a@b.co", password: "secret12" });
    const form = new FormData();
    form.set("email", "a@b.co");
    form.set("file", new File(["png"], "x.png", { type: "image/png" }));
    const read = await readForm(new Request("http://localhost/", { method: "POST", body: form }));
    expect(read.get("email")).toBe("a@b.co");
    expect((read.get("file") as File).name).toBe("x.png");
    expect(Object.fromEntries(await readForm(multipart('"xyz"', `${part("a", "1")}--xyz--\r\n`)))).toEqual({ a: "1" });
  });

  it("reads a bodiless POST without a content type as an empty form", async () => {
    expect([...(await readForm(post(null)))]).toEqual([]);
  });

  it.each([
    ["application/json", '{"email":"a@b.co"}'],
    ["text/plain", "email=a"],
    ["application/xml", "<a/>"],
    ["", "email=a"],
  ])("refuses %j with 415 naming the accepted types", async (type, body) => {
    const request = post(body, type ? { "Content-Type": type } : {});
    // A string body gets text/plain from the Request constructor unless told otherwise.
    if (!type) request.headers.delete("Content-Type");
    expect(await refusalOf(request)).toEqual({
      status: 415,
      message: "Unsupported Media Type: send the form as application/x-www-form-urlencoded or multipart/form-data.\n",
    });
  });

  it("refuses a compressed body with 415", async () => {
    const request = post("x", { "Content-Type": "application/x-www-form-urlencoded", "Content-Encoding": "gzip" });
    expect((await refusalOf(request)).status).toBe(415);
  });

  it.each([
    ["no boundary", post(`${part("a", "1")}--xyz--\r\n`, { "Content-Type": "multipart/form-data" })],
    ["a boundary that does not match", multipart("other", `${part("a", "1")}--xyz--\r\n`)],
    ["a truncated body", multipart("xyz", part("a", "1").slice(0, 30))],
    ["a body without its closing boundary", multipart("xyz", part("a", "1"))],
    ["LF-only line ends", multipart("xyz", `${part("a", "1", "\n")}--xyz--\n`)],
    ["a part without a name", multipart("xyz", "--xyz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--xyz--\r\n")],
    ["an empty body", multipart("xyz", "")],
    ["a NUL byte in a field", post("a=%00", { "Content-Type": "application/x-www-form-urlencoded" })],
  ])("refuses multipart with %s with 400", async (_, request) => {
    expect((await refusalOf(request)).status).toBe(400);
  });

  it("refuses a body over the limit with 413, by its declared length or by what arrives", async () => {
    const declared = post("a=b", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "2000000" });
    expect((await refusalOf(declared)).status).toBe(413);
    const big = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    const streamed = new Request("http://localhost/", {
      method: "POST",
      body: big,
      duplex: "half",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(await refusalOf(streamed)).toEqual({
      status: 413,
      message: "Payload Too Large: this form accepts at most 1 MB.\n",
    });
  });

  it("lets a route raise its limit (an upload form)", async () => {
    const form = new FormData();
    form.set("image", new File([new Uint8Array(FORM_BODY_LIMIT + 10)], "big.png", { type: "image/png" }));
    const serialized = new Response(form);
    const headers = { "Content-Type": serialized.headers.get("Content-Type") ?? "" };
    const body = new Uint8Array(await serialized.arrayBuffer());
    const upload = () => new Request("http://localhost/", { method: "POST", body, headers });
    expect((await refusalOf(upload())).status).toBe(413);
    const read = await readForm(upload(), { maxBytes: 10 * 1024 * 1024 });
    expect((read.get("image") as File).size).toBe(FORM_BODY_LIMIT + 10);
  });

  it("refuses a form of more fields than any form has with 413, urlencoded and multipart alike", async () => {
    const urlencoded = (count: number) =>
      post(`email=a%40b.co${"&a=".repeat(count - 1)}`, { "Content-Type": "application/x-www-form-urlencoded" });
    expect([...(await readForm(urlencoded(MAX_FORM_FIELDS)))]).toHaveLength(MAX_FORM_FIELDS);
    // 300 000 repeated names fit in the 1 MB limit; validating them took the server minutes.
    expect(await refusalOf(urlencoded(300_000))).toEqual({
      status: 413,
      message: `Payload Too Large: this form accepts at most ${MAX_FORM_FIELDS} fields.\n`,
    });
    const parts = `${part("a", "1").repeat(MAX_FORM_FIELDS + 1)}--xyz--\r\n`;
    expect((await refusalOf(multipart("xyz", parts))).status).toBe(413);
  });
});
