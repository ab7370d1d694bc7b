/**
 * "Continue with GitHub / Google": plain forms posting to /auth/<provider>, which answers with a
 * redirect to the provider (a document navigation, with or without JavaScript). A provider without
 * credentials shows its button disabled, with the reason as its description.
 */
import { buttonClass } from "~/components/ui/button";
import { oauthHref } from "~/lib/urls";

export type ProviderButtonData = {
  name: "github" | "google";
  label: string;
  available: boolean;
  reason: string | null;
};

export function OAuthButtons({
  providers,
  intent,
  redirectTo,
}: {
  providers: ProviderButtonData[];
  intent: "login" | "register";
  redirectTo?: string;
}) {
  return (
    <div>
      <div
        className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-ink-muted uppercase"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <ul className="space-y-3">
        {providers.map((provider) => {
          const reasonId = `oauth-${provider.name}-reason`;
          return (
            <li key={provider.name}>
              <form method="post" action={oauthHref(provider.name)}>
                <input type="hidden" name="intent" value={intent} />
                {redirectTo && redirectTo !== "/" ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
                <button
                  type="submit"
                  className={buttonClass({ variant: "secondary", size: "lg", className: "w-full" })}
                  disabled={!provider.available}
                  aria-describedby={provider.available ? undefined : reasonId}
                >
                  {provider.name === "github" ? <GitHubMark /> : <GoogleMark />}
                  Continue with {provider.label}
                </button>
                {provider.reason ? (
                  <p id={reasonId} className="mt-1 text-xs text-ink-muted">
                    {provider.reason}
                  </p>
                ) : null}
              </form>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function GitHubMark() {
  return (
    <svg viewBox="0 0 16 16" className="size-5" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8Z" />
    </svg>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.84 14.1a6.6 6.6 0 0 1 0-4.2V7.06H2.18a11 11 0 0 0 0 9.88l3.66-2.84Z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.06l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}
