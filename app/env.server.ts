/**
 * Environment, validated once at start-up with one clear line per bad variable.
 * Only SITE_NAME and SITE_URL reach the browser (through the root loader).
 */
import { z } from "zod";
import { isTimeZone } from "~/lib/zoned-time";
import {
  defaultLogFormat,
  LOG_FORMATS,
  LOG_LEVELS,
  type LogFormat,
  type LogSettings,
  adoptLogSettings,
} from "~/observability/logger.server";

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const url = (protocols: string[], example: string) =>
  optionalString.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );

const port = z.coerce
  .number({ message: "must be a port number" })
  .int("must be a whole number")
  .min(0, "must be between 0 and 65535")
  .max(65535, "must be between 0 and 65535");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port.default(3000),
    HOST: optionalString,
    DATA_DIR: optionalString.default("./data"),
    // How many daily backups the embedded database keeps in DATA_DIR/backups (0: none are made).
    BACKUP_KEEP: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(0, "must be 0 or more")
      .max(1000, "must be at most 1000")
      .default(7),
    DATABASE_URL: url(["postgres:", "postgresql:"], "postgres://user:password@host:5432/database"),
    // Requests that need the database admitted at once; one more gets 503 (app/db/queue.server.ts).
    DATABASE_QUEUE_LIMIT: optionalString
      .refine((value) => value === undefined || /^[1-9]\d{0,5}$/.test(value), {
        message: "must be a whole number of requests, at least 1",
      })
      .transform((value) => (value === undefined ? 128 : Number(value))),
    // The page caches (server/response-cache.ts): "off" serves every page fresh (debugging only).
    PAGE_CACHE: optionalString
      .default("on")
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(["on", "off"], { message: 'must be "on" (default) or "off"' })),
    PAGE_CACHE_MB: z.coerce
      .number({ message: "must be a number of megabytes" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 4096")
      .max(4096, "must be between 1 and 4096")
      .default(48),
    // How long a kept page is answered before it is rendered again (in the background).
    PAGE_CACHE_TTL_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 86400")
      .max(86_400, "must be between 1 and 86400")
      .default(300),
    STAFF_PAGE_CACHE_MB: z.coerce
      .number({ message: "must be a number of megabytes" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 4096")
      .max(4096, "must be between 1 and 4096")
      .default(16),
    SITE_NAME: optionalString.default("DevPerspective"),
    TRUST_PROXY: z.enum(["0", "1"], { message: 'must be "1" (behind a trusted reverse proxy) or "0"' }).default("0"),
    SITE_URL: url(["http:", "https:"], "https://devperspective.example"),
    SMTP_URL: url(["smtp:", "smtps:"], "smtp://user:password@host:587"),
    MAIL_FROM: optionalString,
    // The outbox worker's pace (each instance) and its parallel SMTP connections.
    MAIL_RATE_PER_SECOND: z.coerce
      .number({ message: "must be a number of mails per second" })
      .positive("must be more than 0")
      .max(10_000, "must be at most 10000")
      .default(50),
    MAIL_CONCURRENCY: z.coerce
      .number({ message: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be between 1 and 32")
      .max(32, "must be between 1 and 32")
      .default(4),
    // How long a claimed mail stays with its worker before another instance may take it back (a
    // worker killed mid-send). Longer than one SMTP exchange can last (the mailer's timeouts).
    MAIL_LEASE_SECONDS: z.coerce
      .number({ message: "must be a number of seconds" })
      .int("must be a whole number")
      .min(5, "must be between 5 and 3600")
      .max(3600, "must be between 5 and 3600")
      .default(300),
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    GITHUB_BASE_URL: url(["http:", "https:"], "https://github.com").default("https://github.com"),
    GITHUB_API_URL: url(["http:", "https:"], "https://api.github.com").default("https://api.github.com"),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    // The admin's time zone for schedule times without JavaScript (with it, the browser's own).
    TIME_ZONE: optionalString
      .default("UTC")
      .refine(isTimeZone, { message: 'must be an IANA time zone like "Europe/Paris"' }),
    GOOGLE_ISSUER_URL: url(["http:", "https:"], "https://accounts.google.com").default("https://accounts.google.com"),
    // The migrations folder (the Docker image and scripts run from elsewhere than the checkout).
    MIGRATIONS_DIR: optionalString.default("drizzle"),
    // Host names whose addresses an import's remote-image fetch does not check (comma-separated):
    // only for tests, whose image server is on localhost. Empty: every address must be public.
    IMPORT_FETCH_ALLOW_HOSTS: optionalString,
    // "true": outbound requests (app/outbound) may reach loopback, private, link-local and
    // metadata addresses (tests, intranets). Default "false": public addresses only.
    ALLOW_PRIVATE_OUTBOUND: optionalString
      .transform((value) => (value ?? "false").toLowerCase())
      .pipe(z.enum(["true", "false"], { message: 'must be "true" or "false" (default)' }))
      .transform((value) => value === "true"),
    // "1" only for the browser tests: pretend client addresses, simulated read failures, /__test routes.
    ENABLE_TEST_HOOKS: optionalString,
    // Operations: logs (app/observability/logger.server.ts) and metrics (/metrics).
    LOG_LEVEL: optionalString
      .default("info")
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(", ")}` })),
    // Not set: readable lines in a terminal, JSON lines otherwise (parseEnv's `terminal`).
    LOG_FORMAT: optionalString
      .transform((value) => value?.toLowerCase())
      .pipe(z.enum(LOG_FORMATS, { message: 'must be "json" or "pretty"' }).optional()),
    METRICS_TOKEN: optionalString.refine((value) => value === undefined || /^[\x21-\x7e]{16,}$/.test(value), {
      message: "must be at least 16 printable characters without spaces",
    }),
    // Between SIGTERM (/readyz 503) and no longer accepting; the exit stays within 5 s.
    SHUTDOWN_DRAIN_MS: z.coerce
      .number({ message: "must be a number of milliseconds" })
      .int("must be a whole number of milliseconds")
      .min(0, "must be between 0 and 3000")
      .max(3000, "must be between 0 and 3000")
      .default(0),
    METRICS_PORT: z.preprocess(
      (value) => (typeof value === "string" && !value.trim() ? undefined : value),
      port.optional(),
    ),
  })
  .superRefine((value, context) => {
    if (value.METRICS_PORT !== undefined && value.METRICS_PORT !== 0 && value.METRICS_PORT === value.PORT) {
      context.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
  });

/** Settings whose value a start-up error never repeats. */
const SECRET = new Set(["METRICS_TOKEN", "GITHUB_CLIENT_SECRET", "GOOGLE_CLIENT_SECRET"]);

export type Env = Omit<z.infer<typeof EnvSchema>, "LOG_FORMAT"> & {
  LOG_FORMAT: LogFormat;
  SITE_URL: string;
  /** False when SITE_URL was not set (SITE_URL is then http://localhost:PORT). */
  SITE_URL_CONFIGURED: boolean;
};

export class InvalidEnvironmentError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  ${line}`).join("\n")}`);
    this.name = "InvalidEnvironmentError";
  }
}

/** `terminal`: whether standard output is a terminal (it decides LOG_FORMAT's default). */
export function parseEnv(source: NodeJS.ProcessEnv, terminal = Boolean(process.stdout.isTTY)): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new InvalidEnvironmentError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const got = SECRET.has(name)
          ? `${String(source[name] ?? "").length} characters`
          : `"${String(source[name] ?? "")}"`;
        return `${issue.path.join(".")}: ${issue.message} (got ${got})`;
      }),
    );
  }
  const env = result.data;
  return {
    ...env,
    LOG_FORMAT: env.LOG_FORMAT ?? defaultLogFormat(terminal),
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ""),
    SITE_URL_CONFIGURED: env.SITE_URL !== undefined,
  };
}

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    cached = parseEnv(process.env);
    // The logger follows LOG_LEVEL and LOG_FORMAT from the moment they are known (scripts too).
    adoptLogSettings(logSettings(cached));
  }
  return cached;
}

/** The logger's settings from the environment. */
export function logSettings(config: Pick<Env, "LOG_LEVEL" | "LOG_FORMAT">): LogSettings {
  return { level: config.LOG_LEVEL, format: config.LOG_FORMAT };
}

/** True when the server runs for the browser tests (ENABLE_TEST_HOOKS=1); never in a deployment. */
export function testHooksEnabled(): boolean {
  try {
    return env().ENABLE_TEST_HOOKS === "1";
  } catch (error) {
    // Asked while modules load (app/entry.server.tsx): a bad setting is reported by the start-up
    // itself, through the logger, with one clear line each.
    if (error instanceof InvalidEnvironmentError) return false;
    throw error;
  }
}

/**
 * SITE_URL as the operator set it, or undefined (env().SITE_URL falls back to localhost): the
 * markdown renderer treats absolute links as external when no site address is configured.
 */
export function configuredSiteUrl(): string | undefined {
  const settings = env();
  return settings.SITE_URL_CONFIGURED ? settings.SITE_URL : undefined;
}
