#!/usr/bin/env bash
# The product inside the Firebase emulator suite: Hosting :5000 (web app + /api rewrite to the function),
# Functions, Auth :9099, Firestore :8080 (official emulator with Java 21+, else the Node.js one), Storage.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build -w functions --silent
npm run build:emulators -w web --silent
exec node --import tsx scripts/emulators.ts
