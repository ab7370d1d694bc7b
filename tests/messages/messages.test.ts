import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, setDatabaseHandle } from "~/db/db.server";
import { auditLog, messages, users } from "~/db/schema";
import { PitchSchema } from "~/lib/message-schemas";
import { getMessage, listMessages, markRead, setArchived, submitMessage } from "~/messages/messages.server";
import { settle, testClient } from "../auth/support";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

describe.each(testDatabaseKinds())("messages on %s", (kind) => {
  let handle: DatabaseHandle;
  let admin: { id: number; fullName: string };
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    const [row] = await handle.db
      .insert(users)
      .values([
        { email: "boss@example.com", fullName: "Boss Admin", role: "administrator" },
        { email: "editor@example.com", fullName: "Ed Itor", role: "editor" },
      ])
      .returning({ id: users.id, fullName: users.fullName });
    admin = row!;
  });
  afterAll(async () => {
    await handle.close();
  });

  const contact = (subject: string) => ({
    kind: "contact" as const,
    name: "Grace Hopper",
    email: "grace@example.com",
    subject,
    body: "Hello there",
  });

  it("stores a message and mails it to the administrators only", async () => {
    const client = testClient();
    const outcome = await submitMessage(contact("A question"), { clientIp: client.clientIp });
    expect(outcome.status).toBe("sent");
    await settle();
    expect(client.mailer.sent.map((mail) => mail.to)).toEqual(["boss@example.com"]);
    expect(client.mailer.sent[0]?.subject).toBe("New contact message from Grace Hopper");
    expect(client.mailer.sent[0]?.text).toContain("grace@example.com");
    const stored = await getMessage(outcome.status === "sent" ? outcome.id : 0);
    expect(stored).toMatchObject({ kind: "contact", subject: "A question", status: "unread" });
  });

  it("refuses a filled honeypot and stores nothing", async () => {
    const client = testClient();
    const before = (await handle.db.select().from(messages)).length;
    expect(
      await submitMessage(contact("Spam"), { clientIp: client.clientIp, honeypot: "http://spam.example" }),
    ).toEqual({
      status: "refused",
    });
    expect((await handle.db.select().from(messages)).length).toBe(before);
  });

  it("limits messages per client address", async () => {
    const client = testClient();
    for (let i = 0; i < 5; i++) {
      expect((await submitMessage(contact(`Burst ${i}`), { clientIp: client.clientIp })).status).toBe("sent");
    }
    const sixth = await submitMessage(contact("Burst 6"), { clientIp: client.clientIp });
    expect(sixth.status).toBe("rate-limited");
    expect((await submitMessage(contact("Elsewhere"), { clientIp: testClient().clientIp })).status).toBe("sent");
  });

  it("keeps a pitch's fields in its details", async () => {
    const parsed = PitchSchema.parse({
      name: "Linus",
      email: "linus@example.com",
      proposedTitle: "Git internals",
      summary: "Objects and refs",
      links: "https://example.com/a\n\n https://example.com/b ",
    });
    expect(parsed.links).toEqual(["https://example.com/a", "https://example.com/b"]);
    expect(PitchSchema.safeParse({ ...parsed, links: "not a link" }).success).toBe(false);
    const outcome = await submitMessage(
      {
        kind: "pitch",
        name: parsed.name,
        email: parsed.email,
        subject: `Pitch: ${parsed.proposedTitle}`,
        body: parsed.summary,
        details: { proposedTitle: parsed.proposedTitle, summary: parsed.summary, links: parsed.links },
      },
      { clientIp: testClient().clientIp },
    );
    const stored = await getMessage(outcome.status === "sent" ? outcome.id : 0);
    expect(stored?.details).toEqual({
      proposedTitle: "Git internals",
      summary: "Objects and refs",
      links: ["https://example.com/a", "https://example.com/b"],
    });
  });

  it("reads, archives and unarchives with audit entries; filters count by status", async () => {
    const outcome = await submitMessage(contact("To be archived"), { clientIp: testClient().clientIp });
    const id = outcome.status === "sent" ? outcome.id : 0;
    const unread = await listMessages("unread");
    expect(unread.messages.map((message) => message.id)).toContain(id);

    expect(await markRead(admin, id)).toBe(true);
    expect(await markRead(admin, id)).toBe(false);
    expect((await listMessages("read")).messages.map((message) => message.id)).toContain(id);

    expect(await setArchived(admin, id, true)).toBe(true);
    const inbox = await listMessages("inbox");
    expect(inbox.messages.map((message) => message.id)).not.toContain(id);
    const archived = await listMessages("archived");
    expect(archived.messages.map((message) => message.id)).toEqual([id]);
    expect(archived.counts.archived).toBe(1);

    expect(await setArchived(admin, id, false)).toBe(true);
    expect((await getMessage(id))?.status).toBe("read");
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(entries.map((entry) => [entry.kind, entry.action])).toEqual([
      ["message", "read"],
      ["message", "archived"],
      ["message", "unarchived"],
    ]);
  });
});
