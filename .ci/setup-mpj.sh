#!/usr/bin/env bash
# Installs MPJ Express (the mpiJava 1.2 API in Java), the Java MPI baseline of the application kernels (their mpj
# versions, ./mobula speedup) and of ./mobula bench gmi: Debian's libmpj-java (0.44), which brings log4j 1.2.
# The tests that need it skip with a visible reason when it is missing. Installs only what is missing, only as root
# with apt-get; runs `apt-get update` only when the package is not known yet. Idempotent; prints one line.
set -u
home="${MPJ_HOME:-/usr/share/mpj}"
if [[ -e "$home/lib/mpj.jar" && -e "$home/lib/starter.jar" ]]; then
  echo "setup-mpj: MPJ Express already installed ($home)"
  exit 0
fi
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-mpj: skipped (missing libmpj-java; needs root and apt-get to install)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show libmpj-java >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1 || true
fi
if apt-get install -y -qq --no-install-recommends libmpj-java >/dev/null 2>&1; then
  echo "setup-mpj: installed libmpj-java (MPJ Express $(sed -n 's/^mpjexpress.version=//p' /usr/share/mpj/conf/mpjexpress.conf 2>/dev/null))"
else
  echo "setup-mpj: could not install libmpj-java with apt-get; the MPJ Express tests will skip"
  exit 1
fi
