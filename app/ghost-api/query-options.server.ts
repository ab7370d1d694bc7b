/**
 * The query parameters Ghost's browse and read endpoints take, read once and checked: `include`,
 * `fields`, `formats`, `limit`, `page`, `order`, `filter`. A wrong one is a 400 that names it
 * (`badParameter`), never a 5xx and never silently ignored; `limit=all` is still honoured (Ghost 5
 * did, and gatsby-source-ghost still sends it) up to ALL_LIMIT, with truthful pagination.
 */
import { badParameter } from "./api-errors.server";

export const DEFAULT_LIMIT = 15;
export const MAX_LIMIT = 100;
/** What `limit=all` gives at most: past it, the pagination says there is a next page. */
export const ALL_LIMIT = 1000;
const MAX_PAGE = 100_000;

export type Limit = { count: number; all: boolean };

export type QueryOptions = {
  include: Set<string>;
  /** Null: every field. */
  fields: Set<string> | null;
  formats: Set<string>;
  limit: Limit;
  page: number;
  order: { field: string; direction: "asc" | "desc" }[];
  filter: string | null;
};

export type ResourceOptions = {
  includes: readonly string[];
  formats: readonly string[];
  defaultFormats: readonly string[];
  orderFields: readonly string[];
  defaultOrder: QueryOptions["order"];
};

function list(value: string | null): string[] {
  if (value === null) return [];
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

export function readQueryOptions(params: URLSearchParams, resource: ResourceOptions): QueryOptions {
  const include = new Set(list(params.get("include")));
  for (const name of include) {
    if (!resource.includes.includes(name)) throw badParameter("include", `The include "${name}" is not known here.`);
  }
  const fieldList = list(params.get("fields"));
  const formats = new Set(params.has("formats") ? list(params.get("formats")) : resource.defaultFormats);
  for (const name of formats) {
    if (!resource.formats.includes(name)) throw badParameter("formats", `The format "${name}" is not known here.`);
  }
  return {
    include,
    fields: fieldList.length === 0 ? null : new Set(fieldList),
    formats,
    limit: readLimit(params.get("limit")),
    page: readPage(params.get("page")),
    order: readOrder(params.get("order"), resource),
    filter: params.get("filter"),
  };
}

function readLimit(value: string | null): Limit {
  if (value === null || value === "") return { count: DEFAULT_LIMIT, all: false };
  if (value === "all") return { count: ALL_LIMIT, all: true };
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1 || Number(value) > MAX_LIMIT) {
    throw badParameter("limit", `The limit must be a number from 1 to ${MAX_LIMIT}, or "all".`);
  }
  return { count: Number(value), all: false };
}

function readPage(value: string | null): number {
  if (value === null || value === "") return 1;
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > MAX_PAGE) {
    throw badParameter("page", "The page must be a positive number.");
  }
  return Number(value);
}

function readOrder(value: string | null, resource: ResourceOptions): QueryOptions["order"] {
  const items = list(value);
  if (items.length === 0) return resource.defaultOrder;
  if (items.length > 4) throw badParameter("order", "At most four order fields.");
  return items.map((item) => {
    const [field = "", direction = "asc", ...rest] = item.split(/\s+/);
    const lower = direction.toLowerCase();
    if (rest.length > 0 || !resource.orderFields.includes(field) || (lower !== "asc" && lower !== "desc")) {
      throw badParameter("order", `The order "${item}" is not one this resource can be sorted by.`);
    }
    return { field, direction: lower };
  });
}

/** Ghost's `meta.pagination`, told truthfully (a capped `limit=all` says there is more). */
export function pagination(options: QueryOptions, total: number) {
  const size = options.limit.count;
  const pages = Math.max(1, Math.ceil(total / size));
  const whole = options.limit.all && total <= size;
  return {
    page: options.page,
    limit: whole ? ("all" as const) : size,
    pages: whole ? 1 : pages,
    total,
    next: !whole && options.page < pages ? options.page + 1 : null,
    prev: options.page > 1 ? options.page - 1 : null,
  };
}

/** An object with only the fields asked for (`fields=title,slug`); `id` always stays, as in Ghost. */
export function pickFields<T extends Record<string, unknown>>(row: T, fields: Set<string> | null): Partial<T> {
  if (!fields) return row;
  const picked: Partial<T> = {};
  for (const key of Object.keys(row) as (keyof T & string)[]) {
    if (key === "id" || fields.has(key)) picked[key] = row[key];
  }
  return picked;
}
