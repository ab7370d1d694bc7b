import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle, updateArticle } from "~/articles/save-article.server";
import { getEditableArticle } from "~/articles/admin-articles.server";
import { createOrPromoteAdmin } from "~/auth/admins.server";
import { type DatabaseHandle, queryRows, setDatabaseHandle } from "~/db/db.server";
import { ARTICLE_MESSAGES, type ArticleInput } from "~/lib/article-schema";
import { MEDIA_MESSAGES } from "~/media/detect.server";
import {
  deleteUpload,
  listLibrary,
  MAX_UPLOAD_BYTES,
  MediaError,
  readMediaFile,
  recentUploads,
  storeUpload,
} from "~/media/media.server";
import { animatedGif, phonePhotoWithGps, photo, pngClaiming } from "./images";
import { openTestDatabase, testDatabaseKinds } from "../support/databases";

const counts = async (handle: DatabaseHandle) => {
  const [row] = await queryRows<{ uploads: number; variants: number; blobs: number }>(
    handle.db,
    sql`select (select count(*)::int from media_uploads) as uploads, (select count(*)::int from media_variants) as variants,
        (select count(*)::int from media_blobs) as blobs`,
  );
  return row!;
};

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof MediaError ? { status: error.status, message: error.message } : error),
  );

describe.each(testDatabaseKinds())("media on %s", (kind) => {
  let handle: DatabaseHandle;
  let userId: number;

  const article = (overrides: Partial<ArticleInput> = {}): ArticleInput => ({
    title: "Screenshots",
    slug: `shots-${Math.random().toString(36).slice(2, 8)}`,
    content: "Some text.",
    excerpt: null,
    imageUrl: null,
    categoryId: null,
    featured: false,
    ...overrides,
  });

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    setDatabaseHandle(handle);
    userId = (await createOrPromoteAdmin({ email: "media@example.com", password: "secret12", fullName: "Media Admin" }))
      .userId;
  });
  afterAll(async () => {
    await handle.close();
  });

  it("stores a cleaned original, its variants and their bytes, and serves them by hash", async () => {
    const { upload, created } = await storeUpload({ bytes: await phonePhotoWithGps(), name: "holiday.jpg", userId });
    expect(created).toBe(true);
    expect(upload).toMatchObject({ originalName: "holiday.jpg", mime: "image/jpeg", width: 300, height: 400 });
    expect(upload.url).toMatch(/^\/media\/[0-9a-f]{64}\.jpg$/);
    expect(upload.variants.map((variant) => variant.url)).toEqual([
      `/media/${upload.hash}-300.webp`,
      `/media/${upload.hash}-300.avif`,
    ]);
    const original = await readMediaFile(`${upload.hash}.jpg`);
    expect(original?.mime).toBe("image/jpeg");
    expect(original?.etag).toBe(`"${upload.hash}"`);
    // What is stored is what was cleaned: no EXIF, no GPS.
    expect((await sharp(original!.bytes).metadata()).exif).toBeUndefined();
    expect(original!.bytes.toString("latin1")).not.toContain("PhoneMaker");
    const avif = await readMediaFile(`${upload.hash}-300.avif`);
    expect(avif?.mime).toBe("image/avif");
    // Wrong extension, unknown width, made-up hash, path tricks: nothing.
    for (const name of [
      `${upload.hash}.png`,
      `${upload.hash}-480.webp`,
      `${upload.hash}-300.jpg`,
      `${"0".repeat(64)}.jpg`,
      `../${upload.hash}.jpg`,
      `${upload.hash.toUpperCase()}.jpg`,
    ]) {
      expect(await readMediaFile(name), name).toBeNull();
    }
  });

  it("refuses bad files with a clear 4xx and stores nothing", async () => {
    const before = await counts(handle);
    const gif = await animatedGif();
    const cases: Array<[string, Uint8Array, number, string]> = [
      ["zero bytes", new Uint8Array(), 422, MEDIA_MESSAGES.empty],
      ["a text file renamed .png", Buffer.from("not an image at all"), 415, MEDIA_MESSAGES.unknown],
      ["SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 415, MEDIA_MESSAGES.svg],
      [
        "a GIF+JS polyglot",
        Buffer.concat([Buffer.from("GIF89a/*"), gif.subarray(8), Buffer.from("*/=alert(1)")]),
        415,
        MEDIA_MESSAGES.polyglot,
      ],
      ["a truncated JPEG", (await photo(800, 600)).subarray(0, 4000), 422, MEDIA_MESSAGES.damaged],
      [
        "a decompression bomb",
        await pngClaiming(60_000, 60_000),
        422,
        MEDIA_MESSAGES.tooManyPixels(60_000, 60_000, 50_000_000),
      ],
      ["over 10 MB", new Uint8Array(MAX_UPLOAD_BYTES + 1), 413, MEDIA_MESSAGES.tooLarge(10)],
    ];
    for (const [what, bytes, status, message] of cases) {
      expect(await refusalOf(storeUpload({ bytes, name: "x.png", userId })), what).toEqual({ status, message });
    }
    expect(await counts(handle)).toEqual(before);
  });

  it("stores the same image uploaded twice at once as one upload", async () => {
    const bytes = await photo(700, 500, "png");
    const before = await counts(handle);
    const results = await Promise.all([
      storeUpload({ bytes, name: "same-a.png", userId }),
      storeUpload({ bytes, name: "same-b.png", userId }),
      storeUpload({ bytes, name: "same-c.png", userId }),
    ]);
    expect(new Set(results.map((result) => result.upload.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const after = await counts(handle);
    expect(after.uploads - before.uploads).toBe(1);
    // 480 and 700 wide, WebP and AVIF: four variants, each with its bytes, plus the original's.
    expect(after.variants - before.variants).toBe(4);
    expect(after.blobs - before.blobs).toBe(5);
  });

  it("lists, finds by name, and deletes unused uploads with their bytes", async () => {
    const { upload } = await storeUpload({ bytes: await photo(500, 300, "webp"), name: "Diagram Final.webp", userId });
    const found = await listLibrary({ query: "diagram" });
    expect(found.items.map((item) => item.originalName)).toEqual(["Diagram Final.webp"]);
    expect(found.items[0]).toMatchObject({ width: 500, height: 300, usedBy: [] });
    expect((await listLibrary({ query: "100%_" })).items).toEqual([]);
    expect((await recentUploads(1))[0]?.id).toBe(upload.id);
    const before = await counts(handle);
    expect(await deleteUpload(upload.id)).toEqual({ status: "deleted", name: "Diagram Final.webp" });
    const after = await counts(handle);
    expect(before.uploads - after.uploads).toBe(1);
    expect(before.blobs - after.blobs).toBe(1 + upload.variants.length);
    expect(await readMediaFile(`${upload.hash}.webp`)).toBeNull();
    expect(await deleteUpload(upload.id)).toEqual({ status: "not-found" });
  });

  it("refuses to delete an upload in use, naming the articles; frees it once they stop using it", async () => {
    const { upload: inText } = await storeUpload({ bytes: await photo(900, 600), name: "screenshot.jpg", userId });
    const { upload: cover } = await storeUpload({ bytes: await photo(640, 360, "png"), name: "cover.png", userId });
    const saved = await createArticle({
      userId,
      input: article({
        title: "Uses Both",
        content: `Look:\n\n![The settings page](${inText.url})\n`,
        imageUrl: cover.url,
      }),
    });
    expect(saved.status).toBe("saved");
    if (saved.status !== "saved") return;
    for (const upload of [inText, cover]) {
      expect(await deleteUpload(upload.id)).toEqual({
        status: "in-use",
        name: upload.originalName,
        usedBy: [{ id: saved.id, title: "Uses Both", slug: saved.slug }],
      });
    }
    const library = await listLibrary({ query: "screenshot" });
    expect(library.items[0]?.usedBy.map((ref) => ref.title)).toEqual(["Uses Both"]);
    // The article drops both: they can go.
    const editable = await getEditableArticle(saved.id);
    const updated = await updateArticle({
      id: saved.id,
      userId,
      version: editable!.version,
      input: article({ title: "Uses Both", slug: saved.slug, content: "No images now." }),
    });
    expect(updated.status).toBe("saved");
    expect((await deleteUpload(inText.id)).status).toBe("deleted");
    expect((await deleteUpload(cover.id)).status).toBe("deleted");
  });

  it("renders uploaded images with sizes, srcset and picture; blocks images without alt text", async () => {
    const { upload } = await storeUpload({ bytes: await photo(2000, 1000), name: "wide.jpg", userId });
    const refused = await createArticle({
      userId,
      input: article({
        content: `![](${upload.url})\n\n![ok](/x.png)\n\n![ ](https://example.com/pics/chart%201.png)\n`,
      }),
    });
    expect(refused).toEqual({
      status: "invalid",
      fieldErrors: { content: [ARTICLE_MESSAGES.altMissing(["wide.jpg", "chart 1.png"])] },
    });
    const saved = await createArticle({
      userId,
      input: article({
        content: `![A wide chart](${upload.url})\n\n![Second](${upload.url})\n\n![Elsewhere](https://example.com/a.png)\n`,
      }),
    });
    expect(saved.status).toBe("saved");
    const [row] = await queryRows<{ content_html: string }>(
      handle.db,
      sql`select content_html from articles where slug = ${saved.status === "saved" ? saved.slug : ""}`,
    );
    const html = row!.content_html;
    const h = upload.hash;
    expect(html).toContain(
      `<picture><source type="image/avif" srcset="/media/${h}-480.avif 480w, /media/${h}-960.avif 960w, /media/${h}-1600.avif 1600w" sizes="(min-width: 48rem) 48rem, 100vw">`,
    );
    expect(html).toContain(
      `<img src="${upload.url}" alt="A wide chart" decoding="async" width="2000" height="1000" srcset="/media/${h}-480.webp 480w, /media/${h}-960.webp 960w, /media/${h}-1600.webp 1600w" sizes="(min-width: 48rem) 48rem, 100vw"></picture>`,
    );
    // Only the first image loads at once.
    expect(html).toContain(`alt="Second" loading="lazy"`);
    expect(html).toContain(`<img src="https://example.com/a.png" alt="Elsewhere" loading="lazy" decoding="async">`);
  });
});
