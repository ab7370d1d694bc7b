/**
 * Uploaded images in rendered markdown: an image whose URL is /media/{hash}.{ext} becomes a
 * <picture> with an AVIF source, a WebP srcset, sizes, width and height.
 */
import type { Element } from "hast";

/** What rendering needs to know of an uploaded image (app/media), found by its hash. */
export type UploadedImage = {
  width: number;
  height: number;
  variants: Array<{ width: number; format: "webp" | "avif"; url: string }>;
};

/** The article column is max-w-3xl (48rem): an image is never shown wider. */
export const ARTICLE_IMAGE_SIZES = "(min-width: 48rem) 48rem, 100vw";

const UPLOAD_PATH = /^\/media\/([0-9a-f]{64})\.(?:png|jpg|webp|avif|gif)$/;

/** The upload hash of an image source on this site (/media/{hash}.{ext}), or null. */
export function uploadHash(src: string, host: string | null): string | null {
  let path = src;
  if (/^(?:https?:)?\/\//i.test(src)) {
    try {
      const url = new URL(src, "https://relative.invalid");
      if (host === null || url.host.toLowerCase() !== host) return null;
      path = url.pathname;
    } catch {
      return null;
    }
  }
  return UPLOAD_PATH.exec(path)?.[1] ?? null;
}

function srcset(variants: UploadedImage["variants"], format: "webp" | "avif") {
  return variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}

/** <picture> for an uploaded image: AVIF first (when made), WebP in the <img> itself. */
export function pictureFor(img: Element, image: UploadedImage): Element {
  const avif = srcset(image.variants, "avif");
  const webp = srcset(image.variants, "webp");
  img.properties.width = image.width;
  img.properties.height = image.height;
  if (webp) {
    img.properties.srcSet = webp;
    img.properties.sizes = ARTICLE_IMAGE_SIZES;
  }
  const sources: Element[] = avif
    ? [
        {
          type: "element",
          tagName: "source",
          properties: { type: "image/avif", srcSet: avif, sizes: ARTICLE_IMAGE_SIZES },
          children: [],
        },
      ]
    : [];
  return { type: "element", tagName: "picture", properties: {}, children: [...sources, img] };
}
