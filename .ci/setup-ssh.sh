#!/usr/bin/env bash
# Installs the OpenSSH server and client that the `mobula run --hosts` tests start in network namespaces.
# Only as root with apt-get; idempotent; prints one line saying what it did or why it skipped.
set -u
missing=()
[[ -x /usr/sbin/sshd ]] || missing+=(openssh-server)
command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1 || missing+=(openssh-client)
if (( ${#missing[@]} == 0 )); then
  echo "setup-ssh: openssh-server and openssh-client already installed"
  exit 0
fi
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then
  echo "setup-ssh: skipped (needs root and apt-get to install ${missing[*]}); the ssh launcher tests will skip"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
install() { apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; }
if ! install; then
  apt-get update -qq >/dev/null 2>&1 || true
  if ! install; then
    echo "setup-ssh: could not install ${missing[*]} with apt-get; the ssh launcher tests will skip"
    exit 1
  fi
fi
echo "setup-ssh: installed ${missing[*]}"
