# The gateway with the built workbench (when present) and every block package.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
COPY --from=build /app /app
# The server runs as node and writes uploads (and, without DATABASE_URL, the database) under /data.
# A new named volume takes this directory's owner, so it must exist, owned by node, before VOLUME.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
EXPOSE 4000
USER node
# Liveness: the process answers HTTP. The slim image has no curl; node's own fetch asks /healthz.
# (docker-compose.yml asks /readyz instead, which also needs the database.)
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "gateway/dist/server.js"]
