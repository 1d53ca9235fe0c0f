#!/usr/bin/env bash
# The container image's steps as one script: the Dockerfile runs each stage through it, and the
# e2e run (scripts/e2e.ts) runs `assemble` and `verify` on the same standalone output and starts
# the server from the assembled directory, outside the repository, as the image does. Docker is not
# needed to check what the image will hold.
#
#   build-steps.sh deps               npm ci (the builder stage, before the sources are copied)
#   build-steps.sh build              npm run build (next build + the standalone post-step)
#   build-steps.sh assemble <dir>     the runtime tree: .next/standalone + the health check, verified
#   build-steps.sh verify <dir>       fail unless every file the server reads at run time is there
#   build-steps.sh runtime-packages   Debian packages of the runtime stage (Chromium, fonts)
#   build-steps.sh runtime-user       the non-root user and the data directory
set -euo pipefail
cd "$(dirname "$0")/../.."

step="${1:-}"
case "$step" in
  deps)
    npm ci --no-audit --no-fund
    ;;
  build)
    NEXT_TELEMETRY_DISABLED=1 npm run build
    ;;
  assemble)
    out="${2:?assemble needs a target directory}"
    [ -f .next/standalone/server.js ] || { echo "assemble: .next/standalone/server.js missing (run the build step)" >&2; exit 1; }
    mkdir -p "$out"
    cp -a .next/standalone/. "$out/"
    cp scripts/container/healthcheck.cjs "$out/healthcheck.cjs"
    "$0" verify "$out"
    ;;
  verify)
    dir="${2:?verify needs a directory}"
    missing=0
    need() { for f in "$@"; do if ! compgen -G "$dir/$f" >/dev/null; then echo "verify: missing $f" >&2; missing=1; fi; done; }
    need server.js server/entry.cjs healthcheck.cjs package.json \
      .next/BUILD_ID '.next/static/*' 'public/*' \
      'supabase/migrations/*.sql' 'supabase/seed/*.json' \
      node_modules/@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz \
      node_modules/tesseract.js/src/worker-script/node/index.js 'node_modules/tesseract.js-core/*.wasm' \
      node_modules/bmp-js/package.json node_modules/zlibjs/package.json node_modules/wasm-feature-detect/package.json \
      node_modules/@electric-sql/pglite/dist/pglite.wasm node_modules/@electric-sql/pglite/dist/pglite.data node_modules/@electric-sql/pglite/dist/pg_trgm.tar.gz \
      'node_modules/@img/sharp-*/lib/*.node' node_modules/sharp/package.json \
      node_modules/playwright-core/package.json node_modules/playwright-core/browsers.json
    # the entry hook runs before Next's server (client address, undecodable paths)
    head -n 3 "$dir/server.js" | grep -q "require('./server/entry.cjs')" || { echo "verify: server.js does not load the entry hook first" >&2; missing=1; }
    # every migration of the repository is in the tree (same names, same count)
    if [ -d supabase/migrations ]; then
      want=$(ls supabase/migrations | grep -c '\.sql$'); have=$(ls "$dir/supabase/migrations" | grep -c '\.sql$')
      [ "$want" = "$have" ] || { echo "verify: $have of $want migrations in the tree" >&2; missing=1; }
    fi
    [ "$missing" = 0 ] || exit 1
    echo "verify: $dir holds the whole runtime ($(du -sh "$dir" | cut -f1))"
    ;;
  runtime-packages)
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends chromium fonts-dejavu-core ca-certificates
    rm -rf /var/lib/apt/lists/*
    ;;
  runtime-user)
    groupadd --system --gid 1001 app
    useradd --system --uid 1001 --gid app --home-dir /app --shell /usr/sbin/nologin app
    mkdir -p /data/pglite /data/storage
    chown -R app:app /data
    ;;
  *)
    echo "usage: $0 deps|build|assemble <dir>|verify <dir>|runtime-packages|runtime-user" >&2
    exit 2
    ;;
esac
