import { buttonClass } from "~/components/ui/button";
import { AccountSection } from "./section";

/** The account page's data download. */
export function DataSection() {
  return (
    <AccountSection id="data-heading" title="Your data">
      <p className="mt-2 text-sm text-ink-muted">Your profile, comments and reading list as one JSON file.</p>
      <a href="/account/data" download className={buttonClass({ variant: "secondary", className: "mt-4" })}>
        Download my data
      </a>
    </AccountSection>
  );
}
