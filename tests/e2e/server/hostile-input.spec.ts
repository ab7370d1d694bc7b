/**
 * Malformed bodies, wrong methods and unknown paths get a clear 4xx (never a 5xx), on both
 * databases, and the server logs nothing at error level for a client's mistake.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

/** The three ways a form is posted: a document request, React Router's `.data`, the old `?_data=`. */
const FORMS_OF = (path: string) => [path, `${path}.data`, `${path}?_data=routes${path.replaceAll("/", ".")}`];
const ACTIONS = ["/login", "/register", "/admin/login"];

let clientIp = 0;
/** A fresh pretend address per request (ENABLE_TEST_HOOKS), so sign-in rate limits never answer first. */
const freshIp = () => `10.12.${Math.floor(++clientIp / 250)}.${clientIp % 250}`;

function rawMethod(base: string, method: string, path: string): Promise<{ status: number; allow?: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, base), { method }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, allow: response.headers.allow });
    });
    request.on("error", reject);
    request.end();
  });
}

for (const database of testDatabases) {
  test.describe(`hostile input on ${database.name}`, () => {
    test.describe.configure({ mode: "serial", timeout: 120_000 });

    let server: RunningServer;
    let drop: () => Promise<void>;

    test.beforeAll(async () => {
      // A first start migrates and seeds: slow on a busy machine, and the drop in afterAll must
      // never race a server still starting.
      test.setTimeout(180_000);
      const created = await database.create();
      drop = created.drop;
      server = await startServer({ env: created.env });
    });

    test.afterAll(async () => {
      await stopServer(server);
      await drop?.();
    });

    /** Sends a request and returns the response, its body already checked for a stack trace (a network error fails the test). */
    async function send(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit }) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        redirect: "manual",
        headers: { Origin: server.url, "X-Test-Client-Ip": freshIp(), ...init.headers },
        body: init.body,
      });
      const text = await response.clone().text();
      expect(text, `${method} ${path}: no stack trace`).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
      return response;
    }

    /** Runs `body`, then checks the server wrote nothing to stderr meanwhile. */
    async function withoutErrorLog(body: () => Promise<void>) {
      const before = server.errors().length;
      await body();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.errors().slice(before)).toBe("");
    }

    test("JSON bodies (valid, invalid, deeply nested, many keys) get 415 naming the accepted types", async () => {
      const nested = `${"[".repeat(5000)}${"]".repeat(5000)}`;
      const manyKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])));
      const bodies = ['{"email":"a@b.co","password":"secret12"}', '{"email":', nested, manyKeys];
      await withoutErrorLog(async () => {
        for (const action of ACTIONS) {
          for (const path of FORMS_OF(action)) {
            for (const body of bodies) {
              const response = await send("POST", path, { headers: { "Content-Type": "application/json" }, body });
              expect(response.status, `${path} ${body.slice(0, 20)}`).toBe(415);
            }
          }
        }
        // A page's action answers with its error page; a resource route (no page) in plain text.
        const page = await send("POST", "/contact", { headers: { "Content-Type": "application/json" }, body: "{}" });
        expect(page.status).toBe(415);
        expect(await page.text()).toContain(
          "send the form as application/x-www-form-urlencoded or multipart/form-data.",
        );
        const plain = await send("POST", "/logout", {
          headers: { "Content-Type": "application/json" },
          body: "{}",
        });
        expect(plain.status).toBe(415);
        expect(await plain.text()).toBe(
          "Unsupported Media Type: send the form as application/x-www-form-urlencoded or multipart/form-data.\n",
        );
      });
    });

    test("other content types and compressed bodies get 415", async () => {
      await withoutErrorLog(async () => {
        for (const path of FORMS_OF("/login")) {
          for (const type of ["text/plain", "text/xml", "application/octet-stream", "image/png", "nonsense"]) {
            const response = await send("POST", path, { headers: { "Content-Type": type }, body: "email=a" });
            expect(response.status, `${path} ${type}`).toBe(415);
          }
          const gzip = await send("POST", path, {
            headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Encoding": "gzip" },
            body: "email=a",
          });
          expect(gzip.status, `${path} gzip`).toBe(415);
        }
      });
    });

    test("malformed multipart bodies get 400", async () => {
      const part = (name: string, value: string, eol = "\r\n") =>
        `--b0undary${eol}Content-Disposition: form-data; name="${name}"${eol}${eol}${value}${eol}`;
      const cases: [string, string, string][] = [
        ["no boundary", "multipart/form-data", `${part("email", "a@b.co")}--b0undary--\r\n`],
        ["wrong boundary", "multipart/form-data; boundary=other", `${part("email", "a@b.co")}--b0undary--\r\n`],
        ["truncated", "multipart/form-data; boundary=b0undary", part("email", "a@b.co").slice(0, 40)],
        [
          "LF-only line ends",
          "multipart/form-data; boundary=b0undary",
          `${part("email", "a@b.co", "\n")}--b0undary--\n`,
        ],
        [
          "part without a name",
          "multipart/form-data; boundary=b0undary",
          "--b0undary\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b0undary--\r\n",
        ],
        ["empty body", "multipart/form-data; boundary=b0undary", ""],
      ];
      await withoutErrorLog(async () => {
        for (const action of ACTIONS) {
          for (const path of FORMS_OF(action)) {
            for (const [name, type, body] of cases) {
              const response = await send("POST", path, { headers: { "Content-Type": type }, body });
              expect(response.status, `${path}: ${name}`).toBe(400);
            }
          }
        }
      });
    });

    test("a well-formed multipart form still works like a urlencoded one", async () => {
      await withoutErrorLog(async () => {
        const form = new FormData();
        form.set("email", "nobody@example.com");
        form.set("password", "wrong-password");
        for (const path of FORMS_OF("/login")) {
          // A wrong password: the form was read and answered, not refused.
          expect((await send("POST", path, { body: form })).status, path).toBe(400);
        }
      });
    });

    test("a right-shaped form without Origin is answered by the action, or refused if it carries a cookie", async () => {
      await withoutErrorLog(async () => {
        const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
          fetch(`${server.url}${path}`, {
            method: "POST",
            redirect: "manual",
            headers: { "X-Test-Client-Ip": freshIp(), ...headers },
            body: new URLSearchParams(fields),
          });
        const login = { email: "nobody@example.com", password: "wrong-password" };
        for (const path of [...FORMS_OF("/login"), ...FORMS_OF("/admin/login")]) {
          expect((await post(path, login)).status, path).toBe(400);
          expect((await post(path, login, { Cookie: "dp_session=forged" })).status, `${path} with a cookie`).toBe(403);
        }
        const register = await post("/register", {
          name: "No Origin",
          email: `no-origin-${Date.now()}@example.com`,
          password: "secret12",
          confirmPassword: "secret12",
          agreedToTerms: "on",
        });
        // The account is created and the browser sent on to verify its address.
        expect(register.status).toBe(303);
        // A signed-out Save: on to the sign-in, which then completes it.
        const save = await post("/reading-list", { intent: "save", articleId: "1" });
        expect(save.status).toBe(302);
        expect(save.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
        // A NUL byte in a field never reaches the database.
        expect((await post("/login", { email: "a\u0000@b.co", password: "secret12" })).status).toBe(400);
      });
    });

    test("writes to routes without an action get 405 with Allow, in every form", async () => {
      await withoutErrorLog(async () => {
        const paths = ["/", "/?index", "/_.data", "/search", "/search?q=x", "/about", "/healthz", "/rss.xml"];
        paths.push(...FORMS_OF("/category/javascript"), "/admin/dashboard.data");
        for (const path of paths) {
          for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
            const response = await send(method, path, {
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: "a=b",
            });
            expect(response.status, `${method} ${path}`).toBe(405);
            expect(response.headers.get("Allow"), `${method} ${path}`).toBe("GET, HEAD");
          }
        }
        // Routes with an action (the article page takes comments) allow POST too.
        for (const path of [...FORMS_OF("/login"), ...FORMS_OF("/post/some-article")]) {
          for (const method of ["PUT", "PATCH", "DELETE"]) {
            const response = await send(method, path, { body: "a=b" });
            expect(response.status, `${method} ${path}`).toBe(405);
            expect(response.headers.get("Allow")).toBe("GET, HEAD, POST");
          }
        }
        // fetch refuses to send TRACE: node:http sends anything.
        for (const method of ["OPTIONS", "TRACE", "PROPFIND"]) {
          const { status, allow } = await rawMethod(server.url, method, "/");
          expect(status, method).toBe(405);
          expect(allow, method).toBe("GET, HEAD, POST");
        }
      });
    });

    test("writes to unknown paths get 404", async () => {
      await withoutErrorLog(async () => {
        const paths = ["/nope", "/nope.data", "/nope?_data=routes/nope", "/a/b/c", "/assets/nope.js", "/post"];
        for (const path of paths) {
          for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
            const response = await send(method, path, { body: "a=b" });
            expect(response.status, `${method} ${path}`).toBe(404);
          }
        }
      });
    });

    test("a body over the form limit gets 413", async () => {
      await withoutErrorLog(async () => {
        const body = `email=${"x".repeat(1024 * 1024)}`;
        for (const path of FORMS_OF("/login")) {
          const response = await send("POST", path, {
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body,
          });
          expect(response.status, path).toBe(413);
        }
        const huge = await send("POST", "/login", {
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "x".repeat(13 * 1024 * 1024),
        });
        expect(huge.status).toBe(413);
      });
    });
  });
}
