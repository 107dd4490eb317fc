# syntax=docker/dockerfile:1
# The built app in a container (README, "Run it for a team"): one stage builds the web app and the
# server exactly as `npm start` does, one installs the production dependencies the server bundle
# leaves external (apps/server/build.mjs: every npm package, native ones such as @duckdb/node-api,
# @node-rs/jieba and PGlite included), and the last holds only those and the two dist folders.

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Browsers are never downloaded here: the image runs the server, not the Playwright journeys.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci
COPY . .
# The server's REGION also picks the web build's sign-in pages, as in scripts/start.mjs.
ARG REGION=global
ENV VITE_REGION=${REGION}
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --omit=dev && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# Workspace links in node_modules point at these folders, so the package.json files come along.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/apps/server/package.json ./apps/server/package.json
COPY --from=deps /app/apps/web/package.json ./apps/web/package.json
COPY --from=deps /app/packages/contract/package.json ./packages/contract/package.json
# dist/main.js with the migrations and translation seeds build.mjs copies beside it; the SPA it serves.
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The node image's unprivileged user owns only DATA_DIR; the app itself stays read-only to it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only (a database round trip); the proxy waits on readiness, /api/ready.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/healthy').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
