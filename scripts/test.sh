#!/usr/bin/env bash
# npm test: every test. The browser tests drive the built app, so build first (npm run build:tests: the three builds
# at once), unless the caller has just done so (WAYFARE_TESTS_BUILT=1, as .ci/run does beside typecheck and lint).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
[ "${WAYFARE_TESTS_BUILT:-}" = 1 ] || npm run build:tests --silent
exec npx vitest run "$@"
