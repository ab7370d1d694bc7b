/**
 * The Admin API driven by Ghost's own client (@tryghost/admin-api: its JWT made by jsonwebtoken,
 * not by the library the app verifies with), over real HTTP, on both databases: add from HTML and
 * from Markdown, publish, read back through the Content API, a stale updated_at refused with 409,
 * a whole post sent back, delete, a Contributor-role integration refused publishing, bad tokens
 * and bodies refused in Ghost's envelope, every write in the audit log under the integration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import GhostAdminAPI from "@tryghost/admin-api";
import sharp from "sharp";
import { desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { type DatabaseHandle, getDb, setDatabaseHandle } from "~/db/db.server";
import { articles, auditLog } from "~/db/schema";
import { createIntegration, deleteIntegration } from "~/integrations/integrations.server";
import { readMediaFile } from "~/media/media.server";
import { seedDemoContent } from "~/seed/seed.server";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";
import { type ApiServer, startApiServer } from "./api-server";

const ACTOR = { id: null, fullName: "test" } as const;
type Post = Record<string, unknown> & { id: string; slug: string; updated_at: string; status: string };

describe.each(testDatabaseKinds())("the Admin API on %s", (kind) => {
  let handle: DatabaseHandle;
  let server: ApiServer;
  let api: GhostAdminAPI;
  let contentKey: string;
  let adminKey: string;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    await createOrPromoteAdmin({
      email: "owner@example.com",
      password: "correct horse battery",
      fullName: "Site Owner",
    });
    server = await startApiServer();
    const made = await createIntegration({ name: "CI publisher", role: "editor" }, ACTOR);
    contentKey = made.contentKey;
    adminKey = made.adminKey;
    api = new GhostAdminAPI({ url: server.url, key: adminKey, version: "v5.0" });
  });
  afterAll(async () => {
    await server?.close();
    await handle.close();
  });

  const content = (path: string) =>
    fetch(`${server.url}/ghost/api/content/${path}${path.includes("?") ? "&" : "?"}key=${contentKey}`);

  it("adds a published post from HTML: it is on the Content API, converted to the site's Markdown", async () => {
    const added = (await api.posts.add(
      {
        title: "Shipping from CI",
        html: "<h2>Why</h2><p>Because <strong>Git</strong> is the source of truth.</p><script>alert(1)</script>",
        status: "published",
        tags: [{ name: "Tutorials" }, { name: "ci" }],
        custom_excerpt: "Publish with a pipeline.",
      },
      { source: "html", formats: "html,markdown" },
    )) as Post;
    expect(added.status).toBe("published");
    expect(added.slug).toBe("shipping-from-ci");
    expect(added.markdown).toContain("**Git**");
    expect(added.html).toContain("<strong>Git</strong>");
    expect(String(added.html)).not.toContain("<script");
    const read = await content(`posts/slug/${added.slug}/?include=tags`);
    expect(read.status).toBe(200);
    const body = await read.json();
    expect(body.posts[0].custom_excerpt).toBe("Publish with a pipeline.");
    expect(body.posts[0].tags.map((tag: { slug: string }) => tag.slug)).toContain("ci");
    // The same title again gets a free slug, as in Ghost.
    const again = (await api.posts.add({ title: "Shipping from CI", markdown: "Second." })) as Post;
    expect(again.slug).toBe("shipping-from-ci-2");
    expect(again.status).toBe("draft");
  });

  it("adds a Markdown draft, publishes it with its updated_at, and refuses a stale one with 409", async () => {
    const draft = (await api.posts.add({
      title: "Draft from Obsidian",
      markdown: "# Hello\n\nWritten *elsewhere*.",
    })) as Post;
    expect(draft.status).toBe("draft");
    expect((await content(`posts/slug/${draft.slug}/`)).status).toBe(404);
    const published = (await api.posts.edit({
      id: draft.id,
      updated_at: draft.updated_at,
      status: "published",
    })) as Post;
    expect(published.status).toBe("published");
    expect((await content(`posts/slug/${draft.slug}/`)).status).toBe(200);
    await expect(
      api.posts.edit({ id: draft.id, updated_at: draft.updated_at, title: "Overwritten" }),
    ).rejects.toMatchObject({
      type: "UpdateCollisionError",
    });
    // A whole post sent back (unknown fields and all) with its current updated_at is an edit.
    const whole = (await api.posts.read({ id: draft.id })) as Post;
    const edited = (await api.posts.edit({ ...whole, title: "Draft from Obsidian, revised", lexical: "{}" })) as Post;
    expect(edited.title).toBe("Draft from Obsidian, revised");
    expect(edited.updated_at).not.toBe(whole.updated_at);
    // Back to draft: the editor's Unpublish.
    const unpublished = (await api.posts.edit({
      id: draft.id,
      updated_at: edited.updated_at,
      status: "draft",
    })) as Post;
    expect(unpublished.status).toBe("draft");
    expect((await content(`posts/slug/${draft.slug}/`)).status).toBe(404);
  });

  it("deletes a post (204) and the Content API no longer has it", async () => {
    const post = (await api.posts.add({ title: "Short lived", markdown: "Gone soon.", status: "published" })) as Post;
    expect((await content(`posts/${post.id}/`)).status).toBe(200);
    await api.posts.delete({ id: post.id });
    expect((await content(`posts/${post.id}/`)).status).toBe(404);
    await expect(api.posts.read({ id: post.id })).rejects.toMatchObject({ type: "NotFoundError" });
  });

  it("browses every status with filters, and reads by slug", async () => {
    const drafts = (await api.posts.browse({ filter: "status:draft", limit: "all" })) as Post[];
    expect(drafts.length).toBeGreaterThan(0);
    expect(drafts.every((post) => post.status === "draft")).toBe(true);
    const [first] = (await api.posts.browse({ limit: 1 })) as Post[];
    const bySlug = (await api.posts.read({ slug: first!.slug })) as Post;
    expect(bySlug.id).toBe(first!.id);
    const site = (await api.site.read()) as { title: string; url: string };
    expect(site.title).toBeTruthy();
  });

  it("lets a Contributor-role integration write drafts but never publish", async () => {
    const contributor = await createIntegration({ name: "Guest writer", role: "contributor" }, ACTOR);
    const guest = new GhostAdminAPI({ url: server.url, key: contributor.adminKey, version: "v5.0" });
    const draft = (await guest.posts.add({ title: "A guest draft", markdown: "Please review." })) as Post;
    expect(draft.status).toBe("draft");
    await expect(guest.posts.add({ title: "Sneaky", markdown: "Live?", status: "published" })).rejects.toMatchObject({
      type: "NoPermissionError",
    });
    await expect(
      guest.posts.edit({ id: draft.id, updated_at: draft.updated_at, status: "published" }),
    ).rejects.toMatchObject({
      type: "NoPermissionError",
    });
    await expect(guest.posts.delete({ id: draft.id })).rejects.toMatchObject({ type: "NoPermissionError" });
    const db = await getDb();
    expect(await db.select().from(articles).where(eq(articles.slug, "sneaky"))).toHaveLength(0);
  });

  it("refuses missing, wrong and revoked tokens and bad bodies in Ghost's envelope, writing nothing", async () => {
    const posts = `${server.url}/ghost/api/admin/posts/`;
    const none = await fetch(posts);
    expect(none.status).toBe(401);
    expect((await none.json()).errors[0].type).toBe("UnauthorizedError");
    const contentKeyAsAdmin = await fetch(posts, { headers: { Authorization: `Ghost ${contentKey}` } });
    expect(contentKeyAsAdmin.status).toBe(401);
    const [keyId] = adminKey.split(":");
    const forged = new GhostAdminAPI({ url: server.url, key: `${keyId}:${"0".repeat(64)}`, version: "v5.0" });
    await expect(forged.posts.browse()).rejects.toMatchObject({ type: "UnauthorizedError" });

    const revoked = await createIntegration({ name: "Revoked", role: "administrator" }, ACTOR);
    const client = new GhostAdminAPI({ url: server.url, key: revoked.adminKey, version: "v5.0" });
    await client.posts.browse({ limit: 1 });
    await deleteIntegration(revoked.id, ACTOR);
    await expect(client.posts.add({ title: "After revoke", markdown: "No." })).rejects.toMatchObject({
      type: "UnauthorizedError",
    });

    // A valid token with a body that is not JSON, or the wrong shape.
    const token = await new Promise<string>((resolve) => {
      const probe = new GhostAdminAPI({
        url: server.url,
        key: adminKey,
        version: "v5.0",
        makeRequest: ({ headers }: { headers: Record<string, string> }) => {
          resolve(headers.Authorization!);
          return Promise.resolve({ posts: [] });
        },
      } as never);
      void probe.posts.browse();
    });
    const post = (body: string, type = "application/json") =>
      fetch(posts, { method: "POST", headers: { Authorization: token, "Content-Type": type }, body });
    expect((await post("title=x", "application/x-www-form-urlencoded")).status).toBe(415);
    expect((await post("{not json")).status).toBe(400);
    expect((await post(JSON.stringify({ posts: "x" }))).status).toBe(400);
    const invalid = await post(JSON.stringify({ posts: [{ title: "", markdown: "x" }] }));
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).errors[0].type).toBe("ValidationError");
    const db = await getDb();
    expect(await db.select().from(articles).where(like(articles.slug, "after-revoke%"))).toHaveLength(0);
  });

  it("names the integration in the audit log for every write", async () => {
    const db = await getDb();
    const entries = await db
      .select({ actor: auditLog.actorName, action: auditLog.action, actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.kind, "article"))
      .orderBy(desc(auditLog.id));
    const byIntegration = entries.filter((entry) => entry.actor.startsWith("Integration: "));
    expect(byIntegration.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["created-published", "created-draft", "published", "unpublished", "deleted"]),
    );
    expect(byIntegration.every((entry) => entry.actorUserId === null)).toBe(true);
    expect(byIntegration.some((entry) => entry.actor === "Integration: Guest writer")).toBe(true);
  });
});

describe.each(testDatabaseKinds())("the Admin API's images, tags and users on %s", (kind) => {
  let handle: DatabaseHandle;
  let server: ApiServer;
  let api: GhostAdminAPI;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dp-api-images-"));

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    await seedDemoContent();
    server = await startApiServer();
    const made = await createIntegration({ name: "Images", role: "author" }, ACTOR);
    api = new GhostAdminAPI({ url: server.url, key: made.adminKey, version: "v5.0" });
  });
  afterAll(async () => {
    await server?.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("uploads an image through the media pipeline (metadata stripped) and serves it; a non-image is a 415", async () => {
    const photo = path.join(dir, "photo.jpg");
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
      .withExif({ IFD0: { Copyright: "Secret camera" } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(photo, jpeg);
    const uploaded = (await api.images.upload({ file: photo, ref: "cover" })) as { url: string; ref: string };
    expect(uploaded.ref).toBe("cover");
    expect(uploaded.url).toMatch(/\/media\/[0-9a-f]{64}\.jpg$/);
    const served = await readMediaFile(uploaded.url.split("/").pop()!);
    expect(served?.mime).toBe("image/jpeg");
    expect((await sharp(served!.bytes).metadata()).exif).toBeUndefined();
    const fake = path.join(dir, "fake.png");
    fs.writeFileSync(fake, "not an image at all");
    await expect(api.images.upload({ file: fake })).rejects.toMatchObject({ type: "UnsupportedMediaTypeError" });
  });

  it("reads tags and users (the author profiles)", async () => {
    const tags = (await api.tags.browse({ limit: "all" })) as { slug: string }[];
    expect(tags.length).toBeGreaterThan(0);
    const users = (await api.users.browse()) as { slug: string }[];
    expect(users.length).toBeGreaterThan(0);
    const one = (await api.users.read({ slug: users[0]!.slug })) as { slug: string };
    expect(one.slug).toBe(users[0]!.slug);
  });
});
