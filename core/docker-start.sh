#!/bin/sh
# Container entry point (tini runs it). The service indexes the vault itself at start (one pass,
# reporting its progress in /health) and embeds it once the models are present.
set -eu
cd "$(dirname "$0")"

# Deep search: on first boot the service fetches qmd's models into the qmd_cache volume, in the
# background and resumable (skipped when they are there; a failure is logged and shown in
# /health, never fatal), then embeds the vault. KNOWER_MODELS_AUTO_PULL=0 turns this off.
export KNOWER_MODELS_AUTO_PULL="${KNOWER_MODELS_AUTO_PULL:-1}"

# Settings or folders the service cannot use (most often a vault folder the container's user,
# uid 1000, cannot write) would make it exit at once, and the restart policy would start it
# again and again. Instead: say why once, then check again every 30 s; the service starts by
# itself once it is fixed (`docker compose logs core` shows the reason).
if ! node dist/preflight.js; then
  echo "Knower waits for this to be fixed, and starts by itself once it is (checked every 30 s)." >&2
  until node dist/preflight.js 2>/dev/null; do sleep 30; done
fi

# The service's node flags: core/src/config/node-flags.ts says why.
# exec: node replaces this shell (no idle shell left behind), and gets the signals tini passes on.
exec node --max-semi-space-size=4 --expose-gc dist/main.js
