#!/bin/sh
# prune-node-modules.sh DIR — removes from a production node_modules what the service never
# loads, for the Docker image (core/Dockerfile). Each rule names what it removes and why it is
# safe; the image's start (index, search, history, MCP) and a load of qmd's llama.cpp binding
# were checked after it.
set -eu
cd "${1:?usage: prune-node-modules.sh NODE_MODULES_DIR}"
platform=$(node -p 'process.platform')
arch=$(node -p 'process.arch === "arm" ? "armv7l" : process.arch')

# Source maps, type declarations and TypeScript sources: nothing loads them at run time.
find . -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.ts' -o -name '*.mts' -o -name '*.cts' \) -delete
# The SDKs ship their TypeScript sources beside the built files (for source maps).
rm -rf openai/src @anthropic-ai/sdk/src

# Documentation.
find . -type f \( -iname 'README*' -o -iname 'CHANGELOG*' -o -iname 'HISTORY*' \) -delete

# TypeScript itself: qmd and node-llama-cpp list it, but only node-llama-cpp's `inspect gpu`
# command (never run by the service) imports it.
rm -rf typescript

# llama.cpp's sources, bundled by node-llama-cpp to build from source where no prebuilt binary
# fits. The prebuilt CPU binary for this platform (@node-llama-cpp/<platform>-<arch>) is kept.
rm -f node-llama-cpp/llama/gitRelease.bundle
for dir in @node-llama-cpp/*; do
  case "${dir##*/}" in "$platform-$arch") ;; *) rm -rf "$dir" ;; esac
done

# qmd reads its code grammars from their .wasm files only (its dist/ast.js says so): the
# grammars' sources, native bindings and per-platform prebuilds go.
for dir in tree-sitter-*; do
  [ -d "$dir" ] || continue
  find "$dir" -mindepth 1 -maxdepth 1 ! -name '*.wasm' ! -name package.json ! -name 'LICENSE*' -exec rm -rf {} +
done

# Native binaries for other platforms: better-sqlite3 ships one per platform, and loads
# prebuilds/<platform>-<arch>.node.
find better-sqlite3/prebuilds -type f ! -name "$platform-$arch.node" -delete
# Its SQLite sources and C++ sources, for building from source.
rm -rf better-sqlite3/deps better-sqlite3/src
