import { md } from "../md";
import type { SeedArticle } from "../types";

export const databaseArticles: SeedArticle[] = [
  {
    title: "PostgreSQL Indexes: A Practical Introduction",
    slug: "postgresql-indexes-practical-introduction",
    category: "database",
    author: "Daniel Okafor",
    excerpt:
      "Most slow queries are missing an index, and many indexes are never used. Learn how B-tree indexes work, how to read EXPLAIN and which index to create.",
    publishedAt: "2025-08-05T08:00:00Z",
    featured: true,
    imageUrl: "/images/articles/postgres-indexes.svg",
    content: md`
When an application gets slower as it grows, the database is usually the first suspect, and a missing index is usually the culprit. Indexes are also easy to overdo: every index slows down writes and takes disk space. This guide covers how PostgreSQL indexes work, how to tell whether a query uses one, and how to choose the right index for a query.

## What an index is

Without an index, PostgreSQL answers \`WHERE email = 'ada@example.com'\` with a **sequential scan**: it reads every row in the table and checks the condition. That is fine for a thousand rows and painful for ten million.

The default index type, a **B-tree**, keeps the indexed values sorted in a balanced tree, with pointers to the rows. Finding a value takes a handful of page reads regardless of table size, and because the values are sorted, the same index also helps with ranges (\`<\`, \`BETWEEN\`), prefix matches (\`LIKE 'abc%'\` with the right collation or operator class) and \`ORDER BY\`.

\`\`\`sql
CREATE INDEX users_email_idx ON users (email);
\`\`\`

Primary keys and \`UNIQUE\` constraints create B-tree indexes automatically. Foreign keys do **not**: the referencing column gets no index unless you create one. That is one of the most common sources of slow joins and slow cascading deletes.

## Reading EXPLAIN

Never guess whether an index is used. Ask:

\`\`\`sql
EXPLAIN ANALYZE
SELECT id, title FROM articles
WHERE author_id = 42
ORDER BY published_at DESC
LIMIT 10;
\`\`\`

\`EXPLAIN\` shows the plan the planner chose; \`ANALYZE\` actually runs the query and adds real timings and row counts. The node types to recognise:

- **Seq Scan**: reads the whole table. Fine for small tables or when most rows match.
- **Index Scan**: walks the index and fetches matching rows from the table.
- **Index Only Scan**: answers entirely from the index, without touching the table. The fastest option.
- **Bitmap Heap Scan**: collects matching row locations from one or more indexes, then reads the table pages in physical order. Typical for medium selectivity.

Compare \`rows=\` in the estimate with \`actual ... rows=\`. If they differ by orders of magnitude, the planner's statistics are off; run \`ANALYZE articles;\` and look again.

Add \`BUFFERS\` (\`EXPLAIN (ANALYZE, BUFFERS)\`) to see how many pages were read from cache versus disk, which is often more telling than the timing on a warm development machine.

## Composite indexes and column order

An index can cover several columns. For the query above, this index serves both the filter and the sort:

\`\`\`sql
CREATE INDEX articles_author_published_idx
  ON articles (author_id, published_at DESC);
\`\`\`

Column order matters. A B-tree on \`(a, b)\` is sorted by \`a\`, then by \`b\` within each \`a\`. It can efficiently answer:

- \`WHERE a = ?\`
- \`WHERE a = ? AND b > ?\`
- \`WHERE a = ? ORDER BY b\`

It is much less useful for \`WHERE b = ?\` alone. The rule of thumb: **equality columns first, then range or sort columns.**

## Partial indexes

If queries only ever look at a subset of rows, index only that subset:

\`\`\`sql
CREATE INDEX orders_pending_idx ON orders (created_at)
WHERE status = 'pending';
\`\`\`

If 2% of orders are pending, this index is roughly fifty times smaller than a full one, fits in memory and is cheaper to maintain. The query must include a matching condition (\`WHERE status = 'pending'\`) for the planner to use it.

## Expression indexes

An index on \`email\` does not help \`WHERE lower(email) = lower($1)\`, because the query filters on an expression, not the column. Index the expression itself:

\`\`\`sql
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
\`\`\`

This also enforces case-insensitive uniqueness, which is usually what you want for email addresses.

## Covering indexes with INCLUDE

To make an index-only scan possible without adding columns to the sort key, use \`INCLUDE\`:

\`\`\`sql
CREATE INDEX articles_slug_idx ON articles (slug) INCLUDE (title, published_at);
\`\`\`

Index-only scans also depend on the table's *visibility map* being current, which autovacuum maintains. On a table with heavy updates you may still see heap fetches.

## Beyond B-trees

- **GIN**: for values that contain many elements: \`jsonb\`, arrays and full-text search (\`tsvector\`). With the \`pg_trgm\` extension, GIN also accelerates \`ILIKE '%term%'\` searches.
- **GiST**: geometric data, ranges and nearest-neighbour searches.
- **BRIN**: tiny indexes for huge, naturally ordered tables such as append-only logs ordered by time.
- **Hash**: equality only; rarely better than a B-tree in practice.

## Indexes have a cost

Every \`INSERT\`, and every \`UPDATE\` that changes an indexed column, must update every relevant index. Indexes also compete for memory with your data. Find the ones you never use:

\`\`\`sql
SELECT relname AS table_name, indexrelname AS index_name, idx_scan
FROM pg_stat_user_indexes
WHERE idx_scan = 0
ORDER BY pg_relation_size(indexrelid) DESC;
\`\`\`

Check this on production (statistics are per server), over a period long enough to include monthly jobs, before dropping anything.

## Creating indexes safely in production

A plain \`CREATE INDEX\` blocks writes to the table until it finishes. On a large, busy table, use:

\`\`\`sql
CREATE INDEX CONCURRENTLY articles_category_idx ON articles (category_id);
\`\`\`

It takes longer and cannot run inside a transaction block, but reads and writes continue. If it fails, it leaves an \`INVALID\` index behind that you must drop and recreate.

## A workflow that works

1. Find slow queries with \`pg_stat_statements\`, sorted by total time.
2. Run \`EXPLAIN (ANALYZE, BUFFERS)\` on the worst one.
3. Design an index for its filter and sort: equality columns first.
4. Create it concurrently, re-run \`EXPLAIN\`, and confirm the improvement.
5. Periodically remove indexes that are never scanned.

Indexes are not magic, but they are close. A single well-chosen index can turn a query from seconds into milliseconds, and knowing how to read \`EXPLAIN\` lets you prove it.
`,
  },
  {
    title: "Transactions and Isolation Levels, Explained with Examples",
    slug: "transactions-and-isolation-levels-explained",
    category: "database",
    author: "Daniel Okafor",
    excerpt:
      "Read Committed, Repeatable Read and Serializable each prevent different anomalies. Concrete examples show which one your code actually needs.",
    publishedAt: "2026-03-03T09:30:00Z",
    imageUrl: "/images/articles/transactions.svg",
    content: md`
A **transaction** groups statements so they succeed or fail together. That part is familiar. The subtle part is *isolation*: what one transaction can see of another that is running at the same time. Choosing the wrong isolation level does not cause errors; it causes rare, data-dependent bugs that are very hard to reproduce.

## The anomalies

SQL isolation levels are defined by which concurrency anomalies they prevent:

- **Dirty read**: seeing another transaction's uncommitted changes.
- **Non-repeatable read**: reading the same row twice and getting different values because someone committed in between.
- **Phantom read**: running the same query twice and getting a different *set* of rows.
- **Serialization anomaly**: a result that could not have happened if the transactions had run one after another.

## PostgreSQL's levels

PostgreSQL implements three distinct levels (asking for Read Uncommitted gives you Read Committed):

1. **Read Committed** (the default): each *statement* sees data committed before it began. No dirty reads, but two \`SELECT\`s in the same transaction can see different data.
2. **Repeatable Read**: the whole *transaction* sees a snapshot taken at its first statement. In PostgreSQL this also prevents phantoms.
3. **Serializable**: Repeatable Read plus detection of the dangerous patterns that could produce a serialization anomaly; one of the conflicting transactions is aborted.

## A lost update under Read Committed

Two requests each add 10 credits to the same account:

\`\`\`sql
-- Both transactions run this, interleaved:
BEGIN;
SELECT balance FROM accounts WHERE id = 1;   -- both read 100
-- application computes 100 + 10 = 110
UPDATE accounts SET balance = 110 WHERE id = 1;
COMMIT;
\`\`\`

The final balance is 110, not 120. One update was lost. The simplest fix is to let the database do the arithmetic atomically:

\`\`\`sql
UPDATE accounts SET balance = balance + 10 WHERE id = 1;
\`\`\`

When the logic cannot be expressed in one statement, lock the row for the duration of the transaction:

\`\`\`sql
BEGIN;
SELECT balance FROM accounts WHERE id = 1 FOR UPDATE;
-- the second transaction now waits here until the first commits
UPDATE accounts SET balance = 110 WHERE id = 1;
COMMIT;
\`\`\`

## Write skew: when row locks are not enough

A hospital rule says at least one doctor must be on call. Two doctors, both on call, request leave at the same moment. Each transaction checks "is anyone else on call?", sees yes, and removes itself. Both commit, and nobody is on call.

Neither transaction wrote a row the other wrote, so row locks and Repeatable Read do not help. **Serializable** detects this pattern and aborts one transaction with a serialization failure (SQLSTATE \`40001\`).

## Using Serializable in practice

\`\`\`ts
async function withSerializableRetry<T>(run: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run(); // run executes BEGIN ISOLATION LEVEL SERIALIZABLE ... COMMIT
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "40001" || i >= attempts) throw error;
    }
  }
}
\`\`\`

Serializable is safe and surprisingly fast in PostgreSQL, but it **requires retries**: aborted transactions are expected, not exceptional. Keep transactions short so retries are cheap.

## Choosing a level

- Most CRUD code is fine with **Read Committed** plus atomic updates and \`FOR UPDATE\` where needed.
- Use **Repeatable Read** for reports that must see one consistent snapshot across several queries.
- Use **Serializable** for business rules that span multiple rows, and add a retry loop.

Isolation bugs only show up under concurrency. Test critical paths by running the same operation from many connections at once, and check that the invariants still hold.
`,
  },
  {
    title: "The N+1 Query Problem and How to Spot It",
    slug: "the-n-plus-1-query-problem",
    category: "database",
    author: "Daniel Okafor",
    excerpt:
      "One query for a list, then one more query per item: the N+1 problem hides in ORMs and GraphQL resolvers. Here is how to find it and fix it.",
    publishedAt: "2025-05-06T12:00:00Z",
    content: md`
A page lists 50 articles with their authors' names. In development it loads instantly. In production it takes two seconds. The logs show 51 queries for a single page view: one for the articles and then one per article for its author. This is the **N+1 query problem**, and it is probably the most common performance bug in web applications.

## How it happens

ORMs make related data look like ordinary properties, which hides the fact that accessing them may hit the database:

\`\`\`ts
const articles = await db.article.findMany({ take: 50 });   // 1 query
for (const article of articles) {
  const author = await db.author.findUnique({               // 50 more queries
    where: { id: article.authorId },
  });
  console.log(article.title, author?.name);
}
\`\`\`

Each query might take only 2 ms, but 51 sequential round trips add up, and they get worse as the database moves further away from the application.

## Fix 1: a join

Let the database combine the rows in one query:

\`\`\`sql
SELECT articles.id, articles.title, authors.name AS author_name
FROM articles
LEFT JOIN authors ON authors.id = articles.author_id
ORDER BY articles.published_at DESC
LIMIT 50;
\`\`\`

Most ORMs and query builders have a way to express this, often called eager loading or \`include\`/\`with\`.

## Fix 2: batch the second query

When a join is awkward, for example for one-to-many relations where joining would multiply rows, load the related rows in **one** extra query with \`IN\` (or \`= ANY\`):

\`\`\`ts
const articles = await db.article.findMany({ take: 50 });
const authorIds = [...new Set(articles.map((a) => a.authorId))];
const authors = await db.author.findMany({ where: { id: { in: authorIds } } });
const byId = new Map(authors.map((a) => [a.id, a]));
\`\`\`

Two queries instead of fifty-one, regardless of page size.

## Fix 3: DataLoader for GraphQL

GraphQL resolvers run per field, which makes N+1 almost the default. The DataLoader pattern collects all the keys requested during one tick of the event loop and loads them in a single batch. Create a new loader per request so caches never leak between users.

## How to spot it

- **Log queries in development** with their count per request. A number that grows with page size is the tell.
- Look for **queries inside loops**, including hidden ones like lazy-loaded properties and \`await\` inside \`map\`.
- In production, \`pg_stat_statements\` shows queries with huge call counts and tiny average times. That pattern almost always means N+1.

A useful test: render the page with 10 items, then with 100. If the query count changes, you have found one.
`,
  },
];
