/**
 * Where the browser tests' stand-ins for the outside world listen, derived from the app's port:
 * a control/mail API (+1), an SMTP sink (+2), a GitHub-shaped OAuth server (+3) and an OpenID
 * provider standing in for Google (+4). Shared by playwright.config.ts, mock-services.ts and tests.
 * Plain erasable TypeScript: mock-services.ts runs on Node's own type stripping.
 */
export type MockServices = {
  controlUrl: string;
  smtpPort: number;
  githubUrl: string;
  googleUrl: string;
};

export const GITHUB_CLIENT = { id: "e2e-github-client", secret: "e2e-github-secret" } as const;
export const GOOGLE_CLIENT = { id: "e2e-google-client", secret: "e2e-google-secret" } as const;

/** The cookie (on the provider's host) that says who is signed in at the fake Google. */
export const GOOGLE_IDENTITY_COOKIE = "mock_google_identity";

export function mockServices(appPort: number): MockServices {
  return {
    controlUrl: `http://127.0.0.1:${appPort + 1}`,
    smtpPort: appPort + 2,
    githubUrl: `http://127.0.0.1:${appPort + 3}`,
    googleUrl: `http://127.0.0.1:${appPort + 4}`,
  };
}

/** The app's environment for talking to the mock services. */
export function appEnvFor(services: MockServices): Record<string, string> {
  return {
    SMTP_URL: `smtp://127.0.0.1:${services.smtpPort}`,
    MAIL_FROM: "DevPerspective <no-reply@devperspective.test>",
    GITHUB_CLIENT_ID: GITHUB_CLIENT.id,
    GITHUB_CLIENT_SECRET: GITHUB_CLIENT.secret,
    GITHUB_BASE_URL: services.githubUrl,
    GITHUB_API_URL: `${services.githubUrl}/api/v3`,
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    GOOGLE_ISSUER_URL: services.googleUrl,
  };
}
