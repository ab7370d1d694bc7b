/** URLs of the admin inbox (its filter and page are in the URL; defaults left out). */
import type { InboxFilter } from "./message-schemas";

export function inboxHref({ status = "inbox", page = 1 }: { status?: InboxFilter; page?: number } = {}) {
  const params = new URLSearchParams();
  if (status !== "inbox") params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/admin/inbox?${query}` : "/admin/inbox";
}
