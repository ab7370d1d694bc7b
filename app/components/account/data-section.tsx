import { buttonClass } from "~/components/ui/button";
import { HEADING_CLASS, SECTION_CLASS } from "./section";

/** The account page's data download. */
export function DataSection() {
  return (
    <section aria-labelledby="data-heading" className={SECTION_CLASS}>
      <h2 id="data-heading" className={HEADING_CLASS}>
        Your data
      </h2>
      <p className="mt-2 text-sm text-ink-muted">Your profile, comments and reading list as one JSON file.</p>
      <a href="/account/data" download className={buttonClass({ variant: "secondary", className: "mt-4" })}>
        Download my data
      </a>
    </section>
  );
}
