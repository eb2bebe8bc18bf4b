#!/bin/sh
# test-schedulers.sh -- the recipes for runs on many machines, run for
# real: README's GNU parallel command, and nim(1)'s Slurm job array on a
# single-node cluster of the test's own
# SPDX-License-Identifier: GPL-3.0-or-later
#
# 1. What a scheduler's retry policy reads: --shard auto outside a job
#    array is a usage error (status 2), --shard auto/N inside GNU
#    parallel plays PARALLEL_SEQ's shard, a results file that cannot be
#    written is status 1, and a shard killed with SIGKILL (status 137 as
#    the shell reports it) goes on with --resume to the summary of the
#    run that never stopped.
# 2. GNU parallel (Debian's `parallel`): the README's command as it
#    stands, then --summarize of its shards against the one-machine run
#    of the same options (--json, but for the times); then the same for
#    each case of check_parallel.
# 3. Slurm (slurm-wlm and munge): munged, slurmctld and slurmd started
#    here, as root, with their key, socket, ports, state and logs in the
#    test's directory; nim(1)'s shards.sh (smaller) submitted with sbatch
#    as nim(1) submits it, and the merge as a job with
#    --dependency=afterany; its summary against the one-machine run.
#    Then again with task 2 cancelled (scancel) on the way, requeued
#    (scontrol requeue) and resumed: the merge, whose afterany waits for
#    the requeued task (an afterok would never be satisfied once a task
#    was cancelled), gives the same summary.  Then nim(1)'s census.sh,
#    a take-and-break code a task.  Every daemon is stopped by its pid at
#    the end, also on failure.  Where Slurm is not installed, or does not
#    come up, the Slurm tests are skipped, saying why; with
#    NIM_REQUIRE_SLURM=yes (.ci/run) that is a failure instead.
# It speaks TAP.

srcdir="${NIM_SRCDIR:-.}"
nim="${NIM_BINARY:-./nim}"
case $nim in
  /*) ;;
  *) nim="$(pwd)/$nim" ;;
esac
# The test changes directories.
case $srcdir in
  /*) ;;
  *) srcdir="$(pwd)/$srcdir" ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/nim-sched.XXXXXX") || exit 1
. "$srcdir/tests/tap.sh"
. "$srcdir/tests/classic-rules.sh"
nim=$(classic_rules_nim "$work" "$nim")

# `nim` on the PATH is this build's, as it is after make install.
mkdir "$work/bin"
printf '#!/bin/sh\nexec "%s" "$@"\n' "$nim" > "$work/bin/nim"
chmod +x "$work/bin/nim"
PATH="$work/bin:$PATH"
export PATH
# No job array's variables from the shell that runs the test (GNU
# parallel running make check sets PARALLEL_SEQ), and GNU parallel's own
# files in the test's directory.
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN \
  SLURM_ARRAY_TASK_MAX SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX \
  PARALLEL_SEQ AWS_BATCH_JOB_ARRAY_INDEX SLURM_CONF
PARALLEL_HOME="$work/parallel"
export PARALLEL_HOME

# The daemons this test started, by pid, and the Slurm configuration.
daemons=
cluster=
stop_slurm () {
  if [ -n "$cluster" ]; then
    # Jobs of a failed test first, so that no task outlives the daemons.
    squeue -h -o %i 2> /dev/null | while read -r id; do
      scancel "$id" 2> /dev/null
    done
    i=0
    while [ $i -lt 60 ] && [ -n "$(squeue -h 2> /dev/null)" ]; do
      sleep 0.5
      i=$((i + 1))
    done
  fi
  for pid in $daemons; do
    kill "$pid" 2> /dev/null
  done
  for pid in $daemons; do
    i=0
    while [ $i -lt 50 ] && kill -0 "$pid" 2> /dev/null; do
      sleep 0.1
      i=$((i + 1))
    done
    kill -9 "$pid" 2> /dev/null
  done
  daemons=
  cluster=
}
trap 'stop_slurm; rm -rf "$work"' EXIT
trap 'exit 1' HUP INT TERM

skip () {
  n=$((n + 1))
  echo "ok $n # SKIP $1"
}

# same_summary DESCRIPTION A B: ok when the --json summaries in files A
# and B are the same but for the times and the jobs.
same_summary () {
  if python3 - "$2" "$3" > "$work/diff" 2>&1 << 'PY'; then
import json, sys
def timeless(path):
    with open(path) as f:
        d = json.load(f)
    # The shards' SPRT over their prefix of pairs, which one machine has
    # no shards for.
    for key in ("seconds", "jobs", "sprt_prefix"):
        d.pop(key, None)
    # The shards' audit, which one machine has no shards for: none suspect.
    if d.pop("suspect_shards", []) != []:
        print("%s: suspect shards" % path)
        sys.exit(1)
    for p in d.get("players", []):
        p.pop("seconds_per_move", None)
    return d
a, b = timeless(sys.argv[1]), timeless(sys.argv[2])
if a != b:
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            print("%s: %s against %s" % (key, a.get(key), b.get(key)))
    sys.exit(1)
PY
    ok "$1"
  else
    not_ok "$1"
    sed 's/^/# /' "$work/diff" | head -n 20
  fi
}

# ------------------------------------------------------------------------
# 1. The exit statuses a retry policy reads

cd "$work" || exit 1
nim --games 4 --heaps 3,4 -1 xor -2 random --seed 1 --shard auto \
  > out 2> err
status=$?
if [ $status -eq 2 ] && grep -q "SLURM_ARRAY_TASK_ID" err \
   && grep -q "JOB_COMPLETION_INDEX" err && grep -q "PARALLEL_SEQ" err \
   && grep -q "AWS_BATCH_JOB_ARRAY_INDEX" err; then
  ok "--shard auto outside a job array: status 2, naming the variables"
else
  not_ok "--shard auto outside a job array: status $status"
  sed 's/^/# /' err
fi

nim --games 4 --heaps 3,4 -1 xor -2 random --seed 1 --results /dev/full \
  > out 2> err
status=$?
if [ $status -eq 1 ]; then
  ok "a results file that cannot be written: status 1"
else
  not_ok "a results file that cannot be written: status $status"
  sed 's/^/# /' err
fi

# A shard killed with SIGKILL (the kernel's out-of-memory killer, a
# scheduler after its grace period) and run again with --resume.
run="--games 3000 --random-heaps 4:20 --seed 5 -1 negamax:nodes=2000 -2 negamax:nodes=500"
# shellcheck disable=SC2086
nim $run --json > whole.json 2> err
# shellcheck disable=SC2086
nim $run --results killed.jsonl --json > /dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 300 ] && [ "$(wc -l 2> /dev/null < killed.jsonl || echo 0)" -lt 20 ]; do
  sleep 0.05
  i=$((i + 1))
done
kill -9 $pid 2> /dev/null
wait $pid
status=$?
lines=$(wc -l < killed.jsonl)
# shellcheck disable=SC2086
nim $run --results killed.jsonl --resume --json > resumed.json 2> err
resumed=$?
if [ $status -eq 137 ] && [ "$lines" -lt 3001 ] && [ $resumed -eq 0 ]; then
  ok "SIGKILL: status 137 after $lines lines, --resume goes on (0)"
else
  not_ok "SIGKILL: status $status after $lines lines, --resume $resumed"
  sed 's/^/# /' err
fi
same_summary "the killed run resumed is the run that never stopped" \
  whole.json resumed.json

# ------------------------------------------------------------------------
# 2. GNU parallel

# check_parallel NAME N SHARD OPTION...: the run of OPTION... as N shards
# through GNU parallel, each --shard SHARD ({} is parallel's argument),
# against the one machine's run.
check_parallel () {
  name=$1 count=$2 shard=$3
  shift 3
  mkdir "$work/par-$name" && cd "$work/par-$name" || return
  parallel nim "$@" --shard "$shard" --results 'shard-{}.jsonl' --json \
    ::: $(seq 1 "$count") > shards.out 2> shards.err
  status=$?
  nim "$@" --json > one.json 2> one.err
  nim --summarize shard-*.jsonl --json > merged.json 2> merged.err
  if [ $status -eq 0 ] && [ "$(ls shard-*.jsonl | wc -l)" -eq "$count" ]; then
    ok "$name: parallel ran $count shards"
  else
    not_ok "$name: parallel ran the shards: status $status"
    sed 's/^/# /' shards.err | head -n 10
  fi
  same_summary "$name: --summarize of the shards is the one machine's" \
    one.json merged.json
  cd "$work" || exit 1
}

if ! parallel --version 2> /dev/null | grep -q "GNU parallel"; then
  skip "GNU parallel is not installed (Debian's parallel package)"
else
  # README's command as it stands: the block that starts with
  # `parallel nim` and the --summarize after it, run as a reader pastes
  # them (with nim installed).
  mkdir "$work/readme" && cd "$work/readme" || exit 1
  awk '/^    parallel nim / { on = 1 }
       on { sub(/^    /, ""); print }
       on && /^nim --summarize/ { exit }' "$srcdir/README.md" > commands.sh
  if grep -q '^parallel nim ' commands.sh \
     && grep -q '^nim --summarize shard-\*.jsonl$' commands.sh; then
    ok "README has the GNU parallel command and the --summarize after it"
  else
    not_ok "README has the GNU parallel command and the --summarize after it"
    sed 's/^/# /' commands.sh
  fi
  sh commands.sh > readme.out 2> readme.err
  status=$?
  if [ $status -eq 0 ] && grep -q "^Games: \([0-9]*\) of \1" readme.out; then
    ok "README's GNU parallel command and --summarize run as pasted"
  else
    not_ok "README's GNU parallel command and --summarize: status $status"
    sed 's/^/# /' readme.err readme.out | head -n 20
  fi
  # The one machine's run of the same options: the command without
  # parallel, --shard, the shards' files and parallel's arguments.
  sed -n '/^parallel nim /,/::: /p' commands.sh | tr -d '\\\n' \
    | sed 's/^parallel //; s/--shard [^ ]*//; s/--results [^ ]*//;
           s/:::.*//' > one.sh
  sh one.sh > one.json 2> one.err
  nim --summarize shard-*.jsonl --json > merged.json 2> merged.err
  same_summary "README's shards merged are the one machine's run" \
    one.json merged.json
  cd "$work" || exit 1

  # --shard auto/N reads GNU parallel's PARALLEL_SEQ.
  check_parallel auto 3 auto/3 --games 600 --random-heaps 3:12 --seed 4 \
    -1 negamax:depth=2 -2 random
  check_parallel position 5 '{}/5' --games 200 --heaps 5,6,7 --seed 2 \
    -1 mcts:iterations=300 -2 negamax:depth=2
  # The SPRT's case: the shards, started together (parallel reads its
  # options from PARALLEL) with their files in one directory, stop at the
  # decision, and --summarize decides over the prefix of pairs.
  PARALLEL="-j 3"
  export PARALLEL
  check_parallel sprt 3 auto/3 --games 2000 --random-heaps 3:9 --seed 3 \
    -1 negamax:depth=2 -2 random --sprt elo0=0,elo1=20
  unset PARALLEL
  # One machine decides after 42 games; the shards play at most twice
  # that and a few hundred (they played all 2,000).
  records=$(cat "$work"/par-sprt/shard-*.jsonl | grep -c '"game"')
  if [ "$records" -le 384 ]; then
    ok "sprt: the shards stopped at the decision ($records games)"
  else
    not_ok "sprt: the shards played $records games"
  fi
fi

# ------------------------------------------------------------------------
# 3. Slurm

# slurm_missing REASON: the Slurm tests cannot run.
slurm_missing () {
  if [ "${NIM_REQUIRE_SLURM:-no}" = yes ]; then
    not_ok "Slurm: $1 (NIM_REQUIRE_SLURM=yes)"
  else
    skip "Slurm: $1"
  fi
  for f in "$work"/slurm/log/*.log "$work"/slurm/munge/munged.log; do
    [ -s "$f" ] && tail -n 5 "$f" | sed "s|^|# $(basename "$f"): |"
  done
}

# wait_queue SECONDS: until no job is left in the queue.
wait_queue () {
  i=0
  while [ $i -lt $(($1 * 2)) ]; do
    [ -z "$(squeue -h 2> /dev/null)" ] && return 0
    sleep 0.5
    i=$((i + 1))
  done
  squeue 2>&1 | sed 's/^/# /'
  return 1
}

# man_block TEXT: the .nf block of nim(1) that follows the first line
# holding TEXT, as a reader sees it.
man_block () {
  awk -v text="$1" '
    !on && index($0, text) { on = 1; next }
    on && /^\.nf/ { inblock = 1; next }
    inblock && /^\.fi/ { exit }
    inblock { print }' "$srcdir/doc/nim.1" \
    | sed 's/\\-/-/g; s/\\e/\\/g'
}

# daemon_started PIDFILE: waits up to 5 s for a daemon's pid file, and
# adds its pid to those stopped at the end.
daemon_started () {
  i=0
  while [ $i -lt 50 ] && [ ! -s "$1" ]; do
    sleep 0.1
    i=$((i + 1))
  done
  [ -s "$1" ] && daemons="$daemons $(cat "$1")"
}

start_slurm () {
  for program in munged slurmctld slurmd sbatch squeue scancel scontrol \
                 sinfo; do
    if ! command -v "$program" > /dev/null 2>&1; then
      slurm_missing "$program is not installed (Debian's slurm-wlm and munge)"
      return 1
    fi
  done
  if [ "$(id -u)" -ne 0 ] || ! id munge > /dev/null 2>&1; then
    slurm_missing "the daemons run as root here, with a munge user"
    return 1
  fi
  d="$work/slurm"
  mkdir -p "$d/munge" "$d/state" "$d/spool" "$d/run" "$d/log"
  dd if=/dev/urandom of="$d/munge/munge.key" bs=1024 count=1 2> /dev/null
  chown -R munge "$d/munge" && chmod 700 "$d/munge" \
    && chmod 400 "$d/munge/munge.key"
  if ! munged -f --socket="$d/munge/munge.sock" \
         --key-file="$d/munge/munge.key" --log-file="$d/munge/munged.log" \
         --pid-file="$d/munge/munged.pid" --seed-file="$d/munge/munged.seed" \
         2> "$d/munge/start.err"; then
    slurm_missing "munged does not start: $(head -n 1 "$d/munge/start.err")"
    return 1
  fi
  daemons="$(cat "$d/munge/munged.pid")"
  # Two free ports of the loopback host's, for the controller and the node.
  ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s:
    x.bind(("", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
  host=$(hostname)
  cat > "$d/slurm.conf" << CONF
ClusterName=nimtest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$d/munge/munge.sock
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=$d/state
SlurmdSpoolDir=$d/spool
SlurmctldPidFile=$d/run/slurmctld.pid
SlurmdPidFile=$d/run/slurmd.pid
SlurmctldLogFile=$d/log/slurmctld.log
SlurmdLogFile=$d/log/slurmd.log
SlurmctldPort=${ports% *}
SlurmdPort=${ports#* }
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=nimtest Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
  SLURM_CONF="$d/slurm.conf"
  export SLURM_CONF
  cluster=$d
  slurmctld -f "$SLURM_CONF" 2> "$d/log/slurmctld.err"
  daemon_started "$d/run/slurmctld.pid"
  slurmd -f "$SLURM_CONF" 2> "$d/log/slurmd.err"
  daemon_started "$d/run/slurmd.pid"
  i=0
  while [ $i -lt 60 ]; do
    [ "$(sinfo -h -o %t 2> /dev/null)" = idle ] && return 0
    sleep 0.5
    i=$((i + 1))
  done
  slurm_missing "the cluster does not come up (sinfo: $(sinfo -h -o %t 2>&1 | head -n 1))"
  return 1
}

# The shards of nim(1)'s shards.sh, made small: GAMES games on 4 tasks of
# one processor each.
small_shards () {
  man_block '\\fIshards.sh\\fR:' \
    | sed "s/--array=1-32/--array=1-4/; s/--cpus-per-task=2/--cpus-per-task=1/;
           s/--games 100000/--games $1/; s/--jobs 2/--jobs 1/"
}

# The one machine's run of shards.sh's options.
one_machine () {
  man_block '\\fIshards.sh\\fR:' | grep -v '^#' | tr -d '\\\n' \
    | sed "s/--games 100000/--games $1/; s/--jobs 2/--jobs 1/;
           s/--shard [^ ]*//; s/--resume//; s/--results [^ ]*//"
}

if start_slurm; then
  ok "a single-node Slurm cluster comes up ($(sinfo -h -o '%n %c CPUs'))"
  submit=$(man_block 'Submit it, and the merge')
  if printf '%s\n' "$submit" | grep -q '^job=$(sbatch --parsable shards.sh)$' \
     && printf '%s\n' "$submit" | grep -q -- '--dependency=afterany:\$job'; then
    ok "nim(1) submits shards.sh and the merge with --dependency=afterany"
  else
    not_ok "nim(1) submits shards.sh and the merge with --dependency=afterany"
    printf '%s\n' "$submit" | sed 's/^/# /'
  fi

  # The job array and the merge, as nim(1) submits them, with --json.
  mkdir "$work/array" && cd "$work/array" || exit 1
  small_shards 800 > shards.sh
  grep -q -- '--shard auto' shards.sh || not_ok "shards.sh uses --shard auto"
  printf '%s\n' "$submit" | sed "s/shard-\*.jsonl'/shard-*.jsonl --json'/" \
    > submit.sh
  sh -c "$(one_machine 800)" > one.json 2> one.err
  sh submit.sh > submit.out 2> submit.err
  if wait_queue 300 && [ -s summary.txt ]; then
    ok "the job array and the merge after it ran"
  else
    not_ok "the job array and the merge after it ran"
    sed 's/^/# /' submit.err slurm-*.out 2> /dev/null | head -n 20
  fi
  headers=$(head -q -n 1 shard-*.jsonl 2> /dev/null \
              | sed -n 's/.*"shard":"\([0-9]*\/[0-9]*\)".*/\1/p' | sort | tr '\n' ' ')
  if [ "$headers" = "1/4 2/4 3/4 4/4 " ]; then
    ok "--shard auto: the tasks played shards 1/4 to 4/4"
  else
    not_ok "--shard auto: the tasks played shards '$headers'"
  fi
  same_summary "Slurm: the merged summary is the one machine's" \
    one.json summary.txt
  cd "$work" || exit 1

  # Task 2 cancelled on the way, requeued, resumed.
  mkdir "$work/requeue" && cd "$work/requeue" || exit 1
  small_shards 4000 > shards.sh
  printf '%s\n' "$submit" | sed "s/shard-\*.jsonl'/shard-*.jsonl --json'/" \
    > submit.sh
  sh -c "$(one_machine 4000)" > one.json 2> one.err
  sh submit.sh > submit.out 2> submit.err
  job=$(squeue -h -o %F 2> /dev/null | sort -n | head -n 1)
  i=0
  while [ $i -lt 1200 ] && [ "$(wc -l 2> /dev/null < shard-2.jsonl || echo 0)" -lt 6 ]; do
    sleep 0.02
    i=$((i + 1))
  done
  scancel "${job}_2"
  i=0
  while [ $i -lt 100 ] && squeue -h -j "${job}_2" -t R,CG 2> /dev/null | grep -q .; do
    sleep 0.1
    i=$((i + 1))
  done
  lines=$(wc -l < shard-2.jsonl)
  state=$(scontrol show job "${job}_2" 2> /dev/null | sed -n 's/.*JobState=\([A-Z]*\).*/\1/p')
  if [ "$state" = CANCELLED ] && [ "$lines" -lt 1001 ]; then
    ok "scancel stopped task 2 on the way ($lines lines of 1001)"
  else
    not_ok "scancel stopped task 2 on the way: $state, $lines lines of 1001"
  fi
  scontrol requeue "${job}_2" 2> requeue.err
  scontrol update JobId="${job}_2" StartTime=now 2>> requeue.err
  if wait_queue 300 && [ -s summary.txt ]; then
    ok "task 2 requeued, and the merge ran after it"
  else
    not_ok "task 2 requeued, and the merge ran after it"
    sed 's/^/# /' requeue.err slurm-*_2.out 2> /dev/null | head -n 20
  fi
  if grep -q "resuming: [1-9][0-9]* finished games" slurm-*_2.out 2> /dev/null; then
    ok "the requeued task resumed its shard"
  else
    not_ok "the requeued task resumed its shard"
    sed 's/^/# /' slurm-*_2.out 2> /dev/null | head -n 20
  fi
  same_summary "Slurm: cancelled, requeued and resumed, the same summary" \
    one.json summary.txt
  cd "$work" || exit 1

  # A Grundy census, a code a task.
  mkdir "$work/census" && cd "$work/census" || exit 1
  man_block '\\fIcensus.sh\\fR:' > census.sh
  sbatch --parsable census.sh > census.out 2> census.err
  if wait_queue 300; then
    ok "the census array ran"
  else
    not_ok "the census array ran"
  fi
  for want in 0.07:34 0.137:34 0.16:149459 0.56:144 0.77:12; do
    code=${want%:*} period=${want#*:}
    if python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
sys.exit(0 if d["proven"] and d["period"] == int(sys.argv[2]) else 1)' \
         "census-$code.json" "$period" 2> /dev/null \
       && [ -s "census-$code.cert.json" ]; then
      ok "census: $code has period $period, proven, with its certificate"
    else
      not_ok "census: $code has period $period, proven, with its certificate"
      sed 's/^/# /' slurm-*.out 2> /dev/null | head -n 10
    fi
  done
  if nim --check-certificate census-0.77.cert.json > check.out 2>&1; then
    ok "census: 0.77's certificate checks"
  else
    not_ok "census: 0.77's certificate checks"
    sed 's/^/# /' check.out
  fi
  cd "$work" || exit 1
  stop_slurm
  alive=
  for f in "$work"/slurm/run/*.pid; do
    [ -s "$f" ] && kill -0 "$(cat "$f")" 2> /dev/null && alive="$alive $f"
  done
  if [ -z "$alive" ]; then
    ok "every daemon stopped"
  else
    not_ok "daemons still running:$alive"
  fi
fi

echo "1..$n"
