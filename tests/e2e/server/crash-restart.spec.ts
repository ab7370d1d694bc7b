/**
 * A server killed with SIGKILL at any moment starts again at once on the same data folder, and
 * every write it acknowledged is still there (issue 12.5), on both databases: round after round,
 * two writers create articles as fast as they can, the server is killed mid-stream and restarted
 * immediately, and each acknowledged article is then read back.
 */
import { expect, test } from "@playwright/test";
import { createAdmin, stopServer, testDatabases } from "../support/server-databases";
import { type RunningServer, startServer } from "../support/server-process";

const ADMIN = { email: "crash@example.com", password: "crash-test-1", name: "Crash Tester" };
const ROUNDS = 3;

async function signIn(server: RunningServer) {
  const response = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
    body: new URLSearchParams({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(response.status).toBe(303);
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("dp_session="));
  return session!.split(";")[0]!;
}

/** Creates articles until `stopped()`, adding the slugs the server acknowledged (303) to `acknowledged`. */
async function writeUntil(
  server: RunningServer,
  cookie: string,
  prefix: string,
  stopped: () => boolean,
  acknowledged: string[],
) {
  for (let n = 0; !stopped(); n++) {
    const slug = `${prefix}-${n}`;
    try {
      const response = await fetch(`${server.url}/admin/articles/new`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
        body: new URLSearchParams({ title: `Crash test ${slug}`, slug, content: `Written before a kill: ${slug}.` }),
      });
      await response.arrayBuffer();
      if (response.status === 303) acknowledged.push(slug);
      else expect(response.status, `${slug}: ${response.status}`).toBeLessThan(500);
    } catch {
      // Killed mid-request: never acknowledged, so it may or may not be there.
    }
  }
}

for (const database of testDatabases) {
  test.describe(`kill -9 on ${database.name}`, () => {
    test.describe.configure({ timeout: 420_000 });

    test("restarts at once, round after round, with every acknowledged write", async () => {
      const created = await database.create();
      createAdmin(created.env, ADMIN);
      let server = await startServer({ env: created.env });
      const acknowledged: string[] = [];
      try {
        const cookie = await signIn(server);
        for (let round = 0; round < ROUNDS; round++) {
          let killed = false;
          const stopped = () => killed;
          const before = acknowledged.length;
          const writers = [0, 1].map((writer) =>
            writeUntil(server, cookie, `kill-${round}-${writer}`, stopped, acknowledged),
          );
          // Let some writes land, then kill in the middle of the stream.
          await expect.poll(() => acknowledged.length - before, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
          await new Promise((resolve) => setTimeout(resolve, 200 + round * 150));
          server.process.kill("SIGKILL");
          killed = true;
          await server.exited;
          await Promise.all(writers);

          // At once, on the same data folder: the dead server's lock does not refuse the start.
          server = await startServer({ env: created.env });
          expect(server.output()).not.toContain("in use by another process");
          for (const slug of acknowledged) {
            const response = await fetch(`${server.url}/post/${slug}`);
            await response.arrayBuffer();
            expect(response.status, `acknowledged ${slug} after round ${round + 1}`).toBe(200);
          }
        }
        expect(acknowledged.length).toBeGreaterThan(ROUNDS);
      } finally {
        await stopServer(server);
        await created.drop();
      }
    });
  });
}
