#!/usr/bin/env bash
# The official Firebase emulator suite (Auth, Functions, Firestore, Storage, Hosting) with the built app.
# Needs Java 21+ and internet on first use (it downloads the emulator JARs); not runnable on the CI machine.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
export JWT_SECRET="${JWT_SECRET:-local-emulator-secret-change-me-0123456789}"
exec npx --yes firebase-tools@latest emulators:start --project demo-wayfare
