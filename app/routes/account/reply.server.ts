/** The answers every section of /account gives: a refusal beside its form, or back with a toast. */
import { data } from "react-router";
import type { AccountReply } from "~/components/account/section";
import { redirectWithToast } from "~/http/toast.server";

/** The account page is private: never cached. */
export const PRIVATE = { "Cache-Control": "private, no-store" };

/** A refusal shown beside the section's form, with what was typed. */
export const reply = (value: AccountReply, status = 400, headers: HeadersInit = PRIVATE) =>
  data(value, { status, headers });

/** Done: back to /account with a success toast. */
export const back = (title: string, description?: string) =>
  redirectWithToast("/account", { type: "success", title, description }, { status: 303 });

export type SectionForm = { intent: AccountReply["intent"]; form: FormData; user: { id: number } };
