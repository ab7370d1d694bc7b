/**
 * The buttons every markdown editor ends with besides its own submit buttons: Preview (a submit
 * button shown only without JavaScript: the server renders the text under the form) and Cancel
 * (back to the list the editor came from).
 */
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

export function NoScriptPreviewButton({ className = "" }: { className?: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value="preview"
      formNoValidate
      className={buttonClass({ variant: "secondary", className: `no-js-only ${className}`.trim() })}
    >
      Preview
    </button>
  );
}

export function CancelLink({ to, className }: { to: string; className?: string }) {
  return (
    <Link to={to} className={buttonClass({ variant: "secondary", className })}>
      Cancel
    </Link>
  );
}
