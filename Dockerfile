# The gateway serving the built workbench (as static files) and every block package.
# The dependency layers are cached: they are installed again only when a package.json or the
# lockfile changes, not when sources do.
ARG NODE_IMAGE=node:24-bookworm-slim

# Only what `npm ci` reads: every package.json and the lockfile. This stage's result changes only
# when they do, so the installs built on it stay cached.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete \
  && find . -depth -mindepth 1 -type d -empty -delete

# Everything the build needs. No dependency's install script is needed (package.json's allowScripts
# denies each), so none runs: nothing is compiled from source.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build -- --all \
  && mkdir /out \
  && tar -c --exclude=node_modules --exclude=workbench/src --exclude=workbench/public --exclude=e2e . \
    | tar -x -C /out

# What the server runs with: every workspace but the workbench (its React, Blueprint and Firebase
# web SDK are in its built files already), without development dependencies.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY --from=manifests /app ./
RUN workspaces=$(node -e " \
      const fs = require('fs'); \
      const dirs = require('./package.json').workspaces.flatMap((w) => \
        w.endsWith('/*') ? fs.readdirSync(w.slice(0, -2)).map((d) => w.slice(0, -1) + d) : [w]); \
      console.log(dirs.filter((d) => d !== 'workbench' && fs.existsSync(d + '/package.json')) \
        .map((d) => '--workspace=' + d).join(' '));") \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund $workspaces \
  && npm cache clean --force

FROM ${NODE_IMAGE}
WORKDIR /app
# NODE_COMPILE_CACHE, as `npm start` sets it: Node keeps V8's compiled code of the modules the
# server loads, so a restart of the container compiles none of them again (about 7 % less CPU to
# ready on Node 24; see BENCHMARKS.md).
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data \
  NODE_COMPILE_CACHE=/app/node_modules/.cache/node-compile-cache
COPY --from=runtime-deps /app ./
COPY --from=build /out ./
# The server runs as node and writes uploads (and, without DATABASE_URL, the database) under /data,
# and its compile cache. A new named volume takes this directory's owner, so it must exist, owned
# by node, before VOLUME.
RUN mkdir -p /data "$NODE_COMPILE_CACHE" && chown node:node /data "$NODE_COMPILE_CACHE"
VOLUME ["/data"]
EXPOSE 4000
USER node
# Liveness: the process answers HTTP. The slim image has no curl; node's own fetch asks /healthz.
# (docker-compose.yml asks /readyz instead, which also needs the database.)
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "gateway/dist/server.js"]
