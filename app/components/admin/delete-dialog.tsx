/**
 * The delete confirmation with JavaScript: a modal <dialog> (focus moves in, stays in, Escape
 * closes it, focus goes back to the button that opened it). It posts to the same action as the
 * no-JavaScript confirmation page, whose redirect reloads the list with the toast.
 */
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { FormAlert, StatusButton } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { ARTICLE_TOASTS } from "~/lib/article-schema";
import { articleDeleteHref } from "~/lib/urls";

export type DeleteTarget = { id: number; title: string; trigger: HTMLElement | null };

type DeleteActionData = { error?: { title: string; description?: string } } | undefined;

export function DeleteArticleDialog({
  target,
  returnPath,
  onClosed,
  fallbackFocus,
}: {
  target: DeleteTarget | null;
  returnPath: string;
  onClosed: () => void;
  /** Where focus goes when the opening button is gone (its row was deleted). */
  fallbackFocus: () => HTMLElement | null;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<DeleteActionData>();
  const titleId = useId();
  const descriptionId = useId();
  const busy = fetcher.state !== "idle";
  const submitted = useRef(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (target && dialog && !dialog.open) dialog.showModal();
  }, [target]);

  // After the post: an error stays in the dialog (its box raises the toast); success closes it
  // (the action's redirect has reloaded the list and brought the success toast).
  useEffect(() => {
    if (fetcher.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (!fetcher.data?.error) dialogRef.current?.close();
  }, [fetcher.state, fetcher.data]);

  function close() {
    dialogRef.current?.close();
  }

  function onClose() {
    const trigger = target?.trigger;
    onClosed();
    const focusTarget = trigger?.isConnected ? trigger : fallbackFocus();
    focusTarget?.focus();
  }

  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is on the backdrop only; Escape closes a modal dialog natively
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) close();
      }}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-line bg-surface-raised p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {target ? (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold text-ink">
            Delete article
          </h2>
          <p id={descriptionId} className="mt-2 text-sm text-ink-muted">
            {ARTICLE_TOASTS.deleteConfirmation}
          </p>
          <p className="mt-3 rounded-md bg-surface-sunken px-3 py-2 text-sm font-medium break-words text-ink">
            {target.title}
          </p>
          {/* Inside the modal dialog the box itself is the announcement. */}
          <FormAlert alert={error} live className="mt-4" />
          <fetcher.Form
            method="post"
            action={articleDeleteHref(target.id)}
            className="mt-6 flex flex-wrap justify-end gap-2"
            onSubmit={(event) => {
              if (busy) event.preventDefault();
              else submitted.current = true;
            }}
          >
            <input type="hidden" name="redirectTo" value={returnPath} />
            <Button variant="secondary" autoFocus onClick={close} disabled={busy}>
              Cancel
            </Button>
            <StatusButton variant="destructive" pending={busy} pendingText="Deleting...">
              Delete
            </StatusButton>
          </fetcher.Form>
        </div>
      ) : null}
    </dialog>
  );
}
