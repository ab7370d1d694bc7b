/**
 * Integrations: the command line's create / list / delete (../shared/contract.md's JSON line),
 * names, regenerated keys, the audit log; and the Admin API token checked as Ghost checks it
 * (signed here with node:crypto, not with the library the app verifies with).
 */
import { createHmac } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, getDb, setDatabaseHandle } from "~/db/db.server";
import { auditLog } from "~/db/schema";
import { IntegrationCommandSchema, runIntegrationCommand } from "~/integrations/integration-command.server";
import {
  createIntegration,
  findIntegrationByName,
  IntegrationNameTakenError,
  integrationByAdminKeyId,
  integrationByContentKey,
  regenerateIntegrationKeys,
  renameIntegration,
} from "~/integrations/integrations.server";
import { ghostToken, verifyAdminToken } from "~/integrations/keys.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const ACTOR = { id: null, fullName: "test" } as const;

describe.each(testDatabaseKinds())("integrations on %s", (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it("integration create prints one JSON line with Ghost-format keys; list and delete follow", async () => {
    const create = IntegrationCommandSchema.parse({ action: "create", name: "  CI publisher " });
    const answer = await runIntegrationCommand(create);
    expect(answer.ok).toBe(true);
    const line = JSON.parse(answer.message);
    expect(Object.keys(line)).toEqual(["name", "role", "contentKey", "adminKey", "apiUrl"]);
    expect(line).toMatchObject({ name: "CI publisher", role: "editor" });
    expect(line.contentKey).toMatch(/^[0-9a-f]{26}$/);
    expect(line.adminKey).toMatch(/^[0-9a-f]{24}:[0-9a-f]{64}$/);
    expect(line.apiUrl).toMatch(/^https?:\/\//);

    const again = await runIntegrationCommand(create);
    expect(again).toEqual({ ok: false, message: 'An integration named "CI publisher" already exists.' });

    const list = await runIntegrationCommand({ action: "list" });
    const listed = list.message.split("\n").map((text) => JSON.parse(text));
    expect(listed).toEqual([
      { name: "CI publisher", role: "editor", contentKey: line.contentKey, adminKeyId: line.adminKey.split(":")[0] },
    ]);
    expect(list.message).not.toContain(line.adminKey.split(":")[1]);

    expect(await runIntegrationCommand({ action: "delete", name: "ci PUBLISHER" })).toEqual({
      ok: true,
      message: "deleted integration CI publisher",
    });
    expect(await runIntegrationCommand({ action: "delete", name: "CI publisher" })).toEqual({
      ok: false,
      message: 'No integration is named "CI publisher".',
    });
    expect(await integrationByContentKey(line.contentKey)).toBeNull();
    const db = await getDb();
    const entries = await db
      .select({ action: auditLog.action, actor: auditLog.actorName })
      .from(auditLog)
      .where(eq(auditLog.kind, "integration"))
      .orderBy(desc(auditLog.id));
    expect(entries.slice(0, 2)).toEqual([
      { action: "deleted", actor: "npm run admin" },
      { action: "created", actor: "npm run admin" },
    ]);
  });

  it("refuses a bad role or name on the command line", () => {
    expect(IntegrationCommandSchema.safeParse({ action: "create", name: "x", role: "reader" }).success).toBe(false);
    expect(IntegrationCommandSchema.safeParse({ action: "create", name: "   " }).success).toBe(false);
    expect(IntegrationCommandSchema.safeParse({ action: "create", name: "x".repeat(101) }).success).toBe(false);
    expect(IntegrationCommandSchema.parse({ action: "create", name: "x", role: "contributor" })).toMatchObject({
      role: "contributor",
    });
  });

  it("regenerating replaces both keys at once; renaming keeps them", async () => {
    const made = await createIntegration({ name: "Zapier", role: "author" }, ACTOR);
    const renamed = await renameIntegration(made.id, { name: "Zapier (blog)", role: "contributor" }, ACTOR);
    expect(renamed).toMatchObject({ name: "Zapier (blog)", role: "contributor", contentKey: made.contentKey });
    const fresh = await regenerateIntegrationKeys(made.id, ACTOR);
    expect(fresh!.contentKey).not.toBe(made.contentKey);
    expect(fresh!.adminKey).not.toBe(made.adminKey);
    expect(await integrationByContentKey(made.contentKey)).toBeNull();
    expect(await integrationByAdminKeyId(made.adminKey.split(":")[0]!)).toBeNull();
    expect((await integrationByAdminKeyId(fresh!.adminKeyId))?.secret).toBe(fresh!.adminKey.split(":")[1]);
    await createIntegration({ name: "Other", role: "editor" }, ACTOR);
    await expect(renameIntegration(made.id, { name: "other", role: "editor" }, ACTOR)).rejects.toBeInstanceOf(
      IntegrationNameTakenError,
    );
    expect(await findIntegrationByName("ZAPIER (BLOG)")).toMatchObject({ id: made.id });
  });
});

/** A JWT as Ghost's Admin API client makes it: HS256 over the hex-decoded secret. */
function sign(header: object, payload: object, secretHex: string) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part(header)}.${part(payload)}`;
  const signature = createHmac("sha256", Buffer.from(secretHex, "hex")).update(body).digest("base64url");
  return `${body}.${signature}`;
}

describe("the Admin API token", () => {
  const id = "0123456789abcdef01234567";
  const secret = "ab".repeat(32);
  const lookup = async (kid: string) => (kid === id ? secret : null);
  const now = Date.UTC(2026, 11, 7, 12, 0, 0);
  const iat = Math.floor(now / 1000);
  const token = (payload: object, header: object = { alg: "HS256", typ: "JWT", kid: id }, key = secret) =>
    sign(header, { iat, exp: iat + 300, aud: "/admin/", ...payload }, key);

  it("is read from `Authorization: Ghost {token}` only", () => {
    const value = token({});
    expect(ghostToken(`Ghost ${value}`)).toBe(value);
    expect(ghostToken(`Bearer ${value}`)).toBeNull();
    expect(ghostToken(null)).toBeNull();
    expect(ghostToken("Ghost not-a-jwt")).toBeNull();
  });

  it("accepts Ghost's audiences, refuses every other kind of token with its reason", async () => {
    for (const aud of ["/admin/", "/v3/admin/", "/v4/admin/", "/v5.0/admin/", "/canary/admin/"]) {
      expect(await verifyAdminToken(token({ aud }), lookup, now), aud).toEqual({ ok: true, keyId: id });
    }
    const cases: [string, string][] = [
      [token({ aud: "/content/" }), "audience"],
      [token({}, { alg: "HS256", typ: "JWT", kid: "ffffffffffffffffffffffff" }), "unknown key"],
      [token({}, { alg: "HS256", typ: "JWT" }), "unknown key"],
      [token({}, undefined, "cd".repeat(32)), "bad signature"],
      [token({ iat: iat - 600, exp: iat - 300 }), "expired"],
      [token({ iat: iat + 600, exp: iat + 900 }), "future"],
      [token({ exp: iat + 3600 }), "too long"],
      [token({}, { alg: "none", typ: "JWT", kid: id }), "malformed"],
      ["a.b.c", "malformed"],
    ];
    for (const [value, refusal] of cases) {
      expect(await verifyAdminToken(value, lookup, now), refusal).toEqual({ ok: false, refusal });
    }
    // A small clock skew is allowed.
    expect((await verifyAdminToken(token({ iat: iat + 10, exp: iat + 310 }), lookup, now)).ok).toBe(true);
  });
});
