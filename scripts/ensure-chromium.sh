#!/usr/bin/env bash
# Installs what the browser tests need from Debian when it is missing, and does nothing when it is there:
# chromium, a colour emoji font so the trip placeholders (an emoji and the city) render in screenshots, and
# DejaVu Sans Mono, the font the receipt-scan tests draw their receipt photos in (functions/test-support/receipt-fixtures.ts).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing+=(fonts-noto-color-emoji)
dpkg -s fonts-dejavu-core >/dev/null 2>&1 || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing for the browser tests: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium --version
