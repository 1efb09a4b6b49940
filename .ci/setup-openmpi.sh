#!/usr/bin/env bash
# Installs Debian's Open MPI launcher (openmpi-bin: mpirun, orted) for the mpirun tests in mobula-examples
# (MpirunPoolTest); those tests skip with a visible reason when mpirun is missing. Installs only when mpirun is
# missing, the script runs as root and apt-get exists; runs `apt-get update` only when the package is not known yet.
# Idempotent; prints one line saying what it did.
set -u
if command -v mpirun >/dev/null 2>&1; then
  echo "setup-openmpi: mpirun already installed ($(mpirun --version 2>/dev/null | head -1))"
  exit 0
fi
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-openmpi: skipped (mpirun missing; needs root and apt-get to install openmpi-bin)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show openmpi-bin >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1 || true
fi
if apt-get install -y -qq --no-install-recommends openmpi-bin >/dev/null 2>&1 && command -v mpirun >/dev/null 2>&1; then
  echo "setup-openmpi: installed openmpi-bin ($(mpirun --version 2>/dev/null | head -1))"
else
  echo "setup-openmpi: could not install openmpi-bin with apt-get; the mpirun tests will skip"
  exit 1
fi
