/** Real images for the media tests, made with sharp (no binary fixtures in the repository). */
import { crc32 } from "node:zlib";
import sharp from "sharp";

/** A picture with some detail (so encoders have work), `width` × `height`. */
export async function photo(width = 1200, height = 800, format: "jpeg" | "png" | "webp" | "avif" = "jpeg") {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#10b981"/>
    <text x="20" y="${height - 30}" font-size="40" fill="#fff">DevPerspective</text></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A JPEG straight from a "phone": camera make, GPS position and an orientation of 6 (rotated 90°). */
export async function phonePhotoWithGps() {
  return sharp(await photo(400, 300, "png"))
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Pocket 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "48/1 51/1 2976/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "2/1 17/1 4/1",
      },
    })
    .toBuffer();
}

/** A two-frame animated GIF, 64 × 48. */
export async function animatedGif() {
  const frame = (colour: string) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
      .png()
      .toBuffer();
  return sharp([await frame("#ff0000"), await frame("#00ff00")], { join: { animated: true } })
    .gif({ delay: [200, 200], loop: 0 })
    .toBuffer();
}

/** A valid small PNG whose header claims `width` × `height` (CRC fixed, so decoders believe it). */
export async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(await photo(32, 32, "png"));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}
