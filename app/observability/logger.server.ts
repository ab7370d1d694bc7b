/**
 * The application's logger (pino): one JSON line per event on stdout, warnings and errors on
 * stderr, or readable lines with LOG_FORMAT=pretty (the default in a terminal). LOG_LEVEL picks the
 * least severe level written (default info). Writes are asynchronous (no synchronous write on a
 * request's path); `flushLogs()` writes what is pending before the process exits.
 *
 * Never log a password, token, cookie, authorization header or mail body: the keys below are
 * redacted as a safety net, and tests grep a server's whole log for the secrets they used.
 * A lower layer: domain modules, the database layer and the HTTP server may use it; it imports
 * nothing of the app.
 */
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import {
  batchedRequestLine,
  type BufferSink,
  jsonRequestLine,
  LineBatch,
  REQUEST_MESSAGE,
  type RequestEntry,
  type Sink,
} from "./request-line.server";

export type { RequestEntry };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ["json", "pretty"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export type { Logger };

/** Keys whose values never reach the log, wherever they appear (one level deep). */
const REDACTED = [
  "password",
  "token",
  "cookie",
  "authorization",
  "secret",
  "body",
  "html",
  "text",
  "headers.cookie",
  "headers.authorization",
  "*.password",
  "*.token",
  "*.cookie",
  "*.authorization",
  "*.secret",
];

const MAX_PENDING_BYTES = 16 * 1024 * 1024;

let sinks: Sink[] = [];
let current: Logger | undefined;
let currentSettings: LogSettings | undefined;
let currentRequests: RequestLineWriter | undefined;
const requestWriters = new WeakMap<Logger, RequestLineWriter>();

export type LogSettings = { level: LogLevel; format: LogFormat };

/**
 * The format when LOG_FORMAT is not set: readable lines for a person at a terminal, JSON lines
 * for everything else (containers, CI, pipes, collectors).
 */
export function defaultLogFormat(terminal = Boolean(process.stdout.isTTY)): LogFormat {
  return terminal ? "pretty" : "json";
}

/**
 * A logger writing to `streams` (tests), or to stdout and stderr. Lines of level warn and above go
 * to the error stream only.
 */
export function createLogger(
  settings: { level: LogLevel; format: LogFormat },
  streams?: { out: DestinationStream; err?: DestinationStream },
): Logger {
  let out: DestinationStream;
  let err: DestinationStream;
  if (streams) {
    out = streams.out;
    err = streams.err ?? streams.out;
  } else if (settings.format === "pretty") {
    out = pretty({ ...PRETTY, colorize: Boolean(process.stdout.isTTY), destination: 1, sync: false });
    err = pretty({ ...PRETTY, colorize: Boolean(process.stderr.isTTY), destination: 2, sync: false });
  } else {
    // Bounded: a reader that stops reading loses lines instead of growing this process's memory.
    out = new LineBatch(
      pino.destination({
        dest: 1,
        sync: false,
        maxLength: MAX_PENDING_BYTES,
        contentMode: "buffer",
      }) as unknown as BufferSink,
    );
    // Warnings and errors are rare and wanted at once: not batched.
    err = pino.destination({ dest: 2, sync: false, maxLength: MAX_PENDING_BYTES });
  }
  sinks = [out as Sink, err as Sink];
  const common = {
    level: settings.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  const logger = pino(
    {
      ...common,
      redact: { paths: REDACTED, censor: "[redacted]" },
      serializers: { err: errorWithoutValues, error: errorWithoutValues },
    },
    pino.multistream(
      [
        { level: "trace", stream: out },
        { level: "warn", stream: err },
      ],
      { dedupe: true },
    ),
  );
  // Request lines (info, fields the server fills itself, nothing to redact) go straight to `out`:
  // no redaction pass and no stream routing on the hot path; as JSON they are put together by
  // hand (the same line pino writes), readable lines go through pino-pretty.
  const writeRequest: RequestLineWriter =
    settings.format !== "json"
      ? prettyRequestLine(pino(common, out))
      : out instanceof LineBatch
        ? batchedRequestLine(out)
        : jsonRequestLine(out as Sink);
  requestWriters.set(logger, (entry) => {
    if (logger.isLevelEnabled("info")) writeRequest(entry);
  });
  return logger;
}

/**
 * An error as pino writes it (type, message, stack, cause, own fields), except that a failed
 * query's parameters are left out: Drizzle's error carries them (`params`, and after "params:" in
 * its message and stack), and they are what people typed or imported (addresses, names, hashes).
 * The statement stays, and the database's own error (the cause) after it.
 */
function errorWithoutValues(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const failed = error as { query?: unknown; params?: unknown; message?: unknown } | null;
  if (!failed || typeof failed.query !== "string" || !Array.isArray(failed.params)) return serialized;
  const message = `Failed query: ${failed.query}`;
  // pino's serializer appends the causes' messages to the message and their stacks to the stack.
  for (const key of ["message", "stack"]) {
    const text = serialized[key];
    if (typeof text === "string" && typeof failed.message === "string") {
      serialized[key] = text.replace(failed.message, message);
    }
  }
  delete serialized.params;
  return serialized;
}

type RequestLineWriter = (entry: RequestEntry) => void;

/**
 * Readable lines: the time of day, the level, the message, then the other fields on the same line
 * (the event's name, pid and host left out: the message says what happened).
 */
const PRETTY = { ignore: "pid,hostname,event", translateTime: "SYS:HH:MM:ss", singleLine: true };

/** A request in a terminal: `GET /post/x 200 3.1 ms (cached)`, its request id after it. */
function prettyRequestLine(log: Logger): RequestLineWriter {
  return (entry) =>
    log.info(
      { requestId: entry.requestId, ...(entry.userId === undefined ? {} : { userId: entry.userId }) },
      `${entry.method} ${entry.path} ${entry.status} ${entry.ms} ms${entry.cache === "hit" ? " (cached)" : ""}`,
    );
}

/**
 * The process's logger. app/env.server.ts sets it from the validated LOG_LEVEL and LOG_FORMAT as
 * soon as the environment is read (`adoptLogSettings`), and the app's start-up again
 * (`configureLogger`); a line written before either gets one made with the defaults (info, and
 * `defaultLogFormat()`). This layer imports nothing of the app and reads no setting itself.
 */
export function logger(): Logger {
  if (!current) {
    current = createLogger(defaults);
    currentSettings = defaults;
  }
  return current;
}

let defaults: LogSettings = { level: "info", format: defaultLogFormat() };

/** Start-up: the process's logger from the validated settings (a logger already made alike is kept). */
export function configureLogger(settings: LogSettings) {
  defaults = settings;
  if (current && currentSettings?.level === settings.level && currentSettings.format === settings.format) return;
  flushLogs();
  setLogger(createLogger(settings));
  currentSettings = settings;
}

/**
 * The environment's settings, once read (app/env.server.ts): the defaults for a logger made from
 * now on, and the settings of one already made from the defaults. A logger given with
 * `setLogger` (a test's) is kept.
 */
export function adoptLogSettings(settings: LogSettings) {
  if (current && currentSettings === undefined) {
    defaults = settings;
    return;
  }
  configureLogger(settings);
}

/**
 * Writes the one line of a request (server/observe.ts): the same output, level and format as
 * `logger()`, without its redaction pass (the server fills every field itself).
 */
export function requestLine(entry: RequestEntry) {
  const log = logger();
  currentRequests ??= requestWriters.get(log) ?? ((fields) => log.info(fields, REQUEST_MESSAGE));
  currentRequests(entry);
}

/** Replaces the process's logger (start-up with validated settings; tests with their own streams). */
export function setLogger(next: Logger) {
  current = next;
  currentSettings = undefined;
  currentRequests = undefined;
}

/** Writes every pending line now (before process.exit). */
export function flushLogs() {
  for (const sink of sinks) {
    try {
      sink.flushSync?.();
    } catch {
      // A destination not open yet has nothing pending.
    }
  }
}
