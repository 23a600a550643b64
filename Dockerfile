# syntax=docker/dockerfile:1
# Singelgolf's image (issue 32): a build stage with every dependency runs `npm run build` (the client,
# its server render and the server bundle dist/server/main.js); the runtime stage has only production
# dependencies, runs as the unprivileged `node` user and starts what `npm start` starts
# (scripts/start.mjs): `node --enable-source-maps dist/server/main.js`, without the build step.
# Not built or run by our tests (no container runtime on our machines): see README, "Running in production".

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=5000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server finds its migrations, the passkey script and the built client next to its sources
# (scripts/build-server.mjs keeps each module's import.meta.url), and the maintenance scripts
# (npm run db:migrate, make-admin, backup, restore) run the TypeScript sources with tsx.
COPY --from=build /app/dist ./dist
COPY server ./server
COPY common ./common
COPY scripts ./scripts
COPY tsconfig.json tsconfig.base.json ./
# PGlite's folder when DATABASE_URL is unset (one instance only); with PostgreSQL nothing is written.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
# Ready: the database answers and the server is not stopping (server/health/health.routes.ts).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains and exits within 10 s (server/shutdown.ts): keep stop_grace_period above it.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
