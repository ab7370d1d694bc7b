import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSession,
  destroyOtherSessions,
  destroySession,
  getSession,
  SESSION_TTL_MS,
  staffPageKey,
} from "~/auth/session.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { sessions, users } from "~/db/schema";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const DAY = 24 * 60 * 60 * 1000;
const tokenOf = (setCookie: string) => /^dp_session=([^;]*)/.exec(setCookie)?.[1] ?? "";
const requestWith = (token: string) =>
  new Request("http://localhost/", { headers: { Cookie: `other=1; dp_session=${token}` } });

describe.each(testDatabaseKinds())("sessions on %s", (kind) => {
  let handle: DatabaseHandle;
  let userId: number;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    const [user] = await handle.db
      .insert(users)
      .values({ email: "session@example.com", fullName: "Session User", emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    userId = user!.id;
  });
  afterAll(async () => {
    await handle.close();
  });

  it("the cookie holds only a random id, HttpOnly, SameSite=Lax, Path=/, for 30 days; the table keeps its hash", async () => {
    const setCookie = await createSession(
      userId,
      new Request("http://localhost/", { headers: { "User-Agent": "vitest" } }),
    );
    expect(setCookie).toMatch(
      /^dp_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=(2591999|2592000)$/,
    );
    const token = tokenOf(setCookie);
    const rows = await handle.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId));
    expect(rows.map((row) => row.idHash)).not.toContain(token);
    expect(rows[0]?.idHash).toMatch(/^[0-9a-f]{64}$/);
    const session = await getSession(requestWith(token));
    expect(session?.user).toMatchObject({ id: userId, fullName: "Session User", emailVerified: true, role: "reader" });
    expect(session?.setCookie).toBeNull();
  });

  it("rolls: a session used in its second half is renewed for 30 days; in its first half it is not", async () => {
    const token = tokenOf(await createSession(userId, new Request("http://localhost/")));
    const setExpiry = (ms: number) =>
      handle.db.execute(
        sql`update sessions set expires_at = now() + (${Math.round(ms / 1000)}::int * interval '1 second') where user_id = ${userId}`,
      );
    await setExpiry(20 * DAY);
    expect((await getSession(requestWith(token)))?.setCookie).toBeNull();
    await setExpiry(10 * DAY);
    const renewed = await getSession(requestWith(token));
    expect(renewed?.setCookie).toMatch(new RegExp(`^dp_session=${token}; .*Max-Age=259\\d{4}`));
    const idHash = createHash("sha256").update(token).digest("hex");
    const [row] = await handle.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.idHash, idHash));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  it("an expired, unknown or malformed cookie is no session", async () => {
    const token = tokenOf(await createSession(userId, new Request("http://localhost/")));
    await handle.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect(await getSession(requestWith(token))).toBeNull();
    expect(await getSession(requestWith("A".repeat(43)))).toBeNull();
    expect(await getSession(requestWith("short"))).toBeNull();
    expect(await getSession(new Request("http://localhost/"))).toBeNull();
  });

  it("sign-out deletes the row and clears the cookie", async () => {
    const token = tokenOf(await createSession(userId, new Request("http://localhost/")));
    const cleared = await destroySession(requestWith(token));
    expect(cleared).toMatch(/^dp_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0$/);
    expect(await getSession(requestWith(token))).toBeNull();
  });

  it("a password change ends the user's other sessions and keeps this one", async () => {
    await handle.db.delete(sessions);
    const mine = tokenOf(await createSession(userId, new Request("http://localhost/")));
    const other = tokenOf(await createSession(userId, new Request("http://localhost/")));
    await destroyOtherSessions(userId, requestWith(mine));
    expect(await getSession(requestWith(mine))).not.toBeNull();
    expect(await getSession(requestWith(other))).toBeNull();
  });

  it("starting a session sweeps expired ones", async () => {
    await handle.db.insert(sessions).values({ idHash: "stale", userId, expiresAt: new Date(Date.now() - DAY) });
    await createSession(userId, new Request("http://localhost/"));
    expect(await handle.db.select().from(sessions).where(eq(sessions.idHash, "stale"))).toHaveLength(0);
  });

  it("keys a staff page by session, person and the version of the data it shows", async () => {
    const [staff] = await handle.db
      .insert(users)
      .values({ email: "staff-key@example.com", fullName: "Staff Key", role: "editor", emailVerifiedAt: sql`now()` })
      .returning({ id: users.id });
    const token = tokenOf(await createSession(staff!.id, new Request("http://localhost/")));
    const other = tokenOf(await createSession(staff!.id, new Request("http://localhost/")));
    const key = await staffPageKey(requestWith(token));
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await staffPageKey(requestWith(token))).toBe(key);
    expect(await staffPageKey(requestWith(other))).not.toBe(key);

    // Any write of articles, authors or settings, by any instance, is a new version.
    await handle.db.execute(
      sql`insert into articles (title, slug, content, content_html, status, published_at)
          values ('Key draft', 'key-draft', 'x', '<p>x</p>', 'draft', null)`,
    );
    const afterArticle = await staffPageKey(requestWith(token));
    expect(afterArticle).not.toBe(key);
    await handle.db.execute(sql`insert into authors (name) values ('Key Author')`);
    expect(await staffPageKey(requestWith(token))).not.toBe(afterArticle);

    // A change of role or name is a new key; a reader, a suspended account or no session has none.
    const beforeRename = await staffPageKey(requestWith(token));
    await handle.db.update(users).set({ fullName: "Staff Renamed" }).where(eq(users.id, staff!.id));
    expect(await staffPageKey(requestWith(token))).not.toBe(beforeRename);
    await handle.db.update(users).set({ role: "reader" }).where(eq(users.id, staff!.id));
    expect(await staffPageKey(requestWith(token))).toBeNull();
    await handle.db.update(users).set({ role: "editor", suspendedAt: sql`now()` }).where(eq(users.id, staff!.id));
    expect(await staffPageKey(requestWith(token))).toBeNull();
    expect(await staffPageKey(new Request("http://localhost/"))).toBeNull();
  });
});
