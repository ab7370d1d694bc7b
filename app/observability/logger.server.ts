/**
 * The application's logger (pino): one JSON line per event on stdout, warnings and errors on
 * stderr, or readable colored lines with LOG_FORMAT=pretty (development). LOG_LEVEL picks the
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

type Sink = { write(line: string): unknown; flushSync?: () => void };

let sinks: Sink[] = [];
let current: Logger | undefined;
let currentSettings: LogSettings | undefined;
let currentRequests: Logger | undefined;
const requestLoggers = new WeakMap<Logger, Logger>();

export type LogSettings = { level: LogLevel; format: LogFormat };

/** LOG_LEVEL / LOG_FORMAT as given, or the defaults (env.server.ts refuses bad values at start). */
export function logSettingsFrom(source: NodeJS.ProcessEnv): LogSettings {
  const level = (source.LOG_LEVEL ?? "").trim().toLowerCase();
  const format = (source.LOG_FORMAT ?? "").trim().toLowerCase();
  return {
    level: (LOG_LEVELS as readonly string[]).includes(level) ? (level as LogLevel) : "info",
    format: (LOG_FORMATS as readonly string[]).includes(format) ? (format as LogFormat) : "json",
  };
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
    out = pretty({ colorize: Boolean(process.stdout.isTTY), destination: 1, sync: false });
    err = pretty({ colorize: Boolean(process.stderr.isTTY), destination: 2, sync: false });
  } else {
    // Bounded: a reader that stops reading loses lines instead of growing this process's memory.
    out = pino.destination({ dest: 1, sync: false, maxLength: MAX_PENDING_BYTES });
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
      serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
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
  // no redaction pass and no stream routing on the hot path.
  requestLoggers.set(logger, pino(common, out));
  return logger;
}

/**
 * The process's logger. The app's start-up sets it from the validated settings
 * (`configureLogger`, with app/env.server.ts's LOG_LEVEL and LOG_FORMAT); a line written before
 * that (or by a script that does not start the app) gets one made on first use from the same two
 * variables read leniently (`logSettingsFrom`: a bad value is the default, never an error; this
 * layer imports nothing of the app, so it cannot ask env.server.ts).
 */
export function logger(): Logger {
  if (!current) {
    currentSettings = logSettingsFrom(process.env);
    current = createLogger(currentSettings);
  }
  return current;
}

/** Start-up: the process's logger from the validated settings (a logger already made alike is kept). */
export function configureLogger(settings: LogSettings) {
  if (current && currentSettings?.level === settings.level && currentSettings.format === settings.format) return;
  flushLogs();
  setLogger(createLogger(settings));
  currentSettings = settings;
}

/**
 * The logger of request lines (server/observe.ts): the same output, level and format as
 * `logger()`, without its redaction pass, for the one line per request whose fields the server
 * fills itself.
 */
export function requestLogger(): Logger {
  currentRequests ??= requestLoggers.get(logger()) ?? logger();
  return currentRequests;
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
