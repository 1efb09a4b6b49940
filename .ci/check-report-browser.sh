#!/usr/bin/env bash
# The benchmark report in a real browser (run by ./mobula test): makes the report of the test fixture's results
# (mobula-bench/src/test/resources/.../report/results, one file per suite) with ./mobula report, renders its page in
# headless Chromium and fails on a blank or broken page:
# - the DOM Chromium built must hold the headline table and one inline SVG chart per PNG the report wrote, each SVG
#   with drawn marks (circles, rects or paths), and no "no data" chart;
# - Chromium must log no JavaScript or loading error for the page;
# - a screenshot of the page must not be blank (checked with the JDK's ImageIO: enough pixels differ from the
#   background).
# Without Chromium on the machine it says so and SKIPs with exit 0; .ci/run installs Debian's chromium with
# .ci/setup-chromium.sh while the tests run (this check waits for it), and when that install failed the SKIP line says
# so. It needs no root: it only runs the browser (as root, with --no-sandbox, which Chromium requires then). Chromium
# runs with a fresh empty profile each time, with its background networking, component updates, sync and QUIC off and
# every host name resolved to "not found", so that it reaches for no outside host (a CI machine may have a closed
# network).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Under .ci/run, Chromium installs in the background while the tests run: wait (bounded) for that setup's outcome
if [[ -n "${MOBULA_CI_CHROMIUM_SETUP:-}" ]]; then
  for _ in $(seq 600); do
    [[ -e "$MOBULA_CI_CHROMIUM_SETUP.rc" ]] && break
    sleep 1
  done
  if [[ -e "$MOBULA_CI_CHROMIUM_SETUP.rc" ]]; then
    cat "$MOBULA_CI_CHROMIUM_SETUP.out" 2>/dev/null || true
    if [[ "$(cat "$MOBULA_CI_CHROMIUM_SETUP.rc")" != 0 ]]; then
      MOBULA_CI_SETUP_FAILED="${MOBULA_CI_SETUP_FAILED:-} setup-chromium"
    fi
  else
    echo "check-report-browser: .ci/setup-chromium.sh did not finish within 600 s"
    MOBULA_CI_SETUP_FAILED="${MOBULA_CI_SETUP_FAILED:-} setup-chromium"
  fi
fi
browser=""
for b in chromium chromium-browser google-chrome google-chrome-stable; do
  if command -v "$b" >/dev/null 2>&1; then browser="$(command -v "$b")"; break; fi
done
if [[ -z "$browser" ]]; then
  looked="looked for chromium, chromium-browser, google-chrome, google-chrome-stable"
  if [[ " ${MOBULA_CI_SETUP_FAILED:-} " == *" setup-chromium "* ]]; then
    echo "check-report-browser: SKIP: the report was NOT checked in a browser:" \
      ".ci/setup-chromium.sh could not install Chromium (apt-get failed; no network or no package?)" \
      "and there is none on this machine ($looked)"
  else
    echo "check-report-browser: SKIP: no Chromium on this machine ($looked);" \
      "install it (e.g. apt-get install chromium, or run .ci/setup-chromium.sh as root)" \
      "to check the report in a browser"
  fi
  exit 0
fi
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
fail() { echo "check-report-browser: FAIL: $*" >&2; exit 1; }

cp "$ROOT"/mobula-bench/src/test/resources/io/mobula/bench/report/results/*.jsonl "$TMP/" 2>/dev/null \
  || fail "no fixture results under mobula-bench/src/test/resources/io/mobula/bench/report/results"
"$ROOT/mobula" report --results "$TMP" --out "$TMP/report" >"$TMP/report.out" 2>&1 \
  || fail "./mobula report failed: $(cat "$TMP/report.out")"
page="$TMP/report/index.html"
[[ -s "$page" ]] || fail "no page at $page"
pngs=$(find "$TMP/report" -name '*.png' | wc -l)
(( pngs > 0 )) || fail "the report wrote no chart"

# No outside traffic: without the background-networking flags Chromium reaches for Google's hosts at every start, and
# even with them it still looks up clients2.google.com, accounts.google.com and update.googleapis.com; the resolver rule
# answers every host name "not found" without asking DNS (the page is a local file and must need no host).
flags=(--headless --disable-gpu --disable-quic --no-first-run --no-default-browser-check
       --disable-background-networking --disable-component-update --disable-sync
       --host-resolver-rules="MAP * ~NOTFOUND" --enable-logging=stderr --v=0)
[[ "$(id -u)" != 0 ]] || flags+=(--no-sandbox)
timeout 60 "$browser" "${flags[@]}" --user-data-dir="$TMP/profile-dom" --dump-dom "file://$page" \
  >"$TMP/dom.html" 2>"$TMP/browser.log" || fail "Chromium could not render the page: $(tail -5 "$TMP/browser.log")"
timeout 60 "$browser" "${flags[@]}" --user-data-dir="$TMP/profile-shot" --hide-scrollbars --window-size=1000,4000 \
  --screenshot="$TMP/shot.png" "file://$page" >/dev/null 2>>"$TMP/browser.log" \
  || fail "Chromium could not take a screenshot of the page"

if grep -E 'Uncaught|CONSOLE.*(error|Error)|Failed to load|ERR_FILE_NOT_FOUND' "$TMP/browser.log" >"$TMP/errors"; then
  fail "the page logged errors: $(head -5 "$TMP/errors")"
fi
svgs=$(grep -o '<svg[ >]' "$TMP/dom.html" | wc -l)
(( svgs == pngs )) || fail "the rendered page has $svgs SVG charts for $pngs PNG charts"
grep -q '<section id="headline"' "$TMP/dom.html" || fail "the rendered page has no headline section"
grep -q '<table' "$TMP/dom.html" || fail "the rendered page has no headline table"
marks=$(grep -oE '<(circle|rect|path|polyline)[ />]' "$TMP/dom.html" | wc -l)
(( marks > 10 * svgs )) || fail "the rendered charts draw only $marks marks for $svgs charts"
if grep -q '>no data<' "$TMP/dom.html"; then fail "a chart of the fixture shows 'no data'"; fi

cat >"$TMP/Blank.java" <<'JAVA'
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;

/** Prints how many pixels of a screenshot differ from its top-left pixel. */
public class Blank {
    public static void main(String[] args) throws Exception {
        BufferedImage img = ImageIO.read(new File(args[0]));
        int bg = img.getRGB(0, 0);
        long n = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                n += img.getRGB(x, y) != bg ? 1 : 0;
            }
        }
        System.out.println(n);
    }
}
JAVA
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
drawn=$("$java_bin" -Djava.awt.headless=true "$TMP/Blank.java" "$TMP/shot.png") || fail "cannot read the screenshot"
(( drawn > 100000 )) || fail "the screenshot is nearly blank: $drawn pixels drawn"
echo "check-report-browser: OK: $pngs charts rendered by $(basename "$browser") ($svgs SVG, $marks marks, $drawn pixels drawn)"
