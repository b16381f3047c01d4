#!/bin/sh
# Container entry point. The service indexes the vault itself at start (one pass, reporting its
# progress in /health) and embeds it once the models are present; nothing to prepare first.
set -eu
cd "$(dirname "$0")"
# Deep search: on first boot the service fetches qmd's models into the qmd_cache volume, in the
# background and resumable (skipped when they are there; a failure is logged and shown in
# /health, never fatal), then embeds the vault. KNOWER_MODELS_AUTO_PULL=0 turns this off.
export KNOWER_MODELS_AUTO_PULL="${KNOWER_MODELS_AUTO_PULL:-1}"
exec node dist/main.js
