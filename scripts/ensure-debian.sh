#!/bin/sh
# Makes sure Debian's Chromium, which the browser tests drive, is installed: installs it when
# running as root, else stops with the one command to run. `npm test` runs this first.
set -eu

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium', then npm test again." >&2
  exit 1
fi

echo "Installing Debian's chromium for the browser tests (apt-get)..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
if [ ! -x /usr/bin/chromium ]; then
  echo "apt-get installed chromium, but /usr/bin/chromium is still missing." >&2
  exit 1
fi
echo "Installed $(/usr/bin/chromium --version 2>/dev/null)."
