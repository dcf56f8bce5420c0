#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing (no browser download:
# playwright-core drives the system package).
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
  echo "Chromium is missing: install Debian's chromium package (apt-get install chromium) and run again." >&2
  exit 1
fi
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
echo "Installing Debian's chromium package for the browser tests…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
