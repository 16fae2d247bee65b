# syntax=docker/dockerfile:1
# One image for every role of the server (SERVER_ROLE: api, indexer, or all): the API, the
# indexer, and the built web app it serves under /chain/. See README.md, "Production".

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The lock file and the workspaces' manifests first, so that `npm ci` is cached until they change.
COPY package.json package-lock.json .npmrc ./
COPY api/package.json api/
COPY contracts/package.json contracts/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
# The production web app (no devnet wallet); the server serves web/dist.
RUN npm run --workspace web build

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    HEALTH_HOST=0.0.0.0 \
    HEALTH_PORT=9464 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/api api
# The contracts' generated module (ABIs and each chain's addresses) and the settings' decoder.
COPY --from=build /app/contracts/package.json contracts/package.json
COPY --from=build /app/contracts/generated contracts/generated
COPY --from=build /app/contracts/deploy contracts/deploy
COPY --from=build /app/server server
COPY --from=build /app/web/package.json web/package.json
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app/server
EXPOSE 8080 9464
# Alive: the health port answers. Readiness (/ready) is for the orchestrator or the proxy to ask.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.HEALTH_PORT + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "src/main.ts"]
