import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { detectImage, MEDIA_MESSAGES } from "~/media/detect.server";
import { inspect, MAX_PIXELS, MediaError, processImage, variantWidths } from "~/media/process.server";
import { animatedGif, phonePhotoWithGps, photo, pngClaiming } from "./images";

const refusal = (bytes: Uint8Array) => {
  const detected = detectImage(bytes);
  return detected.ok ? null : detected.message;
};

describe("detection by bytes", () => {
  it("recognises PNG, JPEG, WebP, AVIF and GIF whatever they are called", async () => {
    for (const format of ["png", "jpeg", "webp", "avif"] as const) {
      expect(detectImage(await photo(40, 30, format))).toEqual({ ok: true, format });
    }
    expect(detectImage(await animatedGif())).toEqual({ ok: true, format: "gif" });
  });

  it("refuses an empty file, SVG, HTML and other files with a sentence", () => {
    expect(refusal(new Uint8Array())).toBe(MEDIA_MESSAGES.empty);
    expect(refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBe(
      MEDIA_MESSAGES.svg,
    );
    expect(refusal(Buffer.from('\uFEFF<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      MEDIA_MESSAGES.svg,
    );
    expect(refusal(Buffer.from("<!DOCTYPE html><html><body>hi</body></html>"))).toBe(MEDIA_MESSAGES.markup);
    // A text file renamed to .png, a PDF, a ZIP: not images, whatever the name.
    expect(refusal(Buffer.from("just some notes"))).toBe(MEDIA_MESSAGES.unknown);
    expect(refusal(Buffer.from("%PDF-1.7\n…"))).toBe(MEDIA_MESSAGES.unknown);
    expect(refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(MEDIA_MESSAGES.unknown);
  });

  it("refuses polyglots: a GIF that is also JavaScript, an image carrying an HTML page", async () => {
    const gif = await animatedGif();
    const gifScript = Buffer.concat([
      Buffer.from("GIF89a/*"),
      gif.subarray(8),
      Buffer.from("*/=1;alert(document.domain);"),
    ]);
    expect(refusal(gifScript)).toBe(MEDIA_MESSAGES.polyglot);
    const withHtml = Buffer.concat([await photo(40, 30, "png"), Buffer.from("<html><script>alert(1)</script></html>")]);
    expect(refusal(withHtml)).toBe(MEDIA_MESSAGES.polyglot);
    const gifHtml = Buffer.concat([gif.subarray(0, 13), Buffer.from("<html><body onload=alert(1)>"), gif.subarray(13)]);
    expect(refusal(gifHtml)).toBe(MEDIA_MESSAGES.polyglot);
  });
});

describe("processing", () => {
  it("strips EXIF and GPS, applies the orientation and keeps the format", async () => {
    const input = await phonePhotoWithGps();
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("PhoneMaker");
    const image = await processImage(input, "jpeg");
    // 400 × 300 stored rotated: shown upright as 300 × 400.
    expect([image.width, image.height]).toEqual([300, 400]);
    const after = await sharp(image.original).metadata();
    expect(after.format).toBe("jpeg");
    expect([after.width, after.height]).toEqual([300, 400]);
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.original.toString("latin1")).not.toContain("PhoneMaker");
    for (const variant of image.variants) expect((await sharp(variant.bytes).metadata()).exif).toBeUndefined();
  });

  it("makes WebP and AVIF at 480/960/1600, never upscaled", async () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(1000)).toEqual([480, 1000]);
    expect(variantWidths(300)).toEqual([300]);
    const image = await processImage(await photo(1200, 800, "png"), "png");
    expect(image.variants.map((variant) => `${variant.format}@${variant.width}x${variant.height}`)).toEqual([
      "webp@480x320",
      "avif@480x320",
      "webp@960x640",
      "avif@960x640",
      "webp@1200x800",
      "avif@1200x800",
    ]);
    for (const variant of image.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(variant.width);
    }
  });

  it("keeps an animated GIF animated (the original and its WebP)", async () => {
    const image = await processImage(await animatedGif(), "gif");
    expect(image.animated).toBe(true);
    expect([image.width, image.height]).toEqual([64, 48]);
    expect((await sharp(image.original, { animated: true }).metadata()).pages).toBe(2);
    expect(image.variants.map((variant) => variant.format)).toEqual(["webp"]);
    expect((await sharp(image.variants[0]!.bytes, { animated: true }).metadata()).pages).toBe(2);
  });

  it("refuses a decompression bomb from its header, before decoding", async () => {
    const bomb = await pngClaiming(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(10_000);
    const started = performance.now();
    const error = await processImage(bomb, "png").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).status).toBe(422);
    expect((error as MediaError).message).toBe(MEDIA_MESSAGES.tooManyPixels(100_000, 100_000, MAX_PIXELS));
    expect(performance.now() - started).toBeLessThan(1000);
    // Just under the limit is fine as far as the header goes.
    await expect(inspect(await pngClaiming(7000, 7000), "png")).resolves.toMatchObject({ width: 7000 });
  });

  it("refuses truncated files as damaged", async () => {
    for (const format of ["jpeg", "png", "webp"] as const) {
      const whole = await photo(600, 400, format);
      const error = await processImage(whole.subarray(0, Math.floor(whole.length / 2)), format).catch(
        (caught: unknown) => caught,
      );
      expect(error, format).toBeInstanceOf(MediaError);
      expect((error as MediaError).message).toBe(MEDIA_MESSAGES.damaged);
    }
  });
});
