# syntax=docker/dockerfile:1
# DevPerspective: a multi-stage build on Node 24. Run with a PostgreSQL via DATABASE_URL, or on
# the embedded database persisted in the /data volume. Built and run by `npm test`'s container
# step (scripts/container/test.sh), which proves what the README's "Container" section promises.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The app, then the operator commands bundled to plain JavaScript (no tsx at run time), then a
# package.json whose scripts run them, then production dependencies only.
RUN npm run build \
 && node scripts/container/build-cli.mjs \
 && node scripts/container/runtime-package.mjs \
 && npm prune --omit=dev --no-audit --no-fund \
 && node scripts/container/prune-runtime.mjs

FROM node:24-slim AS runtime
# MALLOC_ARENA_MAX=2: glibc's per-thread malloc arenas (the PGlite thread's, V8's helpers') grew
# and kept 40–60 MB under bulk work; two arenas keep that down (decision 24), as `npm start` does.
# MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KB and more are mapped apart and given back when
# freed, instead of staying in the heap glibc keeps (30–40 MB less resident memory, decision 28).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=131072
WORKDIR /app
# Owned by root and read-only to the app: only /data is writable by the `node` user.
COPY --from=build /app/runtime/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/scripts/compress-assets.ts ./scripts/compress-assets.ts
COPY --from=build /app/drizzle ./drizzle
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (no npm in between), so shutdown is graceful.
CMD ["node", "server/main.ts"]
