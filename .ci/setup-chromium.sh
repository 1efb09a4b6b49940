#!/usr/bin/env bash
# Installs the browser .ci/check-report-browser.sh renders the benchmark report in (run by ./mobula test): Debian's
# chromium (/usr/bin/chromium), without its recommended packages. The check skips with a visible reason when there is
# still no Chromium. Looks for the same commands as the check (chromium, chromium-browser, google-chrome,
# google-chrome-stable). Installs only what is missing, only as root with apt-get; runs `apt-get update` only when the
# package is not known yet. Idempotent; prints one line.
set -u
for b in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "$b" >/dev/null 2>&1; then
    echo "setup-chromium: Chromium already installed ($(command -v "$b"))"
    exit 0
  fi
done
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-chromium: skipped (missing chromium; needs root and apt-get to install);" \
    "the browser check of the report will skip"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show chromium >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1 || true
fi
if apt-get install -y -qq --no-install-recommends chromium >/dev/null 2>&1 && command -v chromium >/dev/null 2>&1; then
  echo "setup-chromium: installed chromium ($(dpkg-query -W -f='${Version}' chromium 2>/dev/null))"
else
  echo "setup-chromium: could not install chromium with apt-get; the browser check of the report will skip"
  exit 1
fi
