/** The account page's active sessions, with "Sign out everywhere else". */
import { Form } from "react-router";
import { LocalDateTime } from "~/components/admin/local-date";
import { buttonClass } from "~/components/ui/button";
import { AccountSection } from "./section";

export function SessionsSection({
  sessions,
}: {
  sessions: { createdAt: string; userAgent: string | null; current: boolean }[];
}) {
  return (
    <AccountSection id="sessions-heading" title="Active sessions">
      <ul aria-label="Active sessions" className="mt-4 divide-y divide-line text-sm">
        {sessions.map((session) => (
          <li key={`${session.createdAt}-${session.userAgent}`} className="py-2">
            <span className="block text-ink">
              {session.userAgent ?? "Unknown browser"}
              {session.current ? <strong className="ml-2 text-brand">(this device)</strong> : null}
            </span>
            <span className="text-ink-muted">
              Signed in <LocalDateTime iso={session.createdAt} />
            </span>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        <button type="submit" name="intent" value="sessions" className={buttonClass({ variant: "secondary" })}>
          Sign out everywhere else
        </button>
      </Form>
    </AccountSection>
  );
}
