# syntax=docker/dockerfile:1
# test/project/dockerfile.test.ts runs these steps outside a container (build, prune, node dist/main.js,
# the HEALTHCHECK): keep the COPY, RUN, ENV, HEALTHCHECK and CMD lines in their simple forms.

# Build: compile TypeScript. No C++ toolchain: better-sqlite3 ships its native module prebuilt
# (Node-API, one binary for every Node version) inside the npm package.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# Run: only the compiled bot, its production dependencies and the locales, as a non-root user.
FROM node:24-bookworm-slim
ENV NODE_ENV=production DATABASE_PATH=/data/bot.sqlite HEALTH_PORT=9090
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY locales ./locales
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# Webhook mode listens on WEBHOOK_PORT (8080); /healthz and /metrics on HEALTH_PORT, loopback
# unless HEALTH_HOST=0.0.0.0 (for a Prometheus outside the container).
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) stops gracefully within SHUTDOWN_GRACE_SECONDS (8), and the process exits a
# second later at the latest, even if a close hangs: under docker's 10 s.
CMD ["node", "dist/main.js"]
