#!/usr/bin/env bash
# Installs the MPI launchers the mpirun tests in mobula-examples use (MpirunPoolTest, MpichPoolTest): Debian's
# openmpi-bin (mpirun, which stays Open MPI's) and mpich (mpirun.mpich, MPICH's Hydra, installed next to it), and
# libopenmpi-dev (mpicc) for the Open MPI baseline of ./mobula bench gmi.
# The tests skip with a visible reason when a launcher is missing. Installs only what is missing, only as root with
# apt-get; runs `apt-get update` only when a package is not known yet. Idempotent; prints one line.
set -u
want=()
command -v mpirun.openmpi >/dev/null 2>&1 || want+=(openmpi-bin)
command -v mpirun.mpich >/dev/null 2>&1 || want+=(mpich)
[[ -e /usr/lib/x86_64-linux-gnu/openmpi/include/mpi.h || -e /usr/include/x86_64-linux-gnu/openmpi/mpi.h ]] \
    || command -v mpicc.openmpi >/dev/null 2>&1 || want+=(libopenmpi-dev)
if [[ ${#want[@]} == 0 ]]; then
  echo "setup-openmpi: Open MPI and MPICH launchers already installed"
  exit 0
fi
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-openmpi: skipped (missing ${want[*]}; needs root and apt-get to install)"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache show "${want[@]}" >/dev/null 2>&1; then
  apt-get update -qq >/dev/null 2>&1 || true
fi
if apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null 2>&1; then
  echo "setup-openmpi: installed ${want[*]} (mpirun: $(mpirun --version 2>/dev/null | head -1))"
else
  echo "setup-openmpi: could not install ${want[*]} with apt-get; the mpirun tests will skip"
  exit 1
fi
