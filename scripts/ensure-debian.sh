#!/bin/sh
# Makes sure the Debian packages a suite drives are installed: `chromium` (the browser tests, run by
# `npm test`) and `nginx` (the fault tests, `npm run test:faults`). Installs what is missing when
# running as root, else stops with the one command to run.
# Usage: sh scripts/ensure-debian.sh chromium [nginx ...]
set -eu

missing=""
for package in "$@"; do
  case "$package" in
    chromium) program=/usr/bin/chromium ;;
    nginx) program=/usr/sbin/nginx ;;
    *) echo "ensure-debian.sh: no program known for package $package" >&2; exit 2 ;;
  esac
  [ -x "$program" ] || missing="$missing $package"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The tests need Debian's$missing: run 'sudo apt-get install$missing', then the tests again." >&2
  exit 1
fi

echo "Installing Debian's$missing for the tests (apt-get)..."
apt-get update -qq
# shellcheck disable=SC2086 -- one word per package
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
# The package starts a system nginx on port 80; the tests start their own.
if echo "$missing" | grep -q nginx; then
  (service nginx stop || nginx -s quit || true) >/dev/null 2>&1
fi
for package in $missing; do
  case "$package" in
    chromium) /usr/bin/chromium --version ;;
    nginx) /usr/sbin/nginx -v ;;
  esac
done
