/**
 * A submit button with a pending state: while its form is submitting it shows a spinner and the
 * pending text ('Signing in...', 'Creating Account...') and is aria-disabled.
 */
import type { ReactNode } from "react";
import { type ButtonProps, buttonClass } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

export function StatusButton({
  pending,
  pendingText,
  variant,
  size,
  className,
  children,
  type = "submit",
  "aria-disabled": ariaDisabled,
  ...props
}: ButtonProps & {
  /** The form's submission is under way. */
  pending: boolean;
  /** What the button says meanwhile. */
  pendingText: ReactNode;
}) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, className })}
      aria-disabled={ariaDisabled ?? (pending || undefined)}
      {...props}
    >
      {pending ? (
        <>
          <Spinner />
          {pendingText}
        </>
      ) : (
        children
      )}
    </button>
  );
}
