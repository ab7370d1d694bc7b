import { md } from "../md";
import type { SeedArticle } from "../types";

export const devopsArticles: SeedArticle[] = [
  {
    title: "Smaller, Safer Docker Images with Multi-Stage Builds",
    slug: "smaller-docker-images-with-multi-stage-builds",
    category: "devops",
    author: "Lucas Moreau",
    excerpt:
      "Build tools, compilers and dev dependencies don't belong in production images. Multi-stage builds keep them out and cut image size dramatically.",
    publishedAt: "2025-04-22T09:00:00Z",
    imageUrl: "/images/articles/docker-multi-stage.svg",
    content: md`
A naive Dockerfile for a Node.js app copies the whole project, runs \`npm install\` and starts the server. The resulting image contains the TypeScript compiler, the test framework, every dev dependency and probably your \`.git\` folder. It is large, slow to pull and exposes far more attack surface than necessary. **Multi-stage builds** fix this with a few extra lines.

## The idea

A Dockerfile can have several \`FROM\` instructions. Each starts a new stage, and a later stage can copy files from an earlier one with \`COPY --from\`. Only the final stage becomes the image you ship.

\`\`\`dockerfile
# syntax=docker/dockerfile:1

FROM node:22-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci

FROM deps AS build
COPY . .
RUN npm run build

FROM node:22-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/build ./build
USER node
EXPOSE 3000
CMD ["node", "build/server/index.js"]
\`\`\`

The runtime stage contains production dependencies and the compiled output, nothing else.

## Order instructions for caching

Docker caches each layer and reuses it if the inputs have not changed. Copying \`package.json\` and the lockfile *before* the rest of the source means the expensive \`npm ci\` layer is reused whenever only your code changes. Put the things that change least often first.

## Add a .dockerignore

\`\`\`text
node_modules
.git
build
*.log
.env
\`\`\`

Without it, \`COPY . .\` sends your local \`node_modules\` and secrets like \`.env\` into the build context, which slows builds and can leak credentials into image layers.

## Security basics

- **Run as a non-root user.** The official Node images include a \`node\` user; \`USER node\` is one line.
- **Use slim or distroless bases** to reduce the number of packages that can have vulnerabilities.
- **Pin base images** to a specific version, and rebuild regularly to pick up security patches.
- **Never bake secrets into layers.** Use build secrets (\`RUN --mount=type=secret\`) for private registries, and runtime environment variables for everything else.

## Measure the result

\`\`\`bash
docker build -t myapp .
docker image ls myapp
docker history myapp   # size of each layer
\`\`\`

It is common to see images shrink from over a gigabyte to a couple of hundred megabytes. Smaller images pull faster, start faster during scaling events and give scanners less to complain about.
`,
  },
  {
    title: "Health Checks Done Right: Liveness vs Readiness",
    slug: "health-checks-liveness-vs-readiness",
    category: "devops",
    author: "Lucas Moreau",
    excerpt:
      "A liveness probe that checks the database can restart your whole fleet during a database blip. Here is what each kind of health check should actually test.",
    publishedAt: "2026-01-13T11:00:00Z",
    imageUrl: "/images/articles/health-checks.svg",
    content: md`
Health checks look trivial: add a \`/health\` endpoint that returns 200. But orchestrators like Kubernetes use different kinds of checks for very different decisions, and getting them mixed up can turn a minor incident into an outage.

## Two questions, two probes

- **Liveness** asks: *is this process broken beyond repair?* If it fails, the orchestrator **restarts** the container.
- **Readiness** asks: *should this instance receive traffic right now?* If it fails, the instance is **removed from the load balancer** but left running.

A third kind, the **startup** probe, gives slow-starting applications time to boot before liveness checks begin.

## The classic mistake

\`\`\`js
// Don't use this for liveness
app.get("/healthz", async (req, res) => {
  await db.query("SELECT 1");
  res.send("ok");
});
\`\`\`

If the database has a 30-second hiccup, every instance fails its liveness probe at the same time, and the orchestrator restarts all of them. Now you have a database problem *and* a fleet of cold-starting application servers reconnecting at once. Restarting the app cannot fix the database.

## What each probe should check

**Liveness** should only fail if restarting would help: the event loop is stuck, the process is deadlocked, memory is corrupted. Often "the HTTP server answers" is enough.

**Readiness** can check dependencies that this instance genuinely needs to serve requests, and should fail during startup (before caches are warm) and during graceful shutdown.

\`\`\`yaml
livenessProbe:
  httpGet: { path: /livez, port: 3000 }
  periodSeconds: 10
  failureThreshold: 3
readinessProbe:
  httpGet: { path: /readyz, port: 3000 }
  periodSeconds: 5
  failureThreshold: 2
startupProbe:
  httpGet: { path: /livez, port: 3000 }
  periodSeconds: 2
  failureThreshold: 30
\`\`\`

## Keep checks cheap and fast

Probes run constantly on every instance. A health check that runs an expensive query adds measurable load, and one that takes longer than its timeout is a failure. Keep them to a few milliseconds, set a short timeout on any dependency call, and do not require authentication for them (but do not expose internal details in the response either).

## Degrade instead of failing

If a non-critical dependency is down, such as a recommendation service, the instance can usually still serve most requests. Keep it ready and degrade the feature instead. Reserve readiness failures for dependencies without which *every* request would fail.

Well-designed health checks are invisible on good days and save you on bad ones. Badly designed ones are often the *cause* of the bad day.
`,
  },
  {
    title: "Zero-Downtime Database Migrations",
    slug: "zero-downtime-database-migrations",
    category: "devops",
    author: "Daniel Okafor",
    excerpt:
      "Renaming a column sounds harmless until old and new versions of your app run side by side. The expand-and-contract pattern makes schema changes safe.",
    publishedAt: "2026-10-27T09:00:00Z",
    content: md`
Most deployment pipelines today can roll out application code without downtime: start new instances, shift traffic, stop the old ones. The database is where zero-downtime deploys usually fall apart. During every rolling deploy, **old and new versions of your application run at the same time against the same schema.** A migration that the new code expects and the old code cannot handle will break requests for as long as the rollout takes, and it makes rolling back impossible.

This article covers the pattern that makes schema changes safe, and the PostgreSQL specifics that keep migrations from locking your tables.

## The core rule

Every migration must be compatible with **both** the version of the code currently running **and** the version about to be deployed. In practice this means you never make a breaking change in one step. You split it into phases, each deployed separately.

## Expand and contract

The pattern has a memorable name: **expand, migrate, contract**.

1. **Expand**: add the new structure alongside the old. Nothing is removed; old code keeps working.
2. **Migrate**: deploy code that writes to both (or to the new one and backfills), then switch reads to the new structure.
3. **Contract**: once no running code uses the old structure, remove it.

### Example: renaming a column

Suppose we want to rename \`users.fullname\` to \`users.display_name\`. A direct \`ALTER TABLE ... RENAME COLUMN\` breaks every running instance of the old code the moment it commits. Instead:

**Phase 1, expand.** Add the new column:

\`\`\`sql
ALTER TABLE users ADD COLUMN display_name text;
\`\`\`

**Phase 2, dual write.** Deploy code that writes both columns and still reads the old one:

\`\`\`ts
await db.update(users)
  .set({ fullname: name, displayName: name })
  .where(eq(users.id, id));
\`\`\`

**Phase 3, backfill.** Copy existing data in batches, so no single statement locks many rows for long:

\`\`\`sql
UPDATE users SET display_name = fullname
WHERE id IN (
  SELECT id FROM users WHERE display_name IS NULL LIMIT 5000
);
-- repeat until it updates 0 rows
\`\`\`

**Phase 4, switch reads.** Deploy code that reads \`display_name\`, still writing both in case you need to roll back.

**Phase 5, contract.** Deploy code that stops writing \`fullname\`, then drop it:

\`\`\`sql
ALTER TABLE users DROP COLUMN fullname;
\`\`\`

Five deploys for a rename sounds like a lot. But each step is small, reversible and boring, which is exactly what you want from changes to production data.

## Locks: the hidden danger

Even a compatible migration can cause downtime if it holds a strong lock. Most \`ALTER TABLE\` forms take an \`ACCESS EXCLUSIVE\` lock, which blocks all reads and writes on the table. Usually that lock is held only briefly, but there are two traps.

**Trap 1: rewriting the table.** Some changes rewrite every row while holding the lock, such as changing a column's type to an incompatible one. On a large table that can take minutes. Adding a column with a constant default is fast in modern PostgreSQL (11 and later), but adding a column with a *volatile* default, like \`random()\`, rewrites the table.

**Trap 2: waiting in the lock queue.** Even an instant \`ALTER TABLE\` must wait for running transactions on that table to finish. While it waits, every new query on the table queues *behind* it. One long-running report can turn a millisecond migration into a full outage. Always set a lock timeout in migrations and retry on failure:

\`\`\`sql
SET lock_timeout = '5s';
ALTER TABLE orders ADD COLUMN notes text;
\`\`\`

## Safe recipes for common changes

- **Add an index**: \`CREATE INDEX CONCURRENTLY\`, which does not block writes. It cannot run inside a transaction, so your migration tool must allow that.
- **Add a NOT NULL column**: add it as nullable (or with a constant default), backfill, then add the constraint.
- **Add a NOT NULL constraint to an existing column**: first add \`CHECK (col IS NOT NULL) NOT VALID\`, then \`VALIDATE CONSTRAINT\` separately, which scans without blocking writes. In PostgreSQL 12+, \`SET NOT NULL\` can then use the validated check and skip the full scan.
- **Add a foreign key**: add it with \`NOT VALID\`, then \`VALIDATE CONSTRAINT\` in a separate step.
- **Change a column type**: treat it like a rename: new column, dual write, backfill, switch, drop.

## Rollbacks

Because each phase is compatible with the previous code, rolling back the application is always safe until the contract phase. Treat the contract step as the point of no return, and wait until you are confident, often a few days, before running it.

Also prefer **forward-only migrations**: if a migration causes trouble, fix it with a new migration rather than a "down" script that may never have been tested against real data.

## Make it a habit

- Review every migration for lock level and table size, not just correctness.
- Run migrations as a separate step before the application rollout, not at application startup on every instance at once.
- Test migrations against a copy of production-sized data.

Zero-downtime migrations are less about clever SQL and more about patience: several small, compatible steps instead of one big one. The reward is deploys that nobody notices, including your users.
`,
  },
];
