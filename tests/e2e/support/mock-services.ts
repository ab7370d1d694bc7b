/**
 * The outside world for the browser tests, started by playwright.config.ts before the app:
 *
 * - an SMTP sink (smtp-server) keeping every mail in memory;
 * - a control API: GET /healthz, GET /mails?to=<address> (parsed mails, newest last), and
 *   GET /cross-site-form (a page on another origin that posts to the app, for the forgery test);
 * - a GitHub-shaped OAuth server (the GitHub Enterprise layout: /login/oauth/authorize,
 *   /login/oauth/access_token, /api/v3/user, /api/v3/user/emails) whose consent page lets the test
 *   say who signs in, with PKCE and client-secret checks like the real one;
 * - an OpenID provider standing in for Google (oauth2-mock-server, discovery and userinfo); who is
 *   signed in there is the `mock_google_identity` cookie the test sets on the provider's host.
 *
 * Usage: node tests/e2e/support/mock-services.ts (E2E_PORT = the app's port). Runs on Node 24's
 * type stripping: erasable TypeScript only, explicit .ts extensions.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { OAuth2Server } from "oauth2-mock-server";
import { SMTPServer } from "smtp-server";
import { GITHUB_CLIENT, GOOGLE_CLIENT, GOOGLE_IDENTITY_COOKIE, mockServices } from "./mock-config.ts";
import { linksIn, type ParsedMail, parseMail } from "./mime.ts";

const appPort = Number(process.env.E2E_PORT ?? 4317);
const services = mockServices(appPort);
const appOrigin = `http://127.0.0.1:${appPort}`;
const portOf = (url: string) => Number(new URL(url).port);

// ---------------------------------------------------------------------------------------------
// Small HTTP helpers

function send(
  res: http.ServerResponse,
  status: number,
  body: string,
  type = "text/plain; charset=utf-8",
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", ...headers });
  res.end(body);
}
const sendJson = (res: http.ServerResponse, status: number, value: unknown) =>
  send(res, status, JSON.stringify(value), "application/json");
const redirect = (res: http.ServerResponse, location: string) => {
  res.writeHead(302, { Location: location, "Cache-Control": "no-store" });
  res.end();
};

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function cookieValue(req: http.IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

function listen(server: http.Server | SMTPServer, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

// ---------------------------------------------------------------------------------------------
// SMTP sink and the control API

type StoredMail = ParsedMail & { envelopeTo: string[]; links: string[]; receivedAt: string };
const mails: StoredMail[] = [];

const smtp = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  size: 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const parsed = parseMail(Buffer.concat(chunks).toString("utf8"));
      mails.push({
        ...parsed,
        envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        links: linksIn(parsed.text),
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

function crossSiteForm(url: URL): string {
  const action = new URL(url.searchParams.get("path") ?? "/logout", appOrigin).toString();
  const fields = [...url.searchParams.entries()].filter(([name]) => name !== "path");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head><body>
<main><h1>Another site</h1>
<form method="post" action="${escapeHtml(action)}">
${fields.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join("\n")}
<button type="submit">Submit to DevPerspective</button>
</form></main></body></html>`;
}

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", services.controlUrl);
  if (url.pathname === "/healthz") return send(res, 200, "ok");
  if (url.pathname === "/mails") {
    const to = url.searchParams.get("to")?.toLowerCase();
    return sendJson(res, 200, to ? mails.filter((mail) => mail.envelopeTo.includes(to)) : mails);
  }
  if (url.pathname === "/cross-site-form") return send(res, 200, crossSiteForm(url), "text/html; charset=utf-8");
  send(res, 404, "Not found");
});

// ---------------------------------------------------------------------------------------------
// GitHub

type GitHubIdentity = { id: number; login: string; name: string | null; email: string; verified: boolean };
type PendingCode = { identity: GitHubIdentity; challenge: string; redirectUri: string; expiresAt: number };
const githubCodes = new Map<string, PendingCode>();
const githubTokens = new Map<string, GitHubIdentity>();

/** A stable numeric id per login, so the same login is the same GitHub account in every test. */
const githubIdFor = (login: string) =>
  Number.parseInt(createHash("sha256").update(login).digest("hex").slice(0, 8), 16);
const base64url = (buffer: Buffer) => buffer.toString("base64url");

function consentPage(params: URLSearchParams, problem?: string): string {
  const hidden = ["client_id", "redirect_uri", "state", "scope", "code_challenge", "code_challenge_method"]
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`)
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorize application · GitHub (test double)</title></head>
<body><main>
<h1>Authorize DevPerspective</h1>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ""}
<p>Scopes: ${escapeHtml(params.get("scope") ?? "")}</p>
<form method="post" action="/login/oauth/authorize">
${hidden}
<p><label>Username <input name="login" value="octocat" required></label></p>
<p><label>Name <input name="name" value="The Octocat"></label></p>
<p><label>Email <input name="email" type="email" value="octocat@example.com"></label></p>
<p><label><input type="checkbox" name="verified" value="1" checked> Email verified</label></p>
<button type="submit" name="decision" value="authorize">Authorize</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form></main></body></html>`;
}

async function github(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", services.githubUrl);
  if (req.method === "GET" && url.pathname === "/login/oauth/authorize") {
    const params = url.searchParams;
    if (params.get("client_id") !== GITHUB_CLIENT.id) return send(res, 400, "Unknown client_id");
    if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge"))
      return send(res, 400, "PKCE (S256) required");
    if (!params.get("redirect_uri")?.startsWith(`${appOrigin}/`)) return send(res, 400, "redirect_uri not registered");
    return send(res, 200, consentPage(params), "text/html; charset=utf-8");
  }
  if (req.method === "POST" && url.pathname === "/login/oauth/authorize") {
    const form = new URLSearchParams(await readBody(req));
    const redirectUri = form.get("redirect_uri") ?? "";
    if (!redirectUri.startsWith(`${appOrigin}/`)) return send(res, 400, "redirect_uri not registered");
    const back = new URL(redirectUri);
    const state = form.get("state");
    if (form.get("decision") === "cancel") {
      back.searchParams.set("error", "access_denied");
      back.searchParams.set("error_description", "The user has denied your application access.");
    } else {
      const login = (form.get("login") ?? "").trim() || "octocat";
      const code = base64url(randomBytes(16));
      githubCodes.set(code, {
        identity: {
          id: githubIdFor(login),
          login,
          name: (form.get("name") ?? "").trim() || null,
          email: (form.get("email") ?? "").trim(),
          verified: form.get("verified") === "1",
        },
        challenge: form.get("code_challenge") ?? "",
        redirectUri,
        expiresAt: Date.now() + 10 * 60_000,
      });
      back.searchParams.set("code", code);
    }
    if (state) back.searchParams.set("state", state);
    return redirect(res, back.toString());
  }
  if (req.method === "POST" && url.pathname === "/login/oauth/access_token") {
    const form = new URLSearchParams(await readBody(req));
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [clientId, clientSecret] = basic
      ? Buffer.from(basic, "base64").toString("utf8").split(":")
      : [form.get("client_id"), form.get("client_secret")];
    // Like GitHub: errors are 200 responses with an error body.
    if (clientId !== GITHUB_CLIENT.id || clientSecret !== GITHUB_CLIENT.secret) {
      return sendJson(res, 200, {
        error: "incorrect_client_credentials",
        error_description: "The client_id and/or client_secret passed are incorrect.",
      });
    }
    const code = form.get("code") ?? "";
    const pending = githubCodes.get(code);
    githubCodes.delete(code);
    const verifier = form.get("code_verifier") ?? "";
    if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== form.get("redirect_uri")) {
      return sendJson(res, 200, {
        error: "bad_verification_code",
        error_description: "The code passed is incorrect or expired.",
      });
    }
    if (base64url(createHash("sha256").update(verifier).digest()) !== pending.challenge) {
      return sendJson(res, 200, {
        error: "invalid_grant",
        error_description: "The code_verifier does not match the code_challenge.",
      });
    }
    const token = `gho_${base64url(randomBytes(18))}`;
    githubTokens.set(token, pending.identity);
    return sendJson(res, 200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
  }
  if (req.method === "GET" && url.pathname.startsWith("/api/v3/")) {
    const token = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const identity = githubTokens.get(token);
    if (!identity) return sendJson(res, 401, { message: "Bad credentials" });
    if (url.pathname === "/api/v3/user") {
      return sendJson(res, 200, {
        id: identity.id,
        login: identity.login,
        name: identity.name,
        email: null,
        avatar_url: null,
      });
    }
    if (url.pathname === "/api/v3/user/emails") {
      return sendJson(
        res,
        200,
        identity.email
          ? [{ email: identity.email, primary: true, verified: identity.verified, visibility: "private" }]
          : [],
      );
    }
  }
  send(res, 404, "Not found");
}

const githubServer = http.createServer((req, res) => {
  github(req, res).catch((error: unknown) => send(res, 500, String(error)));
});

// ---------------------------------------------------------------------------------------------
// Google (OpenID Connect)

type GoogleIdentity = { sub: string; email?: string; email_verified?: boolean; name?: string };
const DEFAULT_GOOGLE_IDENTITY: GoogleIdentity = {
  sub: "google-default",
  email: "google.user@example.com",
  email_verified: true,
  name: "Google User",
};
const googleCodes = new Map<string, GoogleIdentity>();

const google = new OAuth2Server();
google.issuer.url = services.googleUrl;
await google.issuer.keys.generate("RS256");

google.service.on("beforeAuthorizeRedirect", (authorizeRedirectUri: { url: URL }, req: http.IncomingMessage) => {
  const code = authorizeRedirectUri.url.searchParams.get("code");
  if (!code) return;
  let identity = DEFAULT_GOOGLE_IDENTITY;
  const cookie = cookieValue(req, GOOGLE_IDENTITY_COOKIE);
  if (cookie) {
    try {
      identity = JSON.parse(Buffer.from(cookie, "base64url").toString("utf8")) as GoogleIdentity;
    } catch {
      identity = DEFAULT_GOOGLE_IDENTITY;
    }
  }
  googleCodes.set(code, identity);
});

google.service.on(
  "beforeTokenSigning",
  (token: { payload: Record<string, unknown> }, req: { body: { code?: string } }) => {
    const identity = req.body.code ? googleCodes.get(req.body.code) : undefined;
    if (identity) token.payload.mock_identity = identity;
  },
);

google.service.on(
  "beforeResponse",
  (
    response: { statusCode: number; body: Record<string, unknown> | "" },
    req: http.IncomingMessage & { body: { code?: string } },
  ) => {
    // A confidential client: the real Google insists on the client secret.
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const [id, secret] = basic ? Buffer.from(basic, "base64").toString("utf8").split(":").map(decodeURIComponent) : [];
    if (id !== GOOGLE_CLIENT.id || secret !== GOOGLE_CLIENT.secret) {
      response.statusCode = 401;
      response.body = { error: "invalid_client", error_description: "The OAuth client was not found." };
    }
    if (req.body.code) googleCodes.delete(req.body.code);
  },
);

google.service.on(
  "beforeUserinfo",
  (response: { statusCode: number; body: Record<string, unknown> | "" }, req: http.IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const payload = token?.split(".")[1];
    let identity: GoogleIdentity | undefined;
    try {
      identity = payload
        ? (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")).mock_identity as GoogleIdentity)
        : undefined;
    } catch {
      identity = undefined;
    }
    if (!identity) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = identity;
  },
);

// ---------------------------------------------------------------------------------------------

await listen(smtp, services.smtpPort);
await listen(githubServer, portOf(services.githubUrl));
await google.start(portOf(services.googleUrl), "127.0.0.1");
await listen(control, portOf(services.controlUrl)); // last: /healthz answers once everything listens
console.log(
  `[mock-services] control ${services.controlUrl}, SMTP 127.0.0.1:${services.smtpPort}, GitHub ${services.githubUrl}, Google ${services.googleUrl}`,
);

function stop() {
  smtp.close(() => {});
  githubServer.close();
  control.close();
  void google.stop().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
}
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
