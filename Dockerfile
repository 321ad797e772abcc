# Brook in one image: the server (every role), the built web app, Node 24.
#   docker build -t brook .
#   docker run -p 3000:3000 -v brook-data:/data brook
# docker-compose.yml runs it with PostgreSQL and Redis. See docs/operations.md.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, then the web app ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
# The `node` dev dependency (Node 24 for npm scripts) is not needed: the image has Node 24.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY packages/shared packages/shared
COPY apps/web apps/web
RUN npm run build -w @brook/web

# ---- runtime: the server's production dependencies, its sources, the built web app ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST_DIR=/app/apps/web/dist \
    MSGPACKR_NATIVE_ACCELERATION_DISABLED=true \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY bench/package.json bench/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts -w @brook/server -w @brook/shared \
 && npm cache clean --force
COPY packages/shared/src packages/shared/src
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "apps/server/src/cli.ts", "healthcheck"]
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "--v8-pool-size=2", "--expose-gc", "apps/server/src/main.ts"]
