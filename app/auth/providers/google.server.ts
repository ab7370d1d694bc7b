/**
 * Google through OpenID Connect: the endpoints come from discovery at GOOGLE_ISSUER_URL
 * (https://accounts.google.com by default, a local OpenID provider in the tests); the profile
 * comes from the userinfo endpoint with the access token.
 */
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { fetchProviderJson, OAuthError, type OAuthProfile, oauthProvider, trimSlash } from "./provider.server";

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
});

const UserInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  // Some issuers send the claim as a string.
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).optional(),
  name: z.string().optional(),
});

export const google = oauthProvider("google", "Google", async ({ config, redirectURI, cookie }) => {
  const issuer = trimSlash(config.GOOGLE_ISSUER_URL ?? "https://accounts.google.com");
  const discovered = DiscoverySchema.safeParse(
    await fetchProviderJson("Google", `${issuer}/.well-known/openid-configuration`, {}),
  );
  // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched from.
  if (!discovered.success || trimSlash(discovered.data.issuer) !== issuer) {
    throw new OAuthError("Google's sign-in configuration could not be read. Please try again later.", 502);
  }
  const endpoints = discovered.data;
  return new OAuth2Strategy<OAuthProfile>(
    {
      clientId: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      authorizationEndpoint: endpoints.authorization_endpoint,
      tokenEndpoint: endpoints.token_endpoint,
      redirectURI,
      scopes: ["openid", "email", "profile"],
      cookie,
    },
    async ({ tokens }) => {
      const info = UserInfoSchema.safeParse(
        await fetchProviderJson("Google", endpoints.userinfo_endpoint, {
          Authorization: `Bearer ${tokens.accessToken()}`,
        }),
      );
      if (!info.success) throw new OAuthError("Google sent a profile we could not read. Please try again.", 502);
      return {
        provider: "google",
        providerAccountId: info.data.sub,
        email: info.data.email ?? null,
        emailVerified: info.data.email_verified === true,
        name: info.data.name?.trim() || null,
      };
    },
  );
});
