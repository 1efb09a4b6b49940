#!/usr/bin/env bash
# mobula-fuzz/fuzz.sh: fuzzes harnesses of mobula-fuzz, one JVM each, and writes what each run did to
# docs/results/fuzz/<Harness>.json (the last run of each harness: executions, time, coverage, corpus, findings),
# taken from Jazzer's (libFuzzer's) own report in the run's output. docs/SECURITY.md ("Fuzzing") shows them.
#
#   mobula-fuzz/fuzz.sh [--seconds N] [--executions N] [--out DIR] [HARNESS...] [-- MAVEN OPTIONS]
#   mobula-fuzz/fuzz.sh --from-log LOG [--out DIR] [HARNESS...]   (summaries of a run made before, from its log)
#
# --seconds N     fuzz each harness for N seconds (default 60)
# --executions N  stop a harness after N executions as well (default 0: only the time bounds it)
# --out DIR       where the summaries go (default docs/results/fuzz)
# HARNESS         simple class names (default: all of them); the whole log is kept in mobula-fuzz/target/fuzz-logs/
# Environment: MOBULA_MVN (the Maven command, default mvn on the PATH, else ./mvnw). The exit code is Maven's: a
# finding fails the build and is written as crash-<sha1> beside the harness's inputs (docs/SECURITY.md).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ALL=(FromBytesFuzzTest GeneratedSerializersFuzzTest PeerStreamFuzzTest RmiFrameFuzzTest RegistryFuzzTest
  PoolCoordinatorFuzzTest GroupPortFuzzTest ReplicaPortFuzzTest)

die() { echo "fuzz.sh: $*" >&2; exit 2; }
number() { [[ "$2" =~ ^[0-9]+$ ]] || die "$1 needs a whole number, got '$2'"; }

seconds=60
executions=0
out="$ROOT/docs/results/fuzz"
harnesses=()
maven_args=()
from_log=""

while (( $# > 0 )); do
  case "$1" in
    --seconds) (( $# > 1 )) || die "--seconds needs a value"; number "$1" "$2"; seconds="$2"; shift 2 ;;
    --executions) (( $# > 1 )) || die "--executions needs a value"; number "$1" "$2"; executions="$2"; shift 2 ;;
    --out) (( $# > 1 )) || die "--out needs a value"; out="$2"; shift 2 ;;
    --from-log) (( $# > 1 )) || die "--from-log needs a value"; from_log="$2"; shift 2 ;;
    --help|-h) sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; maven_args=("$@"); break ;;
    -*) die "unknown option $1 (see --help)" ;;
    *)
      [[ " ${ALL[*]} " == *" $1 "* ]] || die "no harness '$1'; harnesses: ${ALL[*]}"
      harnesses+=("$1"); shift ;;
  esac
done
(( seconds > 0 )) || die "--seconds must be at least 1"
(( ${#harnesses[@]} > 0 )) || harnesses=("${ALL[@]}")

if [[ -n "${MOBULA_MVN:-}" ]]; then
  MVN="$MOBULA_MVN"
elif command -v mvn > /dev/null; then
  MVN=mvn
else
  MVN="$ROOT/mvnw"
fi

logs="$ROOT/mobula-fuzz/target/fuzz-logs"
mkdir -p "$logs" "$out"
load() { cut -d' ' -f1-3 /proc/loadavg 2> /dev/null || echo unknown; }
commit="$(git -C "$ROOT" rev-parse --short HEAD 2> /dev/null || echo unknown)"
status=0
if [[ -n "$from_log" ]]; then
  [[ -f "$from_log" ]] || die "no log $from_log"
  log="$from_log"
  stamp="$(sed -nE 's/.*fuzz-([0-9TZ]+)\.log$/\1/p' <<< "$log")"
  stamp="${stamp:-unknown}"
  load_before="$(sed -nE 's/^fuzz.sh: load average before: (.*)$/\1/p' "$log" | head -1)"
  load_after="$(sed -nE 's/^fuzz.sh: load average after: (.*)$/\1/p' "$log" | tail -1)"
  load_before="${load_before:-unknown}"
  load_after="${load_after:-unknown}"
  logged_commit="$(sed -nE 's/^fuzz.sh: commit (.*)$/\1/p' "$log" | head -1)"
  commit="${logged_commit:-$commit}"
  seconds="$(grep -m1 -oE -- '-Dfuzz=[0-9]+s' "$log" | tr -dc 0-9 || true)"
  seconds="${seconds:-null}"
else
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  log="$logs/fuzz-$stamp.log"
  load_before="$(load)"
  tests="$(IFS=,; echo "${harnesses[*]}")"
  echo "fuzz.sh: $MVN -pl mobula-fuzz -am verify -Dfuzz=${seconds}s -Dtest=$tests" | tee "$log"
  echo "fuzz.sh: load average before: $load_before" | tee -a "$log"
  echo "fuzz.sh: commit $commit$(git -C "$ROOT" diff --quiet HEAD 2> /dev/null || echo ' (with changes not committed)')" \
    | tee -a "$log"
  (cd "$ROOT" && "$MVN" -B -Dstyle.color=never -pl mobula-fuzz -am verify -Dfuzz="${seconds}s" \
    -Dfuzz.executions="$executions" -Dtest="$tests" -Dsurefire.failIfNoSpecifiedTests=false \
    ${maven_args[@]+"${maven_args[@]}"}) 2>&1 | tee -a "$log" || status=$?
  load_after="$(load)"
  echo "fuzz.sh: load average after: $load_after" | tee -a "$log"
fi

# The section of the log that is one harness's fuzzing run: from the last "Running <its class>" (the fuzz execution
# runs after the regression run of its inputs) to the next "Running".
section() {
  awk -v h="$1" '
    /\[INFO\] Running io\.mobula\./ { n++; cur = ($NF ~ ("\\." h "$")) ? n : 0 }
    cur { lines[cur] = lines[cur] $0 "\n"; last = cur }
    END { printf "%s", lines[last] }' "$log"
}

json_string() { local s="${1//\\/\\\\}"; s="${s//\"/\\\"}"; printf '"%s"' "$s"; }

for h in "${harnesses[@]}"; do
  s="$(section "$h")"
  fqcn="$(grep -m1 -o "io\.mobula\.[A-Za-z0-9_.]*\.$h" <<< "$s" || true)"
  # libFuzzer's last status line: "#EXECS<TAB>DONE cov: N ft: N corp: N/SIZE ... exec/s: N rss: NMb"
  stat="$(grep -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE|INITED)' <<< "$s" | tail -1 || true)"
  done_line="$(grep -E '^Done [0-9]+ runs in [0-9]+ second' <<< "$s" | tail -1 || true)"
  field() { sed -nE "s|.*[[:space:]]$1: ([0-9]+).*|\1|p" <<< "$stat"; }
  execs="$(sed -nE 's/^#([0-9]+).*/\1/p' <<< "$stat")"
  run_seconds="$(sed -nE 's/^Done [0-9]+ runs in ([0-9]+) second.*/\1/p' <<< "$done_line")"
  [[ -n "$done_line" ]] && execs="$(sed -nE 's/^Done ([0-9]+) runs.*/\1/p' <<< "$done_line")"
  cov="$(field cov)"
  ft="$(field ft)"
  corp="$(sed -nE 's/.*corp: ([0-9]+)\/.*/\1/p' <<< "$stat")"
  execs_per_s="$(field 'exec/s')"
  rss="$(sed -nE 's/.*rss: ([0-9]+)Mb.*/\1/p' <<< "$stat")"
  corpus_files=""
  if [[ -n "$fqcn" && -d "$ROOT/mobula-fuzz/.cifuzz-corpus/$fqcn" ]]; then
    corpus_files="$(find "$ROOT/mobula-fuzz/.cifuzz-corpus/$fqcn" -type f | wc -l | tr -d ' ')"
  fi
  tests_line="$(grep -E "Tests run: [0-9]+, Failures: [0-9]+, Errors: [0-9]+.* in .*\\.$h\$" <<< "$s" | tail -1 || true)"
  failures="$(sed -nE 's/.*Failures: ([0-9]+), Errors: ([0-9]+).*/\1 \2/p' <<< "$tests_line")"
  findings=""
  [[ -n "$failures" ]] && findings="$(( ${failures% *} + ${failures#* } ))"
  complete=true
  [[ -n "$done_line" && -n "$tests_line" ]] || complete=false
  nz() { [[ -n "$1" ]] && echo "$1" || echo null; }
  {
    printf '{"suite":"fuzz","harness":%s,"class":%s,"date":%s,"commit":%s,' "$(json_string "$h")" \
      "$(json_string "${fqcn:-unknown}")" "$(json_string "$stamp")" "$(json_string "$commit")"
    printf '"requested_seconds":%s,"requested_executions":%s,' "$seconds" "$executions"
    printf '"executions":%s,"seconds":%s,"executions_per_s":%s,' "$(nz "$execs")" "$(nz "$run_seconds")" \
      "$(nz "$execs_per_s")"
    printf '"edges_covered":%s,"features":%s,"corpus_in_memory":%s,"corpus_files":%s,"rss_mb":%s,' \
      "$(nz "$cov")" "$(nz "$ft")" "$(nz "$corp")" "$(nz "$corpus_files")" "$(nz "$rss")"
    printf '"findings":%s,"complete":%s,"host":%s,"cpus":%s,"load_before":%s,"load_after":%s,' \
      "$(nz "$findings")" "$complete" "$(json_string "$(hostname)")" "$(nproc)" "$(json_string "$load_before")" \
      "$(json_string "$load_after")"
    printf '"last_status_line":%s,"log":%s}\n' "$(json_string "$(tr '\t' ' ' <<< "$stat")")" \
      "$(json_string "${log#"$ROOT/"}")"
  } > "$out/$h.json"
  echo "fuzz.sh: $h: ${execs:-?} executions in ${run_seconds:-?} s, ${cov:-?} edges, corpus ${corp:-?}" \
    "(${corpus_files:-?} files), findings ${findings:-?} -> $out/$h.json"
done
exit "$status"
