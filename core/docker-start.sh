#!/bin/sh
# Container entry point. prepare.js ensures the qmd collection over the vault, runs
# `qmd update`, and on first boot `qmd embed` (behind a flag file in the state dir). Search works
# without it (degraded), so a failure is logged and the server starts anyway.
set -eu
cd "$(dirname "$0")"
node dist/prepare.js || echo "docker-start: prepare failed (exit $?); continuing, search may be degraded until the next update" >&2
exec node dist/main.js
