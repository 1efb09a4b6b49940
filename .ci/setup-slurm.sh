#!/usr/bin/env bash
# Installs Slurm (slurmctld, slurmd, srun/sbatch/sinfo; munge comes as a dependency) for SlurmPoolTest, which starts
# a private single-node cluster of its own. Installs only what is missing, and only as root with apt-get; the
# daemons the packages may start as services are not used by the test. Idempotent; prints one line.
set -u
pkgs=(slurmctld slurmd slurm-client)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "setup-slurm: Slurm already installed (slurm-wlm $(dpkg-query -W -f='${Version}' slurmd))"
  exit 0
fi
if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-slurm: skipped (needs root and apt-get to install ${missing[*]}); the Slurm tests will skip"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
install() { apt-get install -y -q --no-install-recommends "${missing[@]}" >/tmp/setup-slurm.log 2>&1; }
if ! install; then
  apt-get update -q >>/tmp/setup-slurm.log 2>&1
  if ! install; then
    echo "setup-slurm: apt-get could not install ${missing[*]} (see /tmp/setup-slurm.log); the Slurm tests will skip"
    exit 1
  fi
fi
echo "setup-slurm: installed ${missing[*]} (slurm-wlm $(dpkg-query -W -f='${Version}' slurmd))"
