# The Veiltable server with its built client. Used by docker-compose.yml.
FROM node:24-slim
WORKDIR /app
RUN npm install -g pnpm@12.4.2
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# The patched dependencies (pnpm-workspace.yaml's patchedDependencies) are applied at install.
COPY patches patches/
COPY packages/engine/package.json packages/engine/
COPY packages/protocol/package.json packages/protocol/
COPY packages/server/package.json packages/server/
COPY packages/client/package.json packages/client/
COPY tests/package.json tests/
COPY bench/package.json bench/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @veiltable/client build
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
EXPOSE 3000
CMD ["node", "packages/server/src/main.ts"]
