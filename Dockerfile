# syntax=docker/dockerfile:1
# Multi-stage image of the service: the builder installs and builds, the runtime stage holds only
# the standalone server (no node_modules checkout), Debian's Chromium and fonts, and runs as a
# non-root user. Each step is a stage of scripts/container/build-steps.sh, which the e2e run also
# executes on the same standalone output (docs/deploy.md).
ARG NODE_VERSION=20

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Dependencies first, so a source change does not reinstall them.
COPY package.json package-lock.json ./
COPY scripts/container/build-steps.sh scripts/container/build-steps.sh
RUN scripts/container/build-steps.sh deps
COPY . .
RUN scripts/container/build-steps.sh build \
 && scripts/container/build-steps.sh assemble /out

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
COPY scripts/container/build-steps.sh /usr/local/bin/build-steps.sh
RUN build-steps.sh runtime-packages \
 && build-steps.sh runtime-user
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3001 \
    HOSTNAME=0.0.0.0 \
    CHROMIUM_PATH=/usr/bin/chromium \
    PGLITE_DIR=/data/pglite \
    STORAGE_DIR=/data/storage
WORKDIR /app
COPY --from=build --chown=app:app /out ./
USER app
EXPOSE 3001
VOLUME ["/data"]
# Migrations are applied by the server itself at start (instrumentation), before it reports healthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 CMD ["node", "healthcheck.cjs"]
CMD ["node", "server.js"]
