# The gateway with the built workbench (when present) and every block package.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=4000 DATA_DIR=/data
COPY --from=build /app /app
VOLUME ["/data"]
EXPOSE 4000
USER node
CMD ["node", "--enable-source-maps", "gateway/dist/server.js"]
