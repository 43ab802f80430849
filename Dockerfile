# syntax=docker/dockerfile:1.7
# Family Portal as a container: the web app and the server bundle are built in the first stage;
# the second holds only what runs (production dependencies of the server, the bundle, the web
# app, the migrations and the admin command line) and runs as the unprivileged `node` user.
# docs/deploy.md describes it; there is no container engine on the development machine, so the
# layout it copies is checked by `npm run test:deploy` without one.
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
# Only the server's and the contract's production dependencies (sharp and argon2 come prebuilt).
RUN npm ci --omit=dev --no-audit --no-fund -w @portal/server -w @portal/contract \
    && npm cache clean --force
COPY --from=build /app/scripts/node-flags.mjs scripts/
COPY --from=build /app/packages/contract/src packages/contract/src
COPY --from=build /app/packages/server/bin packages/server/bin
COPY --from=build /app/packages/server/src packages/server/src
COPY --from=build /app/packages/server/drizzle packages/server/drizzle
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Liveness; a load balancer routes by /api/ready instead (docs/operations.md).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["sh", "-c", "exec node $(node scripts/node-flags.mjs) packages/server/dist/main.js"]
