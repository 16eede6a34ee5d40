# syntax=docker/dockerfile:1
# One image: the console by default; the sandbox with `npm run sandbox`.
# Every stage runs on Node 24 LTS, so the tree that is installed is the tree that runs.
# Secrets generated into /app/data/secrets.json when unset: keep the volume, or set them. Sandboxes
# on one PostgreSQL (DATABASE_URL) need the same DATA_ENCRYPTION_KEY (openssl rand -base64 32), the
# key of the bank account numbers they keep encrypted.
# Behind a proxy or load balancer, set TRUST_PROXY to its addresses or subnet (e.g. 10.0.0.0/8), so
# that the address it forwards is the client's; unset, X-Forwarded-For is ignored and every
# client behind the proxy shares its address (one per-address registration limit for all).
# The console runs in one process per CPU the container may use (node:cluster, one port): a CPU
# quota (--cpus) is not counted, so set WEB_CONCURRENCY to it. The sandbox runs in one process
# (SANDBOX_CONCURRENCY of them with DATABASE_URL and REDIS_URL). The supervisor is the
# container's first process, so that `docker stop` (SIGTERM) reaches it and it stops the
# consoles, then the sandbox; give it time with `docker stop -t 30`.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    SANDBOX_PORT=3001 \
    DATA_DIR=/app/data
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/package.json /app/tsconfig.json ./
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/app ./app
COPY --from=build --chown=node:node /app/locales ./locales
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000 3001
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# `npm start` without npm in between.
CMD ["node", "--import", "tsx", "server/start.ts"]
