#!/usr/bin/env bash
# npm test: every test. The browser tests drive the built app, so build first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run build --silent
npm run build:emulators -w web --silent
exec npx vitest run "$@"
