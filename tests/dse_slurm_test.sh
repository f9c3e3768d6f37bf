#!/usr/bin/env bash
# make dse-test (docs/DSE.md): starts a private single-node Slurm (Debian slurm-wlm 22.05 +
# MUNGE, ../shared/notes/local-slurm.md; `make dse-deps` installs them), runs the sweep spec
# SPEC (default sim/dse/smoke.toml) with the local backend and as a Slurm job array, checks that
# the two results.csv are byte-identical and that every array task wrote its shard, and stops
# only the daemons it started, by pid. Nothing system-wide is touched: config, keys, sockets,
# state and logs live in one temporary directory, the ports are free ones picked at start.
# usage: SIM=build/rinv_sim PY=python3 tests/dse_slurm_test.sh WORKDIR
set -euo pipefail
cd "$(dirname "$0")/.."
W=${1:?usage: dse_slurm_test.sh WORKDIR}
# one private cluster at a time on this machine: make test runs make dse-test in both of its
# lanes (test dse_slurm, and the README copy's command), each cluster with its own ports
exec 9>"${TMPDIR:-/tmp}/rinv-dse-slurm.lock"
flock 9
SIM=${SIM:-$PWD/build/rinv_sim}
PY=${PY:-python3}
SPEC=${SPEC:-sim/dse/smoke.toml}
TASKS=${TASKS:-4}
for t in slurmctld slurmd sbatch squeue sinfo scontrol munged mungekey; do
  command -v $t >/dev/null || { echo "dse-test: $t not found: run 'make dse-deps' (as root:" \
    "apt-get install slurmctld slurmd slurm-client munge)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "dse-test: the private slurmd runs jobs as SlurmdUser=root:" \
  "run as root" >&2; exit 1; }
rm -rf "$W"; mkdir -p "$W"
D=$(mktemp -d /tmp/dse-slurm.XXXXXX); chmod 755 "$D"   # munged wants x for all on the path
PIDS=()
stop() {
  local rc=$?
  for p in "${PIDS[@]}"; do
    kill -TERM "$p" 2>/dev/null || continue
    for _ in $(seq 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
  done
  if [ $rc -ne 0 ]; then
    echo "dse-test: FAILED; daemon logs:"; tail -n 5 "$D"/log/*.log 2>/dev/null || true
  fi
  rm -rf "$D"
  exit $rc
}
trap stop EXIT
trap 'exit 130' INT TERM
ms() { echo $(($(date +%s%N) / 1000000)); }
secs() { printf "%d.%03d" $(($1 / 1000)) $(($1 % 1000)); }
t0=$(ms)
export SLURM_CONF=$D/etc/slurm.conf
mkdir -p $D/etc $D/state $D/spool $D/log $D/munge; chmod 755 $D/munge
mungekey --create --keyfile=$D/munge/munge.key
munged --socket=$D/munge/munge.sock --key-file=$D/munge/munge.key \
  --log-file=$D/munge/munged.log --pid-file=$D/munge/munged.pid --seed-file=$D/munge/munged.seed
PIDS+=("$(cat $D/munge/munged.pid)")
read -r P1 P2 < <($PY -c 'import socket
s=[socket.socket() for _ in range(2)]
[x.bind(("127.0.0.1", 0)) for x in s]
print(*[x.getsockname()[1] for x in s])')
hw=$(slurmd -C | head -n 1 | sed 's/^NodeName=[^ ]* //')
cat > $SLURM_CONF <<CONF
ClusterName=dsetest
SlurmctldHost=localhost
SlurmctldPort=$P1
SlurmdPort=$P2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$D/munge/munge.sock
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
NodeName=localnode NodeHostname=localhost NodeAddr=127.0.0.1 $hw State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -c -f $SLURM_CONF > $D/log/ctld.out 2>&1 & PIDS=("$!" "${PIDS[@]}")
slurmd -D -N localnode -f $SLURM_CONF > $D/log/d.out 2>&1 & PIDS=("$!" "${PIDS[@]}")
for _ in $(seq 120); do [ "$(sinfo -h -N -o %T 2>/dev/null)" = idle ] && break; sleep 0.25; done
[ "$(sinfo -h -N -o %T 2>/dev/null)" = idle ] || {
  echo "dse-test: the node never became idle"; exit 1; }
t1=$(ms)
echo "dse-test: private cluster up (pids ${PIDS[*]}, ports $P1 $P2) in $(secs $((t1 - t0))) s"
$PY sim/dse.py run "$SPEC" --sim "$SIM" --out "$W/local" --jobs 2
t2=$(ms)
$PY sim/dse.py run "$SPEC" --sim "$SIM" --out "$W/slurm" --backend slurm --tasks "$TASKS"
t3=$(ms)
n=$(ls "$W/slurm/shards" | grep -c '^task_[0-9]*\.jsonl$')
[ "$n" = "$TASKS" ] || { echo "dse-test: $n shard files, expected $TASKS"; exit 1; }
[ ! -d "$W/slurm/points" ] || { echo "dse-test: the slurm run wrote local point files"; exit 1; }
cmp "$W/local/results.csv" "$W/slurm/results.csv" || {
  echo "dse-test: results.csv differ between the local and the slurm backend"; exit 1; }
rows=$(($(wc -l < "$W/local/results.csv") - 1))
echo "dse-test: local $rows points in $(secs $((t2 - t1))) s, slurm array of $TASKS tasks" \
  "in $(secs $((t3 - t2))) s; results.csv identical"
echo "1 passed, 0 failed"
