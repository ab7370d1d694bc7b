import sharp from "sharp";
import { crc32 } from "node:zlib";
import { processImage } from "./app/media/process.server";
const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#fff" } }).png().toBuffer();
const b2 = Buffer.from(png); b2.writeUInt32BE(100000, 16); b2.writeUInt32BE(100000, 20); b2.writeUInt32BE(crc32(b2.subarray(12, 29)) >>> 0, 29);
let t = performance.now();
try { await processImage(b2, "png"); } catch (e) { console.log("bomb2", (e as Error).message, performance.now() - t); }
const rot = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#00f" } }).jpeg().withMetadata({ orientation: 6 }).withExif({ IFD0: { Make: "Cam" }, GPS: { GPSLatitudeRef: "N" } } as never).toBuffer();
const rm = await sharp(rot).metadata(); console.log("rot in", rm.orientation, rm.exif?.toString("latin1").includes("Cam"), rm.exif?.toString("latin1"));
const ro = await processImage(rot, "jpeg"); console.log("rot out", ro.width, ro.height, (await sharp(ro.original).metadata()).width, (await sharp(ro.original).metadata()).exif);
