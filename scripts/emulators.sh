#!/usr/bin/env bash
# The product inside the Firebase emulator suite: Hosting :5000 (web app + /api rewrite to the function),
# Functions, Auth :9099, Firestore :8080 (the official emulator wherever a JDK ≥ 21 and the emulator are found,
# else the Node.js one), Storage (official only with its rules runtime downloaded, else a stand-in).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build -w functions --silent
npm run build:emulators -w web --silent
exec node --import tsx scripts/emulators.ts
