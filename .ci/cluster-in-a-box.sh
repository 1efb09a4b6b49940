#!/usr/bin/env bash
# A cluster in a box: H emulated hosts on this machine, each a network namespace with its own address, its own
# sshd and its own /dev/shm, joined by a bridge, so that `mobula run --hosts` starts ranks through real ssh and ranks
# share memory only with ranks of their own host. Needs root, ip (iproute2) and OpenSSH (.ci/setup-ssh.sh).
#
#   .ci/cluster-in-a-box.sh up H [--name NAME] [--owner PID]   make a box of H hosts; prints its settings
#   .ci/cluster-in-a-box.sh down NAME                          remove it (every process in it, namespaces, files)
#   .ci/cluster-in-a-box.sh down --stale                       remove every box whose owner process is gone
#   .ci/cluster-in-a-box.sh run H [mobula run options] Main [args]
#                                                              up, ./mobula run --hosts ... across it, down
#   .ci/cluster-in-a-box.sh list                               the boxes that exist
#   .ci/cluster-in-a-box.sh slurm NAME                         Slurm across box NAME: one slurmctld here, one slurmd
#                                                              per host; prints SLURM_CONF='...' for srun and sbatch
#
# Layout of box NAME with H hosts (T: a free third octet of 10.79.T.0/24, a subnet only these links carry):
#   NAME-sw       a namespace holding the bridge (the "switch"); nothing else runs there
#   NAME-h1..hH   the hosts: 10.79.T.2 .. 10.79.T.(H+1) on eth0, each with sshd on port 22 (the namespace is new,
#                 so the port is free) in a mount namespace of its own where /dev/shm is a private tmpfs; every
#                 ssh session, and so every rank, started there sees that /dev/shm
#   10.79.T.1     this (the launcher's) namespace's end of the bridge, device NAME
# Settings are printed as shell assignments KEY='VALUE' (eval them; also in $MOBULA_BOX_DIR/NAME/env): BOX_NAME,
# BOX_HOSTS (the hosts' addresses, comma-separated, for --hosts), BOX_BIND (for --bind), BOX_SSH (for --ssh: the generated key, no
# known-hosts bookkeeping), BOX_NAMESPACES (host namespaces, in host order), BOX_DIR.
# `down` kills every process in the box's namespaces (sshd, sessions, ranks) before deleting them. A box made with
# --owner PID is removed by the next `up` or `down --stale` once PID is gone (a test JVM killed before its clean-up).
set -euo pipefail

BASE="${MOBULA_BOX_DIR:-/tmp/mobula-box}"
SSHD="${MOBULA_SSHD:-/usr/sbin/sshd}"
SHM_SIZE="${MOBULA_BOX_SHM:-256m}"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

die() { echo "cluster-in-a-box: $*" >&2; exit 1; }

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'
}

need_tools() {
  [[ "$(id -u)" == 0 ]] || die "needs root (network namespaces, sshd, mounts)"
  command -v ip >/dev/null 2>&1 || die "no ip command (iproute2)"
  [[ -x "$SSHD" ]] || die "no $SSHD (.ci/setup-ssh.sh installs OpenSSH)"
  command -v ssh >/dev/null 2>&1 && command -v ssh-keygen >/dev/null 2>&1 \
    || die "no ssh or ssh-keygen (.ci/setup-ssh.sh installs OpenSSH)"
}

# Removes box $1: kills every process in its namespaces, deletes them (with the veth pairs and the bridge), then the
# launcher's end of the link and the box's files. Best effort, never fails; safe to run twice.
down_box() {
  local name="$1" dir="$BASE/$1" ns pids round
  for round in TERM KILL; do
    pids=""
    for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${name}-(sw|h[0-9]+)$" || true); do
      pids="$pids $(ip netns pids "$ns" 2>/dev/null | tr '\n' ' ')"
    done
    [[ -z "${pids// /}" ]] && break
    # shellcheck disable=SC2086 # a list of pids
    kill -"$round" $pids 2>/dev/null || true
    for _ in $(seq 50); do # up to 5 s for them to go
      local alive=""
      for p in $pids; do [[ -d /proc/$p ]] && alive=1; done
      [[ -z "$alive" ]] && break
      sleep 0.1
    done
  done
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${name}-(sw|h[0-9]+)$" || true); do
    ip netns del "$ns" 2>/dev/null || true
  done
  ip link del "$name" 2>/dev/null || true
  if [[ -f "$dir/slurm.conf" ]]; then # the slurmctld of `slurm` and its helper run in this namespace
    # its helper first, while it is still slurmctld's child
    pkill -KILL -P "$(cat "$dir/slurm/slurmctld.pid" 2>/dev/null || echo 0)" 2>/dev/null || true
    pkill -KILL -f -- "-f $dir/slurm.conf" 2>/dev/null || true
  fi
  [[ -n "$1" && -d "$dir" ]] && rm -rf -- "$dir"
  return 0
}

# Removes boxes whose owner process is gone.
down_stale() {
  local d owner
  [[ -d "$BASE" ]] || return 0
  for d in "$BASE"/*/; do
    [[ -f "$d/owner" ]] || continue
    owner="$(cat "$d/owner")"
    if [[ "$owner" =~ ^[0-9]+$ && "$owner" != 0 && ! -d /proc/$owner ]]; then
      down_box "$(basename "$d")"
    fi
  done
}

# A third octet T such that 10.79.T.0/24 is on no device of this namespace.
free_octet() {
  local start=$(( $1 % 250 + 1 )) t i
  for (( i = 0; i < 250; i++ )); do
    t=$(( (start + i - 1) % 250 + 1 ))
    if ! ip -o addr show 2>/dev/null | grep -q " 10\.79\.$t\."; then
      echo "$t"
      return
    fi
  done
  die "no free subnet 10.79.T.0/24 left"
}

up_box() {
  local hosts="$1" name="$2" owner="$3"
  (( hosts >= 1 && hosts <= 200 )) || die "H must be 1..200, got $hosts"
  [[ "$name" =~ ^[a-z][a-z0-9]{0,9}$ ]] || die "NAME must be a lower-case letter and up to 9 letters or digits"
  down_stale
  [[ -e "$BASE/$name" ]] && die "box $name exists ($BASE/$name); remove it with: $0 down $name"
  ip netns list 2>/dev/null | grep -qE "^${name}-" && die "namespaces ${name}-* exist; remove them with: $0 down $name"
  local dir="$BASE/$name"
  mkdir -p "$dir"
  chmod 700 "$dir"
  echo "$owner" > "$dir/owner"
  # from here on, a failure removes what was made
  trap 'rc=$?; [[ $rc == 0 ]] || down_box "$name"; exit $rc' EXIT
  trap 'exit 130' INT TERM
  local t net sw
  exec 9>"$BASE/.lock"
  flock 9 # boxes made at the same time pick different subnets
  t="$(free_octet "$$")"
  net="10.79.$t"
  sw="$name-sw"
  ip netns add "$sw"
  ip -n "$sw" link add br0 type bridge
  ip -n "$sw" link set br0 up
  ip link add "$name" type veth peer name up0 netns "$sw"
  ip -n "$sw" link set up0 master br0
  ip -n "$sw" link set up0 up
  ip addr add "$net.1/24" dev "$name"
  ip link set "$name" up
  flock -u 9
  exec 9>&-

  ssh-keygen -q -t ed25519 -N "" -C "$name host" -f "$dir/host_key"
  ssh-keygen -q -t ed25519 -N "" -C "$name user" -f "$dir/id"
  cp "$dir/id.pub" "$dir/authorized_keys"
  mkdir -p /run/sshd # sshd's privilege separation directory
  local i ns addr addrs=() nss=()
  for (( i = 1; i <= hosts; i++ )); do
    ns="$name-h$i"
    addr="$net.$(( i + 1 ))"
    ip netns add "$ns"
    ip -n "$ns" link add eth0 type veth peer name "p$i" netns "$sw"
    ip -n "$sw" link set "p$i" master br0
    ip -n "$sw" link set "p$i" up
    ip -n "$ns" addr add "$addr/24" dev eth0
    ip -n "$ns" link set eth0 up
    ip -n "$ns" link set lo up
    cat > "$dir/sshd_config-h$i" <<EOF
ListenAddress $addr
Port 22
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
StrictModes no
UsePAM no
PidFile none
MaxStartups 100:30:200
ClientAliveInterval 5
ClientAliveCountMax 3
EOF
    # `ip netns exec` runs sshd in a new mount namespace whose mounts do not propagate back (it makes / a slave),
    # so the tmpfs on /dev/shm is this host's alone, and every session sshd starts inherits it
    ip netns exec "$ns" sh -c "mount -t tmpfs -o size=$SHM_SIZE,mode=1777 mobula-box-shm /dev/shm \
        && exec $SSHD -D -e -f '$dir/sshd_config-h$i'" </dev/null >"$dir/sshd-h$i.log" 2>&1 &
    addrs+=("$addr")
    nss+=("$ns")
  done
  for (( i = 1; i <= hosts; i++ )); do
    addr="${addrs[$((i - 1))]}"
    local ok=""
    for _ in $(seq 150); do # up to 15 s
      if timeout 1 bash -c "exec 3<>/dev/tcp/$addr/22" 2>/dev/null; then ok=1; break; fi
      sleep 0.1
    done
    [[ -n "$ok" ]] || die "sshd of host $i ($addr) does not listen: $(cat "$dir/sshd-h$i.log")"
  done
  local ssh_cmd="ssh -i $dir/id -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
  {
    echo "BOX_NAME='$name'"
    echo "BOX_HOSTS='$(IFS=,; echo "${addrs[*]}")'"
    echo "BOX_BIND='$net.1'"
    echo "BOX_SSH='$ssh_cmd'"
    echo "BOX_NAMESPACES='$(IFS=,; echo "${nss[*]}")'"
    echo "BOX_DIR='$dir'"
  } > "$dir/env"
  trap - EXIT INT TERM
  cat "$dir/env"
}

# Slurm across box $1 (Slurm 22.05 as .ci/setup-slurm.sh installs it): one slurmctld in this namespace on the box's
# launcher address, and in each host's network namespace a slurmd named hI (node hI at the host's address), each with
# its own spool directory, pid file and log (%n). A slurmd enters only the host's network namespace (nsenter), not a
# new sysfs as `ip netns exec` mounts, so that it finds the machine's cgroup file system; in a mount namespace of its
# own it gets a private /dev/shm, as the host's sshd, and an /etc/hosts naming the box's hosts, so that the tasks it
# starts resolve the node names Slurm gives them (SLURM_STEP_NODELIST). Prints SLURM_CONF='...' once every node is
# idle; `down` stops it all.
slurm_box() {
  local name="$1" dir="$BASE/$1" i t state="" ctl h
  for t in slurmctld slurmd sinfo srun nsenter unshare ss; do
    command -v "$t" >/dev/null 2>&1 || die "no $t (.ci/setup-slurm.sh installs Slurm)"
  done
  read_env "$name"
  local -a addrs nss
  IFS=, read -ra addrs <<< "$BOX_HOSTS"
  IFS=, read -ra nss <<< "$BOX_NAMESPACES"
  h="${#addrs[@]}"
  ctl="$(hostname -s)"
  # slurmctld listens on every address of this namespace: a port of this box's own (from its subnet), one not taken
  local port=$((26800 + $(cut -d. -f3 <<< "$BOX_BIND")))
  while ss -Hltn "sport = :$port" 2>/dev/null | grep -q .; do port=$((port + 256)); done
  mkdir -p "$dir/slurm/state" "$dir/slurm/log"
  {
    printf '127.0.0.1 localhost\n%s %s\n' "$BOX_BIND" "$ctl"
    for i in "${!addrs[@]}"; do printf '%s h%d\n' "${addrs[$i]}" "$((i + 1))"; done
  } > "$dir/slurm/hosts"
  {
    echo "ClusterName=$name"
    echo "SlurmctldHost=$ctl($BOX_BIND)"
    echo "SlurmctldPort=$port"
    echo "SlurmdPort=6818" # each slurmd in its own host's namespace
    echo "AuthType=auth/none"
    echo "CredType=cred/none"
    echo "SlurmUser=root"
    echo "SlurmdUser=root"
    echo "StateSaveLocation=$dir/slurm/state"
    echo "SlurmdSpoolDir=$dir/slurm/spool-%n"
    echo "SlurmctldPidFile=$dir/slurm/slurmctld.pid"
    echo "SlurmdPidFile=$dir/slurm/slurmd-%n.pid"
    echo "SlurmctldLogFile=$dir/slurm/log/slurmctld.log"
    echo "SlurmdLogFile=$dir/slurm/log/slurmd-%n.log"
    echo "ProctrackType=proctrack/pgid"
    echo "TaskPlugin=task/none"
    echo "MpiDefault=none"
    echo "SwitchType=switch/none"
    echo "SchedulerType=sched/builtin"
    echo "SelectType=select/cons_tres"
    echo "SelectTypeParameters=CR_Core"
    echo "ReturnToService=2"
    echo "JobCompType=jobcomp/none"
    echo "AccountingStorageType=accounting_storage/none"
    echo "JobAcctGatherType=jobacct_gather/none"
    echo "PlugStackConfig=/dev/null"
    echo "KillWait=2"
    for i in "${!addrs[@]}"; do
      echo "NodeName=h$((i + 1)) NodeAddr=${addrs[$i]} CPUs=$(nproc) State=UNKNOWN"
    done
    echo "PartitionName=box Nodes=h[1-$h] Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE:16"
  } > "$dir/slurm.conf"
  slurmctld -D -i -f "$dir/slurm.conf" </dev/null >"$dir/slurm/log/slurmctld.out" 2>&1 &
  for i in "${!nss[@]}"; do
    mkdir -p "$dir/slurm/spool-h$((i + 1))"
    nsenter --net="/run/netns/${nss[$i]}" unshare -m --propagation private sh -c "mount -t tmpfs -o \
size=$SHM_SIZE,mode=1777 mobula-box-shm /dev/shm && mount --bind '$dir/slurm/hosts' /etc/hosts \
&& exec slurmd -D -N h$((i + 1)) -f '$dir/slurm.conf'" </dev/null >"$dir/slurm/log/slurmd-h$((i + 1)).out" 2>&1 &
  done
  for _ in $(seq 150); do # up to 30 s
    state="$(SLURM_CONF="$dir/slurm.conf" sinfo -h -o '%T %D' 2>/dev/null || true)"
    if [[ "$state" == "idle $h" ]]; then
      echo "SLURM_CONF='$dir/slurm.conf'"
      return 0
    fi
    sleep 0.2
  done
  die "Slurm across box $name: the nodes are not idle within 30 s (sinfo: '$state'): $(tail -q -n 3 \
    "$dir"/slurm/log/*.out 2>/dev/null | tr '\n' ' ')"
}

read_env() { # read_env NAME: sets the BOX_* variables from the box's env file
  local k v
  [[ -f "$BASE/$1/env" ]] || die "no box $1 ($BASE/$1/env missing)"
  while IFS='=' read -r k v; do
    v="${v#\'}"
    case "$k" in BOX_*) printf -v "$k" '%s' "${v%\'}" ;; esac
  done < "$BASE/$1/env"
}

cmd="${1:-}"
[[ $# -gt 0 ]] && shift
case "$cmd" in
  up)
    [[ $# -ge 1 && "$1" =~ ^[0-9]+$ ]] || die "usage: $0 up H [--name NAME] [--owner PID]"
    H="$1"; shift
    NAME="mbx$(( $$ % 100000 ))"; OWNER=0
    while [[ $# -gt 0 ]]; do
      case "$1" in
        --name) NAME="${2:?--name needs a value}"; shift 2 ;;
        --owner) OWNER="${2:?--owner needs a pid}"; shift 2 ;;
        *) die "unknown option $1" ;;
      esac
    done
    need_tools
    up_box "$H" "$NAME" "$OWNER"
    ;;
  down)
    [[ $# -eq 1 ]] || die "usage: $0 down NAME|--stale"
    [[ "$(id -u)" == 0 ]] || die "needs root"
    if [[ "$1" == --stale ]]; then down_stale; else
      [[ "$1" =~ ^[a-z][a-z0-9]{0,9}$ ]] || die "bad box name '$1'"
      down_box "$1"
    fi
    ;;
  run)
    [[ $# -ge 2 && "$1" =~ ^[0-9]+$ ]] || die "usage: $0 run H [mobula run options] MainClass [args]"
    H="$1"; shift
    need_tools
    NAME="mbx$(( $$ % 100000 ))"
    up_box "$H" "$NAME" "$$" >/dev/null
    trap 'down_box "$NAME"' EXIT
    trap 'exit 130' INT TERM
    read_env "$NAME"
    echo "cluster-in-a-box: $H hosts ${BOX_HOSTS//,/ }; launcher on $BOX_BIND" >&2
    rc=0
    "$ROOT/mobula" run --hosts "$BOX_HOSTS" --bind "$BOX_BIND" --ssh "$BOX_SSH" "$@" || rc=$?
    exit "$rc"
    ;;
  slurm)
    [[ $# -eq 1 && "$1" =~ ^[a-z][a-z0-9]{0,9}$ ]] || die "usage: $0 slurm NAME"
    [[ "$(id -u)" == 0 ]] || die "needs root"
    slurm_box "$1"
    ;;
  list)
    [[ -d "$BASE" ]] || exit 0
    for d in "$BASE"/*/; do [[ -f "$d/env" ]] && sed -n "s/^BOX_\(NAME\|HOSTS\)='\(.*\)'$/\2/p" "$d/env" | paste -sd' '; done
    ;;
  -h|--help|help) usage ;;
  *) usage >&2; exit 2 ;;
esac
