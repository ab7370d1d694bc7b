/**
 * GitHub through the generic OAuth2 strategy. Endpoints come from GITHUB_BASE_URL and
 * GITHUB_API_URL (github.com and api.github.com by default, or a GitHub Enterprise host), which is
 * also how the test suite points it at a local GitHub-shaped server.
 */
import { OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { fetchProviderJson, OAuthError, type OAuthProfile, oauthProvider, trimSlash } from "./provider.server";

const GitHubUserSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  login: z.string().min(1),
  name: z.string().nullish(),
});

const GitHubEmailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean().optional(), verified: z.boolean().optional() }),
);

export const github = oauthProvider("github", "GitHub", async ({ config, redirectURI, cookie }) => {
  const base = trimSlash(config.GITHUB_BASE_URL ?? "https://github.com");
  const api = trimSlash(config.GITHUB_API_URL ?? "https://api.github.com");
  return new OAuth2Strategy<OAuthProfile>(
    {
      clientId: config.GITHUB_CLIENT_ID!,
      clientSecret: config.GITHUB_CLIENT_SECRET!,
      authorizationEndpoint: `${base}/login/oauth/authorize`,
      tokenEndpoint: `${base}/login/oauth/access_token`,
      redirectURI,
      scopes: ["read:user", "user:email"],
      cookie,
    },
    async ({ tokens }) => {
      // GitHub answers a refused code with 200 and an error body.
      const body = tokens.data as Record<string, unknown>;
      if (typeof body.error === "string") {
        throw new OAuth2RequestError(
          body.error,
          typeof body.error_description === "string" ? body.error_description : null,
          null,
          null,
        );
      }
      const headers = {
        Authorization: `Bearer ${tokens.accessToken()}`,
        Accept: "application/vnd.github+json",
        "User-Agent": config.SITE_NAME,
        "X-GitHub-Api-Version": "2022-11-28",
      };
      const [userJson, emailsJson] = await Promise.all([
        fetchProviderJson("GitHub", `${api}/user`, headers),
        // Without the user:email grant this is refused: then there is simply no verified address.
        fetchProviderJson("GitHub", `${api}/user/emails`, headers).catch(() => []),
      ]);
      const user = GitHubUserSchema.safeParse(userJson);
      if (!user.success) throw new OAuthError("GitHub sent a profile we could not read. Please try again.", 502);
      const emails = GitHubEmailsSchema.safeParse(emailsJson);
      const list = emails.success ? emails.data : [];
      const chosen = list.find((entry) => entry.primary && entry.verified) ?? list.find((entry) => entry.verified);
      return {
        provider: "github",
        providerAccountId: user.data.id,
        email: chosen?.email ?? null,
        emailVerified: Boolean(chosen),
        name: user.data.name?.trim() || user.data.login,
      };
    },
  );
});
