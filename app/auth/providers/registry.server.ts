/** The OAuth providers this site offers, in the order their buttons appear. */
import { env } from "~/env.server";
import { github } from "./github.server";
import { google } from "./google.server";
import type { OAuthProvider, ProviderName } from "./provider.server";

export const PROVIDERS: readonly OAuthProvider[] = [github, google];

export function getProvider(name: string): OAuthProvider | null {
  return PROVIDERS.find((provider) => provider.name === name) ?? null;
}

/** What the sign-in pages need to draw the buttons (safe to send to the browser). */
export type ProviderButton = { name: ProviderName; label: string; available: boolean; reason: string | null };

export function providerButtons(): ProviderButton[] {
  const config = env();
  return PROVIDERS.map((provider) => {
    const available = provider.isConfigured(config);
    return {
      name: provider.name,
      label: provider.label,
      available,
      reason: available ? null : provider.unavailableReason,
    };
  });
}
