# syntax=docker/dockerfile:1

# Build: compile TypeScript and the native SQLite module with the full toolchain.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev

# Run: only the compiled bot, its production dependencies and the locales, as a non-root user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production DATABASE_PATH=/data/bot.sqlite
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY locales ./locales
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
CMD ["node", "dist/main.js"]
