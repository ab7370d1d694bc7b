/**
 * What an uploaded file is, from its bytes alone: never from its name or its declared type.
 *
 * Accepted: PNG, JPEG, WebP, AVIF and GIF, each recognised by its signature. Refused with a
 * sentence the author can act on: an empty file, SVG (an image format that can carry script),
 * HTML or XML, any other format, and polyglots: a file that is a valid image *and* carries
 * markup or a script a browser could be tricked into running (a GIF whose header opens a
 * JavaScript comment, an image with an HTML document inside). Whatever passes is still re-encoded
 * (process.server.ts), which drops anything hidden after or between the image data.
 */

export type ImageFormat = "png" | "jpeg" | "webp" | "avif" | "gif";

export const IMAGE_TYPES: Record<ImageFormat, { mime: string; ext: string }> = {
  png: { mime: "image/png", ext: "png" },
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  webp: { mime: "image/webp", ext: "webp" },
  avif: { mime: "image/avif", ext: "avif" },
  gif: { mime: "image/gif", ext: "gif" },
};

export const MEDIA_MESSAGES = {
  empty: "The file is empty (0 bytes). Choose an image file.",
  svg: "SVG images are not accepted: they can contain scripts. Export the image as PNG or WebP and upload that.",
  markup: "This file is a web page or XML document, not an image. Upload a PNG, JPEG, WebP, AVIF or GIF image.",
  polyglot:
    "This file is an image with a web page or script hidden inside it, so it is not accepted. Export the image again from an image editor.",
  unknown: "This file is not an image we accept (whatever its name says). Upload a PNG, JPEG, WebP, AVIF or GIF image.",
  damaged: "The image is damaged or incomplete (was the upload cut short?). Export it again and upload the new file.",
  tooManyPixels: (width: number, height: number, limit: number) =>
    `The image is too large in pixels (${width} × ${height}); the limit is ${Math.round(limit / 1_000_000)} megapixels. Resize it and try again.`,
  tooLarge: (limitMb: number) => `The file is larger than ${limitMb} MB. Resize or compress the image and try again.`,
  noFile: "Choose an image file to upload.",
  inUse: (titles: string[]) =>
    `This image is used by ${titles.length === 1 ? "an article" : "articles"}: ${titles.join(", ")}. Remove it from them first.`,
  notFound: "This upload no longer exists.",
} as const;

export type Detection = { ok: true; format: ImageFormat } | { ok: false; message: string };

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((value, i) => bytes[i] === value);

/** The ISO-BMFF brands (major and compatible) of an `ftyp` box, or null when there is none. */
function ftypBrands(bytes: Uint8Array): string[] | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== "ftyp") return null;
  const size = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(size, bytes.length, 256);
  const brands = [ascii(bytes, 8, 4)];
  for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, 4));
  return brands;
}

function signatureFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  const brands = ftypBrands(bytes);
  if (brands?.some((brand) => brand === "avif" || brand === "avis")) return "avif";
  return null;
}

// Markup a browser would act on if it ever sniffed the file as HTML. Searched in the whole file:
// markers of 7+ characters, which compressed image data contains by chance about once in 10^8
// ten-megabyte files. The short ones (<html, <svg…) only in the first kilobyte, where sniffers
// look: anywhere in a 10 MB file they would turn up by chance about once in 10^4 files.
const MARKUP_ANYWHERE = /<(?:script|iframe|object[\s>]|!doctype\s+html)/i;
const MARKUP_AT_START = /<(?:html|body|head|svg|embed)[\s>/]/i;

/** The first bytes as text, without a BOM and leading white space. */
function leadingText(bytes: Uint8Array) {
  return Buffer.from(bytes.subarray(0, 1024))
    .toString("latin1")
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, "")
    .trimStart();
}

export function detectImage(bytes: Uint8Array): Detection {
  if (bytes.length === 0) return { ok: false, message: MEDIA_MESSAGES.empty };
  const format = signatureFormat(bytes);
  if (!format) {
    const text = leadingText(bytes);
    if (/^<svg[\s>]/i.test(text) || (/^<(\?xml|!doctype svg|!--)/i.test(text) && /<svg[\s>]/i.test(text))) {
      return { ok: false, message: MEDIA_MESSAGES.svg };
    }
    if (text.startsWith("<")) return { ok: false, message: MEDIA_MESSAGES.markup };
    return { ok: false, message: MEDIA_MESSAGES.unknown };
  }
  // GIFAR-style JavaScript polyglot: "GIF89a/*…*/=alert(1)" is a valid script (width bytes "/*").
  if (format === "gif" && bytes[6] === 0x2f && bytes[7] === 0x2a)
    return { ok: false, message: MEDIA_MESSAGES.polyglot };
  // Searched in latin1, where every byte is one character.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (MARKUP_AT_START.test(text.slice(0, 1024)) || MARKUP_ANYWHERE.test(text)) {
    return { ok: false, message: MEDIA_MESSAGES.polyglot };
  }
  return { ok: true, format };
}
