#!/usr/bin/env bash
# The command line answers at once (run by ./mobula test):
# - a typo in a command or an option exits 2 within a second, before any JDK or Maven is looked for, with a usage line;
# - a command whose classes are current runs no Maven at all, and one whose inputs changed does;
# - nothing it or Maven prints carries an escape code when the output is not a terminal, and Maven warns of nothing;
# - every option the benchmark suites and the other commands parse (in their Java sources) passes ./mobula's checks.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
M="$ROOT/mobula"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
failures=0
fail() { echo "test-cli: FAIL: $*" >&2; failures=$((failures + 1)); }
now_ms() { echo $(($(date +%s%N) / 1000000)); }

no_escapes() { # no_escapes WHAT FILE...
  local f
  for f in "${@:2}"; do
    if grep -q $'\e' "$f"; then fail "$1: escape code in its output: $(head -c 200 "$f" | od -c | head -2)"; fi
  done
}

typo() { # typo ARG...: exits 2 within a second with a usage line on stderr, nothing on stdout
  local t0 t rc=0
  t0="$(now_ms)"
  "$M" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null || rc=$?
  t=$(($(now_ms) - t0))
  (( rc == 2 )) || fail "./mobula $*: exit $rc, not 2 ($(head -1 "$TMP/err"))"
  (( t < 1000 )) || fail "./mobula $*: answered in $t ms, not under a second"
  grep -q '^usage: ./mobula' "$TMP/err" || fail "./mobula $*: no usage line on stderr"
  [[ ! -s "$TMP/out" ]] || fail "./mobula $*: wrote to stdout"
  no_escapes "./mobula $*" "$TMP/out" "$TMP/err"
}

typo tset
typo bench
typo bench rmii
typo bench rmi --qiuck
typo bench rmi --json
typo bench gmi --sizes
typo bench serial extra
typo report --reslts x
typo registry --prot 1099
typo pool-server --port
typo run --nP 2 io.example.Main
typo run --np two io.example.Main
typo run --np 2
typo apps --line
typo speedup --np 2
typo test verify
typo install foo
typo help me

t0="$(now_ms)"
"$M" help >"$TMP/out" 2>"$TMP/err" || fail "./mobula help: exit $?"
(( $(now_ms) - t0 < 1000 )) || fail "./mobula help: slower than a second"
grep -q '^usage: ./mobula' "$TMP/out" || fail "./mobula help: no usage on stdout"
no_escapes "./mobula help" "$TMP/out" "$TMP/err"

# Builds only when needed: a Maven that records being run stands in for the real one
cat >"$TMP/fake-mvn" <<FAKE
#!/bin/sh
touch "$TMP/maven-ran"
exit 3
FAKE
chmod +x "$TMP/fake-mvn"
stamp="$ROOT/target/mobula-build/mobula-rmi.stamp"
"$M" registry --help >"$TMP/out" 2>"$TMP/err" || fail "./mobula registry --help: exit $? ($(head -3 "$TMP/err"))"
if MOBULA_MVN="$TMP/fake-mvn" "$M" registry --help >"$TMP/out" 2>"$TMP/err"; then
  [[ ! -e "$TMP/maven-ran" ]] || fail "./mobula registry ran Maven although nothing changed since its last build"
  grep -q 'usage: mobula registry' "$TMP/out" || fail "./mobula registry --help: no usage ($(head -3 "$TMP/err"))"
else
  fail "./mobula registry --help with current classes: exit $? ($(head -3 "$TMP/err"))"
fi
no_escapes "./mobula registry --help" "$TMP/out" "$TMP/err"
touch -d '2000-01-01 00:00' "$stamp" # as if every source had changed since
if MOBULA_MVN="$TMP/fake-mvn" "$M" registry --help >/dev/null 2>&1 || [[ ! -e "$TMP/maven-ran" ]]; then
  fail "./mobula registry did not run Maven although its inputs are newer than its last build"
fi
# the real Maven, now that it must build: no escape codes and no warnings in what it prints
"$M" registry --help >"$TMP/out" 2>"$TMP/err" || fail "./mobula registry --help after a change: exit $?"
no_escapes "./mobula registry --help (with a build)" "$TMP/out" "$TMP/err"
if grep -qi 'warning' "$TMP/out" "$TMP/err"; then fail "warnings from the build: $(grep -ih warning "$TMP/out" "$TMP/err" | head -3)"; fi
[[ "$stamp" -nt "$TMP/fake-mvn" || ! "$TMP/fake-mvn" -nt "$stamp" ]] || fail "the build did not renew $stamp"

# Every option a parser knows passes ./mobula's checks (so a new option in Java needs its line in ./mobula too)
accepts() { # accepts ARG...: ./mobula takes the command line (either OPTION alone or OPTION VALUE at the marked place)
  MOBULA_CHECK_ARGS=1 "$M" "$@" >/dev/null 2>&1
}
options_in() { # the string literals of a Java source that are exactly an option, such as "--json"
  grep -o '"--[a-z][a-z-]*"' "$ROOT/$1" | tr -d '"' | sort -u
}
check_options() { # check_options SOURCE BEFORE... -- AFTER...: each option of SOURCE fits between BEFORE and AFTER
  local src="$1" before=() after=() o
  shift
  while [[ "$1" != -- ]]; do before+=("$1"); shift; done
  shift
  after=("$@")
  [[ -f "$ROOT/$src" ]] || { fail "$src is gone: update the list in .ci/test-cli.sh"; return; }
  for o in $(options_in "$src"); do
    [[ "$o" == --root ]] && continue # set by ./mobula itself (apps)
    accepts "${before[@]}" "$o" "${after[@]}" || accepts "${before[@]}" "$o" 1 "${after[@]}" \
      || fail "./mobula ${before[*]} rejects $o, which $src parses"
  done
}
B=mobula-bench/src/main/java/io/mobula/bench
check_options $B/BenchArgs.java bench serial --
check_options $B/rmi/SuiteOptions.java bench rmi --
check_options $B/gmi/GmiOptions.java bench gmi --
check_options $B/repmi/RepmiOptions.java bench repmi --
check_options $B/hostile/HostileSuite.java bench hostile --
check_options $B/load/StarSuite.java bench load --
check_options $B/load/SoakSuite.java bench soak --
check_options $B/scale/ScaleSuite.java bench scale --
check_options $B/ranks/ParkCounts.java bench parks --
check_options $B/startup/StartupSuite.java bench startup --
check_options $B/report/ReportMain.java report --
check_options mobula-rmi/src/main/java/io/mobula/rmi/registry/RegistryMain.java registry --
check_options mobula-pool/src/main/java/io/mobula/pool/PoolServer.java pool-server --
check_options mobula-pool/src/main/java/io/mobula/pool/cli/RunOptions.java run --np 2 -- io.example.Main
check_options mobula-apps/src/main/java/io/mobula/apps/cli/SpeedupOptions.java speedup sor --

if (( failures > 0 )); then
  echo "test-cli: $failures failures" >&2
  exit 1
fi
echo "test-cli: typos answer in under a second with exit 2; current classes run no Maven; no escape codes, no warnings"
