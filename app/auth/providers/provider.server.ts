/**
 * What every OAuth provider supplies: a remix-auth strategy that ends in an `OAuthProfile`.
 * Adding a provider means one file like github.server.ts and one entry in registry.server.ts.
 */
import type { OAuth2Strategy } from "remix-auth-oauth2";
import type { Env } from "~/env.server";

export type ProviderName = "github" | "google";

/** Who the provider says signed in. `emailVerified` is the provider's own claim about `email`. */
export type OAuthProfile = {
  provider: ProviderName;
  providerAccountId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
};

export type StrategyOptions = {
  config: Env;
  redirectURI: string;
  /** The state/PKCE cookie (remix-auth-oauth2 appends a random suffix per attempt). */
  cookie: { name: string; secure?: true; maxAge: number; sameSite: "Lax"; path: "/"; httpOnly: true };
};

export type OAuthProvider = {
  name: ProviderName;
  label: string;
  isConfigured(config: Env): boolean;
  /** Shown beside the disabled button when the provider has no credentials. */
  unavailableReason: string;
  createStrategy(options: StrategyOptions): Promise<OAuth2Strategy<OAuthProfile>>;
};

/**
 * A provider: its name and label, set up when its client id and secret are (`GITHUB_CLIENT_ID`
 * and `GITHUB_CLIENT_SECRET` for github), and how it signs in.
 */
export function oauthProvider(
  name: ProviderName,
  label: string,
  createStrategy: OAuthProvider["createStrategy"],
): OAuthProvider {
  const prefix = name.toUpperCase() as Uppercase<ProviderName>;
  return {
    name,
    label,
    unavailableReason: `${label} sign-in is not set up on this site.`,
    isConfigured: (config) => Boolean(config[`${prefix}_CLIENT_ID`] && config[`${prefix}_CLIENT_SECRET`]),
    createStrategy,
  };
}

/** A configured URL without its trailing slashes (a base URL, an issuer). */
export const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** A sign-in that cannot go on, with a reason fit to show the visitor and an HTTP status. */
export class OAuthError extends Error {
  constructor(
    public readonly reason: string,
    public readonly status = 400,
  ) {
    super(reason);
    this.name = "OAuthError";
  }
}

/** GET a JSON document from a provider with a bounded wait; a failure becomes an OAuthError. */
export async function fetchProviderJson(label: string, url: string, headers: Record<string, string>): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json", ...headers },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new OAuthError(`${label} could not be reached. Please try again in a moment.`, 502);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new OAuthError(`${label} did not share your profile (HTTP ${response.status}). Please try again.`, 502);
  }
  try {
    return await response.json();
  } catch {
    throw new OAuthError(`${label} sent an unreadable answer. Please try again.`, 502);
  }
}
