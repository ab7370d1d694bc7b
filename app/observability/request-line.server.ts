/**
 * The request log line on the hot path (decision 26): info lines batched into one buffer, and a
 * request's JSON line written straight into that buffer, field by field, as pino would write it
 * (`level`, `time`, `pid`, the fields, `msg`). No string is put together for it and none is
 * flattened or encoded again: the fixed parts are copied from bytes encoded once (the head with
 * the time and pid once per millisecond), ASCII fields are copied as they are, numbers are written
 * digit by digit, and only a client's string that needs escaping goes through JSON.stringify.
 * (In place, the string a template built cost ~1.6 µs a line and its encoding another ~1.6 µs.)
 */

/** The fields of a request's log line (server/observe.ts fills them). */
export type RequestEntry = {
  requestId: string;
  method: string;
  path: string;
  route: string;
  status: number;
  ms: number;
  bytes: number;
  cache: "hit" | "miss" | "none";
  userId?: number;
};

export type Sink = { write(line: string): unknown; flushSync?: () => void };
export type BufferSink = { write(chunk: Buffer): unknown; flushSync?: () => void };

/**
 * Lines handed to the destination in batches: at most every BATCH_MS, or as soon as BATCH_BYTES
 * are pending. Each write of the destination costs a system call and a wake-up of the thread that
 * does it; under load this makes it a few hundred a second instead of one per line. Lines are
 * written into the batch's buffer as they come (outside V8's heap: pending lines are never carried
 * through a garbage collection). A line waits at most BATCH_MS; `flushSync` (before exit) writes
 * what is pending.
 */
const BATCH_MS = 50;
const BATCH_BYTES = 256 * 1024;

export class LineBatch implements Sink {
  #buffer = Buffer.allocUnsafe(BATCH_BYTES);
  #used = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #flushLater = () => this.#flush();
  constructor(private readonly destination: BufferSink) {}
  write(line: string) {
    // A UTF-8 character takes at most 3 bytes per UTF-16 unit.
    const bytes = line.length * 3;
    if (bytes > BATCH_BYTES) {
      this.#flush();
      this.destination.write(Buffer.from(line));
      return true;
    }
    const buffer = this.room(bytes);
    this.written(this.#used + buffer.write(line, this.#used));
    return true;
  }
  /** The buffer to write at most `bytes` more bytes into, at `used` (flushed first when full). */
  room(bytes: number): Buffer {
    if (this.#used + bytes > BATCH_BYTES) this.#flush();
    return this.#buffer;
  }
  get used() {
    return this.#used;
  }
  /** The batch now ends at `end` (after a write into `room`'s buffer). */
  written(end: number) {
    this.#used = end;
    this.#timer ??= setTimeout(this.#flushLater, BATCH_MS);
  }
  #flush() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#used === 0) return;
    // The destination keeps the chunk until its write completes: hand it over, start a new one.
    const chunk = this.#buffer.subarray(0, this.#used);
    this.#buffer = Buffer.allocUnsafe(BATCH_BYTES);
    this.#used = 0;
    this.destination.write(chunk);
  }
  flushSync() {
    this.#flush();
    this.destination.flushSync?.();
  }
}

export const REQUEST_MESSAGE = "request";

/** Printable ASCII but `"` and `\\`: written between quotes as it is. */
const PLAIN_JSON_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A JSON string: quoted as it is when plain (no escaping needed), else by JSON.stringify. */
export function jsonText(value: string) {
  return PLAIN_JSON_TEXT.test(value) ? `"${value}"` : JSON.stringify(value);
}

/** The request line as one string (a destination that is not a batch: tests' streams). */
export function jsonRequestLine(out: Sink): (entry: RequestEntry) => void {
  const head = timeHead();
  return (entry) => {
    const user = entry.userId === undefined ? "" : `,"userId":${entry.userId}`;
    out.write(
      `${head.text()}${jsonText(entry.requestId)},"method":"${entry.method}","path":${jsonText(entry.path)},"route":"${entry.route}","status":${entry.status},"ms":${entry.ms},"bytes":${entry.bytes},"cache":"${entry.cache}"${user},"msg":"${REQUEST_MESSAGE}"}\n`,
    );
  };
}

/** `{"level":"info","time":"…","pid":N,"requestId":`, made once per millisecond. */
function timeHead() {
  const pid = `","pid":${process.pid},"requestId":`;
  let lastMs = 0;
  let text = "";
  let bytes = Buffer.alloc(0);
  const refresh = () => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      text = `{"level":"info","time":"${new Date(now).toISOString()}${pid}`;
      bytes = Buffer.from(text, "latin1");
    }
  };
  return {
    text: () => {
      refresh();
      return text;
    },
    bytes: () => {
      refresh();
      return bytes;
    },
  };
}

const bytesOf = (text: string) => Buffer.from(text, "latin1");
const METHOD = bytesOf(',"method":"');
const PATH = bytesOf('","path":');
const ROUTE = bytesOf(',"route":"');
const STATUS = bytesOf('","status":');
const MS = bytesOf(',"ms":');
const BYTES = bytesOf(',"bytes":');
const CACHE = bytesOf(',"cache":"');
const USER = bytesOf('","userId":');
const USERLESS_END = bytesOf(`","msg":"${REQUEST_MESSAGE}"}\n`);
const USER_END = bytesOf(`,"msg":"${REQUEST_MESSAGE}"}\n`);
const QUOTE = 0x22;
/** Bytes of a line besides its strings: the fixed parts and numbers (generous). */
const FIXED_BYTES = 256;

/** ASCII text at `at` (one byte a character); returns the end. */
function writeAscii(buffer: Buffer, at: number, text: string) {
  return at + buffer.write(text, at, "latin1");
}

/** A number at `at`: a non-negative integer digit by digit, anything else as JavaScript writes it. */
function writeDigits(buffer: Buffer, at: number, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) return writeAscii(buffer, at, String(value));
  let end = at;
  let rest = value;
  do {
    end++;
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  rest = value;
  for (let i = end - 1; i >= at; i--) {
    buffer[i] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return end;
}

/** A JSON string at `at`: copied as it is between quotes when plain, else escaped. */
function writeJsonText(buffer: Buffer, at: number, value: string) {
  if (!PLAIN_JSON_TEXT.test(value)) return at + buffer.write(JSON.stringify(value), at);
  buffer[at] = QUOTE;
  const end = writeAscii(buffer, at + 1, value);
  buffer[end] = QUOTE;
  return end + 1;
}

/** The request line written into the batch's buffer (the same bytes as `jsonRequestLine`). */
export function batchedRequestLine(batch: LineBatch): (entry: RequestEntry) => void {
  const head = timeHead();
  const asText = jsonRequestLine(batch);
  return (entry) => {
    const headBytes = head.bytes();
    // Escaping makes a string at most 6 bytes a UTF-16 unit (\uXXXX).
    const most = headBytes.length + FIXED_BYTES + (entry.requestId.length + entry.path.length + entry.route.length) * 6;
    // Longer than a batch (no HTTP parser lets such a path through): as one string.
    if (most > BATCH_BYTES) return asText(entry);
    const buffer = batch.room(most);
    let at = batch.used;
    buffer.set(headBytes, at);
    at = writeJsonText(buffer, at + headBytes.length, entry.requestId);
    buffer.set(METHOD, at);
    at += METHOD.length;
    at = writeAscii(buffer, at, entry.method);
    buffer.set(PATH, at);
    at = writeJsonText(buffer, at + PATH.length, entry.path);
    buffer.set(ROUTE, at);
    at += ROUTE.length;
    at += buffer.write(entry.route, at);
    buffer.set(STATUS, at);
    at = writeDigits(buffer, at + STATUS.length, entry.status);
    buffer.set(MS, at);
    at += MS.length;
    at = writeAscii(buffer, at, String(entry.ms));
    buffer.set(BYTES, at);
    at = writeDigits(buffer, at + BYTES.length, entry.bytes);
    buffer.set(CACHE, at);
    at += CACHE.length;
    at = writeAscii(buffer, at, entry.cache);
    if (entry.userId === undefined) {
      buffer.set(USERLESS_END, at);
      at += USERLESS_END.length;
    } else {
      buffer.set(USER, at);
      at = writeDigits(buffer, at + USER.length, entry.userId);
      buffer.set(USER_END, at);
      at += USER_END.length;
    }
    batch.written(at);
  };
}
