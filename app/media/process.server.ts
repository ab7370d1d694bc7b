/**
 * Turns an accepted upload into what is stored and served, with sharp (libvips):
 *
 * 1. Dimensions from the header only (`metadata()`, no pixel decoded), checked against the pixel
 *    limit: a 100 000 × 100 000 "decompression bomb" of a few kilobytes is refused before libvips
 *    allocates anything. `limitInputPixels` repeats the limit inside the decoder.
 * 2. The original, re-encoded in its own format with the EXIF orientation applied and every
 *    metadata block dropped (EXIF, GPS, XMP, comments; the ICC profile is converted to sRGB).
 *    Re-encoding also drops whatever a file carried after or between its image data.
 * 3. Variants: WebP at 480, 960 and 1600 pixels wide (never wider than the original), and AVIF at
 *    the same widths for still images (docs/decisions/0009-image-storage.md has the figures). An
 *    animated GIF stays animated (the original as GIF, the variants as animated WebP).
 * A file the decoder finds truncated or corrupt is refused (`failOn: "warning"`).
 */
import sharp, { type Metadata, type Sharp } from "sharp";
import { type ImageFormat, IMAGE_TYPES, MEDIA_MESSAGES } from "./detect.server";

/** Pixels of one frame; larger images are refused before decoding. 50 MP covers 48 MP phone photos. */
export const MAX_PIXELS = 50_000_000;
/** Pixels of all frames of an animation together. */
export const MAX_ANIMATION_PIXELS = 100_000_000;
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
export type VariantFormat = "webp" | "avif";

export const WEBP_QUALITY = 80;
export const AVIF_QUALITY = 50;
export const AVIF_EFFORT = 2;

export class MediaError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "MediaError";
  }
}

export type ProcessedVariant = { width: number; height: number; format: VariantFormat; bytes: Buffer };

export type ProcessedImage = {
  format: ImageFormat;
  mime: string;
  width: number;
  height: number;
  animated: boolean;
  /** The original, cleaned: orientation applied, metadata removed. */
  original: Buffer;
  variants: ProcessedVariant[];
};

/** Header-only facts, or a MediaError (422) for bombs and unreadable headers. */
export async function inspect(bytes: Buffer, format: ImageFormat) {
  let meta: Metadata;
  try {
    // No pixel limit here: the header is all that is read, and the limit is checked below with a clear message.
    meta = await sharp(bytes, { animated: format === "gif" || format === "webp", limitInputPixels: false }).metadata();
  } catch {
    throw new MediaError(422, MEDIA_MESSAGES.damaged);
  }
  const pages = Math.max(1, meta.pages ?? 1);
  const width = meta.width ?? 0;
  // For animations `height` is all frames stacked; pageHeight is one frame.
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (width <= 0 || frameHeight <= 0) throw new MediaError(422, MEDIA_MESSAGES.damaged);
  if (width * frameHeight > MAX_PIXELS || width * frameHeight * pages > MAX_ANIMATION_PIXELS) {
    throw new MediaError(422, MEDIA_MESSAGES.tooManyPixels(width, frameHeight, MAX_PIXELS));
  }
  // EXIF orientations 5 to 8 swap width and height.
  const swapped = (meta.orientation ?? 1) >= 5;
  return {
    width: swapped ? frameHeight : width,
    height: swapped ? width : frameHeight,
    animated: pages > 1,
    pages,
  };
}

function encodeOriginal(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "png":
      return pipeline.png({ compressionLevel: 9, effort: 4 });
    case "jpeg":
      return pipeline.jpeg({ quality: 88, mozjpeg: true });
    case "webp":
      return pipeline.webp({ quality: 88 });
    case "avif":
      return pipeline.avif({ quality: 60, effort: AVIF_EFFORT });
    case "gif":
      return pipeline.gif();
  }
}

/** The widths to make for an image `width` wide: never upscaled, none within 10% of the full width. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((candidate) => candidate < width * 0.9);
  if (width <= VARIANT_WIDTHS.at(-1)!) widths.push(width);
  return widths;
}

export async function processImage(bytes: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  const facts = await inspect(bytes, format);
  const animated = facts.animated;
  const source = () =>
    sharp(bytes, {
      animated,
      failOn: "warning",
      limitInputPixels: animated ? MAX_ANIMATION_PIXELS : MAX_PIXELS,
    }).autoOrient();
  try {
    // Default sharp output carries no metadata (no EXIF, GPS, XMP or comments).
    const original = await encodeOriginal(source(), format).toBuffer();
    const variants: ProcessedVariant[] = [];
    for (const width of variantWidths(facts.width)) {
      const height = Math.max(1, Math.round((facts.height * width) / facts.width));
      const resized = () => source().resize({ width, withoutEnlargement: true });
      const webp = await resized().webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
      variants.push({ width, height, format: "webp", bytes: webp });
      if (!animated) {
        const avif = await resized().avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT }).toBuffer();
        variants.push({ width, height, format: "avif", bytes: avif });
      }
    }
    return {
      format,
      mime: IMAGE_TYPES[format].mime,
      width: facts.width,
      height: facts.height,
      animated,
      original,
      variants,
    };
  } catch (error) {
    if (error instanceof MediaError) throw error;
    // libvips' own words ("VipsJpeg: premature end of…") are for the log, not the author.
    throw new MediaError(422, MEDIA_MESSAGES.damaged);
  }
}
