/**
 * Ghost's filter language (NQL: `tag:react+featured:true`, `tags:[a,b]`, `slug:-old`,
 * `published_at:>'2024-01-01'`, `,` for or, parentheses) turned into one SQL condition. The text
 * is parsed by Ghost's own parser (@tryghost/nql-lang, into Mongo-style JSON); each resource
 * names the fields it can filter and how (`FilterFields`). Anything else is a `FilterError`, which
 * the API answers as a 400 naming the `filter` parameter.
 */
import nql from "@tryghost/nql-lang";
import { and, not, or, type SQL, sql } from "drizzle-orm";

export class FilterError extends Error {}

export type Scalar = string | number | boolean | null;
export type Comparison = "$eq" | "$ne" | "$in" | "$nin" | "$gt" | "$gte" | "$lt" | "$lte";
/** One field: the condition for `field <op> value` (`$in`/`$nin` get arrays). */
export type FieldFilter = (op: Comparison, value: Scalar | Scalar[]) => SQL;
export type FilterFields = Record<string, FieldFilter>;

const COMPARISONS = new Set<string>(["$eq", "$ne", "$in", "$nin", "$gt", "$gte", "$lt", "$lte"]);
const MAX_FILTER_LENGTH = 2000;
const MAX_DEPTH = 20;

/** The SQL condition of a filter text, or undefined when there is none. */
export function filterCondition(text: string | null, fields: FilterFields): SQL | undefined {
  if (text === null || text.trim() === "") return undefined;
  if (text.length > MAX_FILTER_LENGTH)
    throw new FilterError(`The filter is longer than ${MAX_FILTER_LENGTH} characters.`);
  let parsed: unknown;
  try {
    parsed = nql.parse(text);
  } catch {
    throw new FilterError(`The filter "${text.slice(0, 100)}" could not be read.`);
  }
  return node(parsed, fields, 0);
}

const unreadable = () => new FilterError("The filter could not be read.");

function node(value: unknown, fields: FilterFields, depth: number): SQL {
  if (depth > MAX_DEPTH) throw new FilterError("The filter is nested too deeply.");
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw unreadable();
  const parts: SQL[] = [];
  for (const [key, operand] of Object.entries(value)) {
    if (key === "$and" || key === "$or") {
      if (!Array.isArray(operand) || operand.length === 0) throw unreadable();
      const children = operand.map((child) => node(child, fields, depth + 1));
      parts.push((key === "$and" ? and(...children) : or(...children)) ?? sql`true`);
      continue;
    }
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!field) throw new FilterError(`The filter's field "${key}" is not one this resource can be filtered by.`);
    parts.push(comparison(key, field, operand));
  }
  if (parts.length === 0) return sql`true`;
  return parts.length === 1 ? parts[0]! : and(...parts)!;
}

function comparison(key: string, field: FieldFilter, operand: unknown): SQL {
  if (isScalar(operand)) return field("$eq", operand);
  if (operand === null || typeof operand !== "object" || Array.isArray(operand)) {
    throw new FilterError(`The filter's value for "${key}" could not be read.`);
  }
  const parts = Object.entries(operand).map(([op, value]) => {
    if (!COMPARISONS.has(op)) throw new FilterError(`The filter's operator for "${key}" is not supported.`);
    if (op === "$in" || op === "$nin") {
      if (!Array.isArray(value) || !value.every(isScalar)) {
        throw new FilterError(`The filter's list for "${key}" could not be read.`);
      }
      return field(op, value);
    }
    if (!isScalar(value)) throw new FilterError(`The filter's value for "${key}" could not be read.`);
    return field(op as Comparison, value);
  });
  if (parts.length === 0) throw new FilterError(`The filter's value for "${key}" could not be read.`);
  return parts.length === 1 ? parts[0]! : and(...parts)!;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** Values as a list (`$in` and `$nin` have one; the others one value). */
export function valuesOf(value: Scalar | Scalar[]): Scalar[] {
  return Array.isArray(value) ? value : [value];
}

/**
 * A membership field (`tag:x`, `author:[a,b]`, `slug:-old`): `matches(values)` is the condition
 * that the row has one of the values; `$ne`/`$nin` negate it. Order comparisons are refused.
 */
export function membership(name: string, matches: (values: string[]) => SQL): FieldFilter {
  return (op, value) => {
    const values = valuesOf(value).map((item) => String(item));
    if (op === "$eq" || op === "$in") return values.length === 0 ? sql`false` : matches(values);
    if (op === "$ne" || op === "$nin") return values.length === 0 ? sql`true` : not(matches(values));
    throw new FilterError(`The filter's field "${name}" can only be compared for equality.`);
  };
}

const SQL_COMPARE: Record<"$gt" | "$gte" | "$lt" | "$lte", string> = { $gt: ">", $gte: ">=", $lt: "<", $lte: "<=" };

/** A timestamp field (`published_at:>'2024-01-01'`): every comparison, values read as dates. */
export function timeField(name: string, column: SQL): FieldFilter {
  const asDate = (value: Scalar) => {
    const date = typeof value === "string" || typeof value === "number" ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw new FilterError(`The filter's value for "${name}" is not a date.`);
    return date.toISOString();
  };
  return (op, value) => {
    if (op === "$in" || op === "$nin") {
      const dates = valuesOf(value).map(asDate);
      const inList = sql`${column} = any(${dates}::timestamptz[])`;
      return op === "$in" ? inList : not(inList);
    }
    const date = asDate(value as Scalar);
    if (op === "$eq") return sql`${column} = ${date}::timestamptz`;
    if (op === "$ne") return sql`${column} is distinct from ${date}::timestamptz`;
    return sql`${column} ${sql.raw(SQL_COMPARE[op])} ${date}::timestamptz`;
  };
}

/** A yes/no field (`featured:true`). */
export function booleanField(name: string, column: SQL): FieldFilter {
  return (op, value) => {
    const values = valuesOf(value).map((item) => {
      if (item === true || item === "true") return true;
      if (item === false || item === "false") return false;
      throw new FilterError(`The filter's value for "${name}" is not true or false.`);
    });
    const matches = or(...values.map((item) => sql`${column} = ${item}`)) ?? sql`false`;
    if (op === "$eq" || op === "$in") return matches;
    if (op === "$ne" || op === "$nin") return not(matches);
    throw new FilterError(`The filter's field "${name}" can only be compared for equality.`);
  };
}

/** A field that has one value for every row here (`visibility:public`, `status:published`). */
export function constantField(name: string, value: string): FieldFilter {
  return membership(name, (values) => (values.includes(value) ? sql`true` : sql`false`));
}
