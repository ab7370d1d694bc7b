import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "~/audit/audit.server";
import { signInWithPassword } from "~/auth/accounts.server";
import { hashPassword } from "~/auth/password.server";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { authors, invites, mailOutbox, sessions, users } from "~/db/schema";
import {
  acceptInviteAsUser,
  acceptInviteWithNewAccount,
  createInvite,
  inspectInvite,
  listPendingInvites,
  revokeInvite,
} from "~/people/invites.server";
import { changeRole, listPeople, restorePerson, suspendPerson } from "~/people/people.server";
import { testClient } from "../auth/support";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("people on %s", (kind) => {
  let handle: DatabaseHandle;
  let admin: { id: number; fullName: string };
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    admin = await addUser("root@example.com", "administrator", "Root Admin");
  });
  afterAll(async () => {
    await handle.close();
  });

  async function addUser(email: string, role: (typeof users.$inferInsert)["role"], fullName = email.split("@")[0]!) {
    const [row] = await handle.db
      .insert(users)
      .values({ email, fullName, role, passwordHash: await hashPassword("secret12"), emailVerifiedAt: new Date() })
      .returning({ id: users.id, fullName: users.fullName });
    return row!;
  }
  const tokenOf = (link: string) => link.split("/invite/")[1]!;

  it("invites by mail with a single-use link; only the token's hash is stored", async () => {
    const ctx = testClient();
    const { link } = await createInvite({ email: "Ed@Example.com", role: "editor", invitedBy: admin });
    expect(link).toMatch(/^https:\/\/devperspective\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(ctx.mailer.sent[0]?.to).toBe("Ed@Example.com");
    expect(ctx.mailer.sent[0]?.text).toContain(link);
    const [row] = await handle.db.select().from(invites).where(eq(invites.email, "Ed@Example.com"));
    expect(row?.tokenHash).not.toContain(tokenOf(link));
    expect((await listPendingInvites()).map((invite) => invite.email)).toContain("Ed@Example.com");

    const token = tokenOf(link);
    expect(await inspectInvite(token)).toMatchObject({ status: "valid", role: "editor", existingUserId: null });
    const accepted = await acceptInviteWithNewAccount(token, { name: "Ed Itor", password: "secret12" });
    expect(accepted).toMatchObject({ status: "accepted", role: "editor" });
    const [user] = await handle.db.select().from(users).where(eq(users.email, "Ed@Example.com"));
    expect(user).toMatchObject({ role: "editor", fullName: "Ed Itor" });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await handle.db.select().from(authors).where(eq(authors.userId, user!.id))).toHaveLength(1);

    // Reused: refused, and the page can say why.
    expect(await acceptInviteWithNewAccount(token, { name: "Again", password: "secret12" })).toEqual({
      status: "gone",
    });
    expect(await inspectInvite(token)).toEqual({ status: "used" });
    const log = await listAudit({ kind: "invite" });
    expect(log.rows.map((entry) => entry.action)).toEqual(expect.arrayContaining(["invited", "accepted"]));
  });

  it("an expired or revoked link says so; a new invitation revokes the earlier one", async () => {
    testClient();
    const first = tokenOf((await createInvite({ email: "late@example.com", role: "author", invitedBy: admin })).link);
    const second = tokenOf((await createInvite({ email: "late@example.com", role: "author", invitedBy: admin })).link);
    expect(await inspectInvite(first)).toEqual({ status: "revoked" });
    await handle.db
      .update(invites)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${invites.email} = 'late@example.com' and ${invites.revokedAt} is null`);
    expect(await inspectInvite(second)).toEqual({ status: "expired" });
    expect(await acceptInviteWithNewAccount(second, { name: "Late", password: "secret12" })).toEqual({
      status: "gone",
    });
    expect(await inspectInvite("x".repeat(43))).toEqual({ status: "unknown" });

    const third = await createInvite({ email: "gone@example.com", role: "author", invitedBy: admin });
    expect(await revokeInvite(third.inviteId, admin)).toBe(true);
    expect(await revokeInvite(third.inviteId, admin)).toBe(false);
    expect(await inspectInvite(tokenOf(third.link))).toEqual({ status: "revoked" });
  });

  it("a mail server failure keeps the invitation: its mail waits in the outbox to be retried", async () => {
    const ctx = testClient();
    ctx.mailer.fail = true;
    await createInvite({ email: "nomail@example.com", role: "author", invitedBy: admin });
    expect((await listPendingInvites()).map((invite) => invite.email)).toContain("nomail@example.com");
    const [queued] = await handle.db
      .select({ kind: mailOutbox.kind, status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, "nomail@example.com"));
    expect(queued).toEqual({ kind: "invite", status: "pending" });
  });

  it("an existing account accepts as itself only, and an invitation never lowers a role", async () => {
    testClient();
    const reader = await addUser("reader@example.com", "reader", "Rea Der");
    const other = await addUser("other@example.com", "reader");
    const token = tokenOf(
      (await createInvite({ email: "READER@example.com", role: "contributor", invitedBy: admin })).link,
    );
    expect(await inspectInvite(token)).toMatchObject({ status: "valid", existingUserId: reader.id });
    expect(await acceptInviteWithNewAccount(token, { name: "X", password: "secret12" })).toEqual({
      status: "account-exists",
    });
    expect(await acceptInviteAsUser(token, { ...other, email: "other@example.com" })).toEqual({
      status: "wrong-account",
    });
    expect(await acceptInviteAsUser(token, { ...reader, email: "reader@example.com" })).toMatchObject({
      status: "accepted",
      role: "contributor",
    });
    const editor = await addUser("senior@example.com", "editor");
    const lower = tokenOf(
      (await createInvite({ email: "senior@example.com", role: "contributor", invitedBy: admin })).link,
    );
    expect(await acceptInviteAsUser(lower, { ...editor, email: "senior@example.com" })).toMatchObject({
      role: "editor",
    });
  });

  it("the last administrator can be neither demoted nor suspended, even by two at once", async () => {
    expect(await changeRole(admin, admin.id, "editor")).toEqual({ status: "last-administrator" });
    expect(await suspendPerson({ id: -1, fullName: "Someone" }, admin.id)).toEqual({ status: "last-administrator" });
    const second = await addUser("second-admin@example.com", "administrator");
    const results = await Promise.all([changeRole(admin, admin.id, "editor"), changeRole(second, second.id, "editor")]);
    expect(results.map((result) => result.status).sort()).toEqual(["last-administrator", "ok"]);
    const admins = await handle.db.select().from(users).where(eq(users.role, "administrator"));
    expect(admins).toHaveLength(1);
    // Put things back for the other tests: the remaining administrator is `admin` or `second`.
    if (admins[0]!.id !== admin.id) await changeRole(second, admin.id, "administrator");
  });

  it("suspending ends the account's sessions at once and refuses sign-in; restoring allows it again", async () => {
    const person = await addUser("suspend-me@example.com", "author");
    await handle.db
      .insert(sessions)
      .values({ idHash: "h".repeat(64), userId: person.id, expiresAt: new Date(Date.now() + 60_000) });
    expect(await suspendPerson(admin, admin.id)).toEqual({ status: "self" });
    expect(await suspendPerson(admin, person.id)).toEqual({ status: "ok", changed: true });
    expect(await handle.db.select().from(sessions).where(eq(sessions.userId, person.id))).toHaveLength(0);
    const client = testClient();
    expect(
      await signInWithPassword(
        { email: "suspend-me@example.com", password: "secret12", deviceToken: null },
        client.clientIp,
      ),
    ).toEqual({ status: "suspended" });
    expect(await restorePerson(admin, person.id)).toEqual({ status: "ok", changed: true });
    expect(
      (
        await signInWithPassword(
          { email: "suspend-me@example.com", password: "secret12", deviceToken: null },
          client.clientIp,
        )
      ).status,
    ).toBe("ok");
    const log = await listAudit({ kind: "person" });
    expect(log.rows.map((entry) => entry.action)).toEqual(expect.arrayContaining(["suspended", "restored"]));
  });

  it("lists staff first, then readers; searches name and email", async () => {
    const all = await listPeople({ query: "", page: 1 });
    const roles = all.people.map((person) => person.role);
    expect(roles[0]).toBe("administrator");
    expect(roles.indexOf("reader")).toBeGreaterThan(roles.lastIndexOf("contributor"));
    const found = await listPeople({ query: "rea der", page: 1 });
    expect(found.people.map((person) => person.email)).toEqual(["reader@example.com"]);
    expect((await listPeople({ query: "SENIOR@", page: 1 })).total).toBe(1);
    expect((await listPeople({ query: "%", page: 1 })).total).toBe(0);
  });
});
