#!/bin/sh
# Container entry point. The service indexes the vault itself at start (one pass, reporting its
# progress in /health) and embeds it once the models are present; nothing to prepare first.
set -eu
cd "$(dirname "$0")"
exec node dist/main.js
