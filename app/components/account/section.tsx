/**
 * What the account page's sections share: their frame and the reply an action gives one section
 * (which form it answers, the submission's result and an alert). Each section is its own form
 * posting to /account with an `intent`.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import type { FormAlertData } from "~/components/forms";
import type { AccountIntent } from "~/lib/account-settings-schemas";

export type AccountReply = { intent: AccountIntent; result: SubmissionResult<string[]>; alert: FormAlertData | null };

export const SECTION_CLASS = "rounded-2xl border border-line bg-surface-raised p-6 sm:p-8";
export const HEADING_CLASS = "text-xl font-bold text-ink";

/** One section of the account page: its frame, named by its heading. */
export function AccountSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={SECTION_CLASS}>
      <h2 id={id} className={HEADING_CLASS}>
        {title}
      </h2>
      {children}
    </section>
  );
}
