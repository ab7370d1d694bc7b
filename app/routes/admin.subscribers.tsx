/**
 * /admin/subscribers (editors and administrators: "subscribers.manage"): the newsletter's
 * subscribers (totals, new and lost per week, counts by topic, a searchable list, CSV export),
 * the mail outbox's health, and the CSV import (intent=import; multipart; "they consented").
 * The list pages with the one pagination rule.
 */
import { data, redirect } from "react-router";
import { requirePermission } from "~/auth/guards.server";
import { SubscribersPage } from "~/components/admin/subscribers-page";
import { chosenFile } from "~/http/actions/upload-request.server";
import { readForm } from "~/http/form.server";
import { pageRedirectTarget, pageToRead, parsePageParam } from "~/lib/pagination";
import { noindexMeta } from "~/lib/seo";
import { adminSubscribersHref } from "~/lib/urls";
import { outboxHealth } from "~/mail/outbox.server";
import {
  countsByTopic,
  listSubscribers,
  subscriberSummary,
  weeklyChanges,
} from "~/newsletters/subscribers-admin.server";
import { IMPORT_MESSAGES, importSubscribers } from "~/newsletters/subscribers-csv.server";
import type { Route } from "./+types/admin.subscribers";

/** The largest CSV the import takes (the HTTP server's ceiling is 12 MB): about 300 000 addresses. */
const IMPORT_MAX_BYTES = 11 * 1024 * 1024;
const PRIVATE = { "Cache-Control": "private, no-store" };

async function pageData(request: Request) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("q") ?? "").slice(0, 254);
  const requested = parsePageParam(url.searchParams.get("page"));
  const [summary, topics, weeks, list, outbox] = await Promise.all([
    subscriberSummary(),
    countsByTopic(),
    weeklyChanges(),
    listSubscribers(query, pageToRead(requested)),
    outboxHealth(),
  ]);
  const target = pageRedirectTarget(requested, list.pageCount);
  if (target !== null) throw redirect(adminSubscribersHref({ q: query, page: target }));
  return { query, summary, topics, weeks, list, outbox };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "subscribers.manage");
  return data({ ...(await pageData(request)), alert: null }, { headers: PRIVATE });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requirePermission(request, "subscribers.manage");
  const form = await readForm(request, {
    maxBytes: IMPORT_MAX_BYTES,
    tooLargeMessage: "Payload Too Large: the CSV file may be at most 11 MB. Split it and import the parts.",
  });
  if (form.get("intent") !== "import") throw data("Bad Request", { status: 400 });
  const file = chosenFile(form);
  const result = file
    ? await importSubscribers(file, { consented: form.get("consented") !== null, actor: user })
    : ({ status: "refused", message: IMPORT_MESSAGES.notCsv } as const);
  const page = await pageData(request);
  if (result.status === "refused") {
    return data(
      { ...page, alert: { title: "Nothing was imported", description: result.message } },
      { status: 400, headers: PRIVATE },
    );
  }
  const description = [
    `${result.imported} address${result.imported === 1 ? "" : "es"} imported`,
    result.confirmationsQueued > 0 ? `${result.confirmationsQueued} confirmation mail(s) queued` : null,
    result.skipped > 0 ? `${result.skipped} line(s) skipped (not an address, or repeated)` : null,
  ]
    .filter(Boolean)
    .join("; ");
  return data(
    { ...page, alert: { title: "Import done", description: `${description}.`, tone: "info" as const } },
    { headers: PRIVATE },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => noindexMeta(matches, "Subscribers");

export default function AdminSubscribers({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscribersPage {...(actionData ?? loaderData)} />;
}
