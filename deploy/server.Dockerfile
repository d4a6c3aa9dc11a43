# The console's server (server/) on Node 24, unprivileged (user node), listening on 4020.
#
#   docker build -f deploy/server.Dockerfile -t benefits-console-server .
#   docker run --env-file deploy/console-server.env -v console-server-data:/var/lib/console-server \
#     benefits-console-server
#
# Settings come from the environment only (server/README.md lists them). The secrets
# (SERVICE_API_KEY, SERVICE_PASSWORD, DATABASE_URL with its password) are given when the
# container starts, from an env file or the orchestrator's secrets: never here or as a build
# argument, which would stay in the image's history. deploy/compose.yaml runs it with Postgres
# and nginx. Not built in this repository's CI (no Docker engine there): scripts/deploy-kit.test.ts
# runs this file's bundling command and starts what it makes.
#
# hono and tsx are devDependencies, so `npm ci --omit=dev` alone cannot run server/index.ts.
# The first stage bundles the server's TypeScript (with hono, zod and the console's code it
# shares) into one file with esbuild; only pg stays outside, and the second stage installs it from
# the lockfile with the other production dependencies, among them the embedded Postgres's
# binaries for the image's platform (`@embedded-postgres/<platform>`, an optional dependency the
# server finds at run time). No dev tool is in the image that runs.
FROM node:24-slim AS build
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY server/ server/
COPY src/ src/
RUN npx esbuild server/index.ts --bundle --platform=node --format=esm --target=node24 --external:pg --outfile=bundle/server.mjs

FROM node:24-slim
# HOST 0.0.0.0: reached from nginx in another container. Publish no port of it to the world:
# nginx in front is the only way in (deploy/compose.yaml publishes nginx's alone).
ENV NODE_ENV=production \
    PORT=4020 \
    HOST=0.0.0.0 \
    CONSOLE_DATA_DIR=/var/lib/console-server
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /build/bundle/server.mjs ./server.mjs
# The embedded database's folder, used without DATABASE_URL: the server keeps it readable by its
# own user only.
RUN mkdir -p /var/lib/console-server && chown node:node /var/lib/console-server
USER node
VOLUME /var/lib/console-server
EXPOSE 4020
# Up once it answers: every /console-api/ route needs a token, so a 401 is the healthy answer.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/console-api/health`).then((r) => process.exit(r.status === 401 ? 0 : 1), () => process.exit(1))"]
# A young generation of at most 8 MB a half (V8 sizes it up to 64 MB on a large machine): the
# first load's garbage is collected while young (docs/decisions/0010-server-young-generation.md).
CMD ["node", "--max-semi-space-size=8", "server.mjs"]
