#!/bin/sh
# Container entry point (tini runs it). The service indexes the vault itself at start (one pass,
# reporting its progress in /health) and embeds it once the models are present.
set -eu
cd "$(dirname "$0")"

# Deep search: on first boot the service fetches qmd's models into the qmd_cache volume, in the
# background and resumable (skipped when they are there; a failure is logged and shown in
# /health, never fatal), then embeds the vault. KNOWER_MODELS_AUTO_PULL=0 turns this off.
export KNOWER_MODELS_AUTO_PULL="${KNOWER_MODELS_AUTO_PULL:-1}"

# The preflight check says why the service cannot start (`./knower start` and
# `docker compose logs core` show it). A folder the container's user (uid 1000) cannot write is
# fixed from the host while the container runs: wait for it, checking every 5 s, instead of
# exiting into a restart loop. A setting is fixed only by a new container (a running one's
# environment never changes): exit with the reason; compose's restart policy shows the code.
code=0
node dist/preflight.js || code=$?
if [ "$code" -eq 77 ]; then
  echo "Knower waits for this to be fixed, and starts by itself once it is (checked every 5 s)." >&2
  until node dist/preflight.js 2>/dev/null; do sleep 5; done
elif [ "$code" -ne 0 ]; then
  echo "Knower cannot start with these settings: fix them (.env or the environment), then run ./knower start again, which makes a new container." >&2
  exit "$code"
fi

# The service's node flags: core/src/config/node-flags.ts says why.
# exec: node replaces this shell (no idle shell left behind), and gets the signals tini passes on.
exec node --max-semi-space-size=4 --expose-gc dist/main.js
