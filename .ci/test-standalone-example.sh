#!/usr/bin/env bash
# A project of one's own, as a user builds it (run by ./mobula test): `./mobula install` into a fresh local Maven
# repository, then examples/standalone (its own pom, not a module of this build) is built against what was installed,
# by Maven and by the plain javac recipe of its README, and each build's server and client run on loopback. The same
# sources with java.rmi's imports back, compiled without Mobula, must print exactly what the Mobula builds print.
#
# The fresh repository gets every plugin and library other than Mobula's from the user's local repository
# (~/.m2/repository, read as a remote one) and what is not there from Maven Central, as usual.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXAMPLE="$ROOT/examples/standalone"
MVN="${MOBULA_MVN:-mvn}" # ./mobula test exports JAVA_HOME, PATH and MAVEN_OPTS; mvn: Maven >= 3.8
command -v "$MVN" >/dev/null 2>&1 || MVN="$ROOT/mvnw"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/mobula-standalone.XXXXXX")"
SERVER_PID=""
cleanup() {
  if [[ -n "$SERVER_PID" ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
say() { echo "test-standalone: $*"; }
fail() { echo "test-standalone: FAIL: $*" >&2; exit 1; }

REPO="$WORK/repo"
CACHE="${MOBULA_CACHE_REPO:-$HOME/.m2/repository}"
{
  echo "<settings><profiles><profile><id>user-cache</id>"
  if [[ -d "$CACHE" ]]; then
    for kind in repositor pluginRepositor; do
      echo "<${kind}ies><${kind}y><id>user-cache</id><url>file://$CACHE</url>"
      echo "<releases><checksumPolicy>ignore</checksumPolicy></releases><snapshots><enabled>false</enabled></snapshots>"
      echo "</${kind}y></${kind}ies>"
    done
  fi
  echo "</profile></profiles><activeProfiles><activeProfile>user-cache</activeProfile></activeProfiles></settings>"
} >"$WORK/settings.xml"
MAVEN_REPO_ARGS=(-Dmaven.repo.local="$REPO" -s "$WORK/settings.xml")

# 1. the README's install command
"$ROOT/mobula" install "${MAVEN_REPO_ARGS[@]}" >"$WORK/install.log" 2>&1 || { cat "$WORK/install.log"; fail "./mobula install"; }
V="$(sed -n 's/.*<mobula.version>\(.*\)<\/mobula.version>.*/\1/p' "$EXAMPLE/pom.xml")"
jar() { echo "$REPO/io/mobula/$1/$V/$1-$V.jar"; }
for m in mobula-serial mobula-transport mobula-rmi mobula-processor; do
  [[ -f "$(jar $m)" ]] || fail "./mobula install did not install $m $V (the example's mobula.version)"
done
RUNTIME="$(jar mobula-rmi):$(jar mobula-serial):$(jar mobula-transport)" # the README's run-time class path

# the expected output of the client, as java.rmi gives it too
cat >"$WORK/expected" <<'OUT'
add(2, 40) = 42
divide(84, 2) = 42
divide(1, 0) threw java.lang.ArithmeticException: / by zero
stats = Stats[count=3, mean=4.0, max=8.0]
calls served: 4
OUT

free_port() { # a loopback port nothing listens on now (the server fails, and is retried, if one takes it first)
  local p
  for _ in $(seq 50); do
    p=$((20000 + RANDOM % 30000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return; fi
  done
  fail "no free port found"
}

run_pair() { # run_pair NAME CLASSPATH: server and client on loopback; the client's output must be the expected one
  local name="$1" cp="$2" port attempt out="$WORK/$1"
  for attempt in 1 2 3; do
    port="$(free_port)"
    java -cp "$cp" -Dmobula.host=127.0.0.1 -Djava.rmi.server.hostname=127.0.0.1 com.example.calc.CalculatorServer \
      "$port" >"$out.server" 2>"$out.server.err" </dev/null &
    SERVER_PID=$!
    for _ in $(seq 300); do # 30 s at most
      grep -q "ready on port $port" "$out.server" 2>/dev/null && break
      kill -0 "$SERVER_PID" 2>/dev/null || break
      sleep 0.1
    done
    grep -q "ready on port $port" "$out.server" && break
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
    (( attempt < 3 )) || { cat "$out.server" "$out.server.err" >&2; fail "$name: the server did not start"; }
  done
  timeout 60 java -cp "$cp" -Djava.rmi.server.hostname=127.0.0.1 com.example.calc.CalculatorClient 127.0.0.1 "$port" \
    >"$out.client" 2>"$out.client.err" </dev/null || { cat "$out.client.err" >&2; fail "$name: the client failed ($?)"; }
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
  diff -u "$WORK/expected" "$out.client" >&2 || fail "$name: the client printed other than expected"
}

# 2. the example's own Maven build, against the installed artifacts only
cp -r "$EXAMPLE" "$WORK/calc"
rm -rf "$WORK/calc/target"
(cd "$WORK/calc" && "$MVN" -B -q -Dstyle.color=never "${MAVEN_REPO_ARGS[@]}" package) >"$WORK/mvn.log" 2>&1 \
  || { cat "$WORK/mvn.log" >&2; fail "mvn package of examples/standalone"; }
ls "$WORK/calc/target/classes/com/example/calc/"*Mobula* >/dev/null 2>&1 \
  || fail "mvn package of examples/standalone generated no stubs (mobula-processor did not run)"
run_pair maven "$WORK/calc/target/calculator-1.0.jar:$RUNTIME"

# 3. the plain javac recipe
SOURCES=("$WORK"/calc/src/main/java/com/example/calc/*.java)
javac -d "$WORK/javac" --release 21 -processorpath "$(jar mobula-processor)" -cp "$RUNTIME" "${SOURCES[@]}" \
  >"$WORK/javac.log" 2>&1 || { cat "$WORK/javac.log" >&2; fail "javac recipe"; }
run_pair javac "$WORK/javac:$RUNTIME"

# 4. the java.rmi original: the ported imports turned back, no Mobula anywhere
mkdir -p "$WORK/jrmi-src"
for f in "${SOURCES[@]}"; do
  sed -e 's/import io\.mobula\.rmi\.registry\./import java.rmi.registry./' \
      -e 's/import io\.mobula\.rmi\.server\./import java.rmi.server./' "$f" >"$WORK/jrmi-src/${f##*/}"
done
! grep -q 'io\.mobula' "$WORK"/jrmi-src/*.java || fail "the java.rmi version still names io.mobula"
javac -d "$WORK/jrmi" --release 21 "$WORK"/jrmi-src/*.java >"$WORK/jrmi.log" 2>&1 \
  || { cat "$WORK/jrmi.log" >&2; fail "javac of the java.rmi version"; }
run_pair java.rmi "$WORK/jrmi"

say "installed into a fresh repository; examples/standalone, built by Maven and by javac, runs as its java.rmi original"
