#!/usr/bin/env bash
# sim_stats_tests.sh - `memsched sim`'s statistics (docs/sim.md, "Statistics"):
# the table (--list-stats) is the one docs/sim.md documents and covers every
# statistic written; per-kernel statistics with GPGPU-Sim's meaning (one
# kernel's gpu_sim_*, cumulative gpu_tot_*), found by an Accel-Sim
# get_stats-style grep of the text report; a run reproduced from its output
# (typed configuration, version, command line, size); --json - alone on
# stdout; the DRAM cycle counts aggregated alike. One PASS/FAIL line per check.
# Usage: tests/sim_stats_tests.sh [MEMSCHED]
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/sim_stats
rm -rf "$T"
mkdir -p "$T"

# --- the table --------------------------------------------------------------
"$M" sim --list-stats >"$T/list" || bad "--list-stats" "exit $?"
if diff <(awk '/^## Statistics/ {f = 1} /^## Speed/ {f = 0} f && /^```$/ {n++; next} f && n == 1' docs/sim.md) \
    "$T/list" >"$T/list.diff"; then
    ok "docs/sim.md: the statistics table is the program's (memsched sim --list-stats, $(wc -l <"$T/list") rows)"
else
    bad "docs/sim.md: the statistics table differs from memsched sim --list-stats" "$(head -3 "$T/list.diff" | tr '\n' ' ')"
fi

# Runs used below: srad (2 kernels), bfs (a kernel pair per level), with MRPB
# and a MIB policy so that every optional section is written.
"$M" sim --workload srad --size quick --host-stats --json "$T/srad.json" >"$T/srad.txt" 2>"$T/srad.err" ||
    bad "srad quick" "exit $?: $(head -2 "$T/srad.err")"
"$M" sim --workload bfs --size quick --set mrpb=final --set dram.policy=mshr-s+a --host-stats \
    --json "$T/bfs.json" >"$T/bfs.txt" 2>"$T/bfs.err" || bad "bfs quick" "exit $?: $(head -2 "$T/bfs.err")"

# Every statistic written (JSON leaves but the configuration; a kernel's
# under gpu.kernels[]) is a row of the table, in the right scope.
# (the columns are fixed-width: units have spaces)
awk '{print $1, substr($0, 72, 6)}' "$T/list" >"$T/rows"
leaves() { jq -r 'del(.configuration) | paths(scalars) | map(if type == "number" then "[]" else . end) | join(".")' "$1" |
    sed 's/\.\[\]/[]/g; s/\(_hist\|_cycles\)\[\]$/\1/' | sort -u; }
missing=$(for j in "$T/srad.json" "$T/bfs.json"; do leaves "$j"; done | sort -u | awk '
    NR == FNR { pat = $1; gsub(/[][.]/, "\\\\&", pat); gsub(/<[a-z]+>/, "[A-Za-z0-9_]+", pat); re[NR] = "^" pat "$"; sc[NR] = $2; n = NR; next }
    {
        p = $0; k = sub(/^gpu\.kernels\[\]\./, "", p)
        found = 0
        for (i = 1; i <= n; i++) {
            if (k && (sc[i] == "kernel" || sc[i] == "both") && (("gpu.kernels[]." p) ~ re[i] || p ~ re[i] || ("gpu." p) ~ re[i])) found = 1
            if (!k && sc[i] != "kernel" && p ~ re[i]) found = 1
        }
        if (!found) print $0
    }' "$T/rows" -)
if [ -z "$missing" ]; then ok "every statistic written is a row of --list-stats (srad, bfs with MRPB and MIB)"
else bad "statistics written that --list-stats does not list" "$(echo $missing | head -c 300)"; fi

# --- per kernel: GPGPU-Sim's meaning ------------------------------------------
for w in srad bfs; do
    j=$T/$w.json
    n=$(stat '.gpu.kernels | length' "$j")
    # gpu_sim_* is one kernel's, gpu_tot_* the sum over the kernels so far;
    # the run's totals are the last kernel's cumulative ones.
    r=$(jq -r '.gpu as $g | $g.kernels as $k | [
        ([$k[].gpu_sim_cycle] | add) == $g.gpu_tot_sim_cycle,
        ([$k[].gpu_sim_insn] | add) == $g.gpu_tot_sim_insn,
        ([range(0; $k | length) as $i | $k[$i].gpu_tot_sim_cycle == ([$k[0:$i + 1][].gpu_sim_cycle] | add)] | all),
        ([range(0; $k | length) as $i | $k[$i].gpu_tot_sim_insn == ([$k[0:$i + 1][].gpu_sim_insn] | add)] | all),
        ([range(0; $k | length) as $i | $k[$i].kernel_launch_uid == $i + 1] | all),
        ([$k[] | (.gpu_ipc / (.gpu_sim_insn / .gpu_sim_cycle) - 1 | fabs) < 1e-12 and
                 (.gpu_tot_ipc / (.gpu_tot_sim_insn / .gpu_tot_sim_cycle) - 1 | fabs) < 1e-12] | all),
        $k[-1].gpu_tot_sim_cycle == $g.gpu_tot_sim_cycle and $g.run_cycles == $g.gpu_tot_sim_cycle + $g.drain_cycles,
        ($k | map(.gpu_sim_cycle) | min) > 0 and ($k | map(.gpu_sim_cycle) | max) < $g.gpu_tot_sim_cycle
        ] | map(tostring) | join(",")' "$j")
    expect "$w ($n kernels): gpu_sim_cycle/insn per kernel sum to gpu_tot_*, gpu_tot_* cumulative, uid 1..n, IPCs, run totals" \
        "$r" "true,true,true,true,true,true,true,true"
    # The cache and DRAM counters of a kernel are those of its cycles: over
    # the kernels they sum to the run's (the drain aside, which adds no L1
    # access and no instruction).
    r=$(jq -r '[.gpu.kernels as $k | .l1d.L1D_total_cache_accesses == ([$k[].l1d.L1D_total_cache_accesses] | add),
        .gpu.gpu_tot_sim_insn > 0,
        ([$k[].dram.read_requests] | add) <= .dram.read_requests and ([$k[].dram.read_requests] | add) > 0,
        ([$k[].l2.L2_total_cache_accesses] | add) <= .l2.L2_total_cache_accesses,
        ($k | map(.l2.L2_total_cache_accesses > 0) | all)] | map(tostring) | join(",")' "$j")
    expect "$w: per-kernel L1D accesses sum to the run's; L2 and DRAM counters at most the run's, every kernel some" \
        "$r" "true,true,true,true,true"
done

# --- the text report, grepped as Accel-Sim's get_stats.py does -----------------
# example_stats.yml: collect_aggregate (diffed between kernels) gpu_tot_sim_insn,
# gpu_tot_sim_cycle; collect_abs gpu_ipc; collect_rates gpu_tot_ipc; a line
# matching ^kernel_name\s+=\s+ (re.match) opens a kernel, the stats are searched
# anywhere in a line. Per kernel (-k -K): abs and rates keep the last value,
# aggregates add (value - the previous kernel's raw value).
getstats() { # getstats TEXT: "kernel stat value" lines
    awk '
    function val(re,   i) { if (match($0, re)) { v = substr($0, RSTART + RLENGTH); sub(/[ \t]+$/, "", v); return 1 } return 0 }
    /^kernel_name[ \t]+=[ \t]+/ { k++; name[k] = $0; sub(/^kernel_name[ \t]+=[ \t]+/, "", name[k]); next }
    {
        if (val("gpu_sim_cycle[ \t]*=[ \t]*")) { abs[k, "gpu_sim_cycle"] = v; cnt[k, "gpu_sim_cycle"]++ }
        if (val("gpu_ipc[ \t]*=[ \t]*")) { abs[k, "gpu_ipc"] = v; cnt[k, "gpu_ipc"]++ }
        if (val("gpu_tot_ipc[ \t]*=[ \t]*")) { abs[k, "gpu_tot_ipc"] = v; last["gpu_tot_ipc"] = v }
        if (val("gpu_tot_sim_cycle[ \t]*=[ \t]*")) { agg[k, "cyc"] += v - raw["cyc"]; raw["cyc"] = v; last["gpu_tot_sim_cycle"] = v }
        if (val("gpu_tot_sim_insn[ \t]*=[ \t]*")) { agg[k, "insn"] += v - raw["insn"]; raw["insn"] = v; last["gpu_tot_sim_insn"] = v }
    }
    END {
        for (i = 1; i <= k; i++)
            printf "%d %s %s %s %s %s %d %d\n", i, name[i], abs[i, "gpu_sim_cycle"], abs[i, "gpu_ipc"], agg[i, "cyc"], agg[i, "insn"],
                cnt[i, "gpu_sim_cycle"], cnt[i, "gpu_ipc"]
        printf "final %s %s %s %d\n", last["gpu_tot_sim_cycle"], last["gpu_tot_sim_insn"], last["gpu_tot_ipc"], cnt[0, "gpu_sim_cycle"] + cnt[0, "gpu_ipc"]
    }' "$1"
}
for w in srad bfs; do
    getstats "$T/$w.txt" >"$T/$w.grep"
    want=$(jq -r '.gpu.kernels | to_entries[] | "\(.key + 1) \(.value.kernel_name) \(.value.gpu_sim_cycle) \(.value.gpu_ipc * 10000 | round / 10000) \(.value.gpu_sim_cycle) \(.value.gpu_sim_insn) 1 1"' "$T/$w.json")
    got=$(grep -v '^final' "$T/$w.grep" | awk '{ $4 = sprintf("%.4f", $4) + 0; print }')
    want=$(echo "$want" | awk '{ $4 = sprintf("%.4f", $4) + 0; print }')
    n=$(echo "$want" | wc -l)
    if [ "$got" = "$want" ]; then
        ok "$w: a get_stats-style grep of the report finds $n kernels, each with one gpu_sim_cycle and gpu_ipc, and gpu_tot_* diffs = gpu_sim_*"
    else
        bad "$w: get_stats-style grep per kernel" "got '$(echo "$got" | head -2 | tr '\n' '|')', expected '$(echo "$want" | head -2 | tr '\n' '|')'"
    fi
    expect "$w: the grep's last values (final kernel) are the run's totals; no gpu_sim_cycle or gpu_ipc outside a kernel" \
        "$(awk '/^final/ {print $2, $3, $5}' "$T/$w.grep")" "$(stat '"\(.gpu.gpu_tot_sim_cycle) \(.gpu.gpu_tot_sim_insn) 0"' "$T/$w.json")"
done
expect "text report: booleans printed (stopped_by_max_cycles = false)" "$(grep -c '^stopped_by_max_cycles = false$' "$T/srad.txt")" 1

# --- reproducible from its output --------------------------------------------
# Typed configuration: every key --list-keys shows with a numeric value is a
# JSON number of that value, every other a string.
"$M" sim --list-keys | awk '{print $1, $2}' >"$T/keys"
r=$(jq -r --rawfile keys "$T/keys" '.configuration as $c |
    [$keys | split("\n")[] | select(length > 0) | split(" ") | . as [$k, $v] |
     if ($v | test("^[0-9]+(\\.[0-9]+)?$")) then ($c[$k] | type) == "number" and $c[$k] == ($v | tonumber)
     else ($c[$k] | type) == "string" and $c[$k] == $v end] | [length, all] | map(tostring) | join(",")' "$T/srad.json")
nkeys=$(wc -l <"$T/keys")
expect "configuration: all $nkeys keys, numbers as JSON numbers, names as strings, the values --list-keys shows" "$r" "$nkeys,true"
expect "configuration: typed (sm.count, clock.dram, dram.tCL numbers; sm.scheduler, dram.policy strings)" \
    "$(stat '.configuration | [.["sm.count"], .["clock.dram"], .["dram.tCL"], .["sm.scheduler"], .["dram.policy"]] | map(type) | join(",")' "$T/srad.json")" \
    "number,number,number,string,string"
expect "size: srad --size quick runs its quick size" "$(stat .size "$T/srad.json")" \
    "$("$M" sim --list-workloads | awk '$1 == "srad" {print $3}')"
if [ -f "$(dirname "$M")/flags/version" ]; then want=$(cat "$(dirname "$M")/flags/version"); else want=$(stat .version "$T/srad.json"); fi
v=$(stat .version "$T/srad.json")
if [ -n "$v" ] && [ "$v" != null ] && [ "$v" = "$want" ] && grep -qxF "version = $v" "$T/srad.txt"; then
    ok "version: '$v' (git describe at build time) in the JSON and the report"
else
    bad "version" "JSON '$v', report '$(grep '^version' "$T/srad.txt")', build stamp '$want'"
fi
expect "command line: in the JSON and the report as run" \
    "$(stat .command_line "$T/srad.json")|$(grep -c "^command_line = $M sim --workload srad --size quick --host-stats --json $T/srad.json\$" "$T/srad.txt")" \
    "$M sim --workload srad --size quick --host-stats --json $T/srad.json|1"
# A run again from its command line alone (an argument that needs quoting
# included): the same statistics.
mkdir -p "$T/a b"
"$M" sim --workload bfs --size 2048 --set 'dram.policy=fr-fcfs' --quiet --json "$T/a b/one.json"
cmdline=$(stat .command_line "$T/a b/one.json")
mv "$T/a b/one.json" "$T/first.json"
eval "$cmdline"
if [ -s "$T/a b/one.json" ] && cmp -s "$T/first.json" "$T/a b/one.json"; then
    ok "a run again from its JSON's command line (quoted: $(echo "$cmdline" | grep -o "'[^']*'")): identical JSON"
else
    bad "rerun from the command line" "'$cmdline'"
fi

# --- --json -: stdout is the JSON alone --------------------------------------------
"$M" sim --workload vectoradd --size quick --json - >"$T/stdout.json" 2>"$T/stderr.txt"
if jq -e '.gpu.gpu_tot_sim_cycle > 0' "$T/stdout.json" >/dev/null && [ "$(jq -s length "$T/stdout.json")" = 1 ] &&
    grep -q '^gpu_tot_sim_cycle = ' "$T/stderr.txt"; then
    ok "--json -: stdout is one JSON document alone, the report on stderr"
else
    bad "--json -" "stdout '$(head -c 80 "$T/stdout.json")', stderr '$(head -c 80 "$T/stderr.txt")'"
fi
"$M" sim --workload vectoradd --size quick --json - --quiet >"$T/quiet.json" 2>"$T/quiet.err"
expect "--json - --quiet: JSON on stdout, nothing on stderr" "$(jq -e -s length "$T/quiet.json")|$(wc -c <"$T/quiet.err")" "1|0"

# --- the DRAM cycle counts aggregate alike (per channel) ----------------------
"$M" sim --workload stream --size quick --quiet --json "$T/stream.json"
r=$(jq -r '.dram | [.write_drain_cycles > 0, .write_drain_cycles <= .dram_cycles, .dram_cycles > 0] | map(tostring) | join(",")' "$T/stream.json")
expect "stream (writes): write_drain_cycles is per channel like dram_cycles (0 < $(stat .dram.write_drain_cycles "$T/stream.json") <= $(stat .dram.dram_cycles "$T/stream.json"))" \
    "$r" "true,true,true"
