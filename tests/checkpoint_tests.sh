#!/usr/bin/env bash
# checkpoint_tests.sh - repro/checkpoint.sh in a scratch tree: only finished
# runs (a JSON with an empty log; an RTL-in-the-loop run's JSON with its exit
# status) are saved, under the binary's version; a restore brings them back as
# they were; info names the binary.
set -u
cd "$(dirname "$0")/.."
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/checkpoint
rm -rf "$T"
mkdir -p "$T/tree/repro" "$T/tree/out/repro/mrpb/default/s/runs"
cp repro/checkpoint.sh "$T/tree/repro/"
R=$T/tree/out/repro/mrpb/default/s/runs
for r in atax@base atax@mrpb; do
    printf '{"version": "abc1234", "command_line": "/bin/ms-abc1234 sim --workload atax", "run": "%s"}\n' "$r" >"$R/$r.json"
    : >"$R/$r.log"
done
printf '{"version": "abc1234", "command_line": "/bin/ms-abc1234 sim"}\n' >"$R/bicg@base.json"
echo "DRAM timing violation" >"$R/bicg@base.log"   # failed: not saved
printf '{"version": "abc1234"}\n' >"$R/mvt@base.json"   # no log: still running, not saved
out=$("$T/tree/repro/checkpoint.sh" save mrpb)
expect "save: the two finished runs, under the binary's version" \
    "$(echo "$out" | sed 's/ ([0-9.]*[KMG]*)$//'); $(tar -tJf "$T/tree/repro/checkpoints/mrpb-abc1234.tar.xz" | sort | paste -sd' ')" \
    "checkpoint: 2 runs of mrpb (binary abc1234) in repro/checkpoints/mrpb-abc1234.tar.xz; out/repro/mrpb/default/s/runs/atax@base.json out/repro/mrpb/default/s/runs/atax@base.log out/repro/mrpb/default/s/runs/atax@mrpb.json out/repro/mrpb/default/s/runs/atax@mrpb.log"
expect "info: the binary's version and path" "$("$T/tree/repro/checkpoint.sh" info mrpb | head -1)" "binary: version abc1234, path /bin/ms-abc1234"
rm -rf "$T/tree/out"
"$T/tree/repro/checkpoint.sh" restore mrpb >/dev/null
expect "restore: the runs as they were, their logs empty" \
    "$(jq -r .run "$R"/atax@*.json | paste -sd' ') $(cat "$R"/*.log | wc -c) $(ls "$R" | wc -l)" "atax@base atax@mrpb 0 4"
# repro/mib's RTL-in-the-loop runs: a JSON with its exit status is finished, one without is not
D=$T/tree/out/repro/mib/half
mkdir -p "$D/P/runs" "$D/rtl"
printf '{"version": "def5678", "command_line": "/bin/ms-def5678 sim --workload transpose --json /x/out/repro/mib/half/P/runs/transpose@fr.json"}\n' >"$D/P/runs/transpose@fr.json"
: >"$D/P/runs/transpose@fr.log"
for l in m s; do printf '{"version": "def5678"}\n' >"$D/rtl/$l.json"; done
echo 0 >"$D/rtl/m.rc"
out=$("$T/tree/repro/checkpoint.sh" save mib)
expect "save: a finished RTL run (its JSON and exit status) with the compare runs" \
    "$(echo "$out" | sed 's/ ([0-9.]*[KMG]*)$//'); $(tar -tJf "$T/tree/repro/checkpoints/mib-def5678.tar.xz" | sort | paste -sd' ')" \
    "checkpoint: 2 runs of mib (binary def5678) in repro/checkpoints/mib-def5678.tar.xz; out/repro/mib/half/P/runs/transpose@fr.json out/repro/mib/half/P/runs/transpose@fr.log out/repro/mib/half/rtl/m.json out/repro/mib/half/rtl/m.rc"
expect "info: the binary, the OUT the runs were made into, the runs per group, the RTL ones apart" \
    "$("$T/tree/repro/checkpoint.sh" info mib | tr -s ' ' | paste -sd';')" \
    "binary: version def5678, path /bin/ms-def5678, OUT /x/out/repro/mib;runs: 1 out/repro/mib/half/P;runs: 1 out/repro/mib/half/rtl"
"$T/tree/repro/checkpoint.sh" save nope 2>/dev/null
expect "an unknown reproduction: exit 2" "$?" 2
exit $status
