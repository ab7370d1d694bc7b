/** The frame of every account page: a centred card with a heading, an optional lead and a footer line. */
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass, textLinkClass } from "~/components/ui/button";

export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-line bg-surface-raised p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
        {lead ? <p className="mt-2 text-sm text-ink-muted">{lead}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <p className="mt-6 text-center text-sm text-ink-muted">{footer}</p> : null}
    </div>
  );
}

/** The classes of a card's one wide button (a submit, or a link that leads on). */
export const wideButtonClass = buttonClass({ size: "lg", className: "w-full" });

/** A card's one action as a plain POST form with its wide button (a mailed link's confirmation). */
export function PostButton({ children, action }: { children: ReactNode; action?: string }) {
  return (
    <Form method="post" action={action}>
      <button type="submit" className={wideButtonClass}>
        {children}
      </button>
    </Form>
  );
}

/** "Back to Home", under a card that has nothing else to offer. */
export function HomeLink() {
  return (
    <Link to="/" className={textLinkClass}>
      Back to Home
    </Link>
  );
}
