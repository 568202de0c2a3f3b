#!/usr/bin/env bash
# sim_config_tests.sh - GPGPU-Sim configuration files and the configuration
# checks (sim/gpgpusim_config.c, sim/config.c; docs/sim.md "Configuration").
#
#   tests/sim_config_tests.sh [MEMSCHED]   (default build/memsched)
#
# The five tested GPGPU-Sim / Accel-Sim configurations in tests/configs load
# and run a quick kernel, with the SM count, warps, L2 MSHRs and channels the
# file asks for; every kind of bad input exits 2 with a message naming the
# file and line (or the key) and what was expected; docs/sim.md lists the
# options the program knows. One PASS/FAIL line per check; exit 1 on a FAIL.
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
status=0
ok() { echo "PASS $1"; }
bad() { echo "FAIL $1: $2"; status=1; }

# A file's option value: opt FILE NAME (the last one, as GPGPU-Sim takes).
opt() { awk -v n="$2" '$1 == n {v = $2} END {print v}' "$1"; }
# A configuration key of a run's JSON: key JSON NAME.
key() { jq -r --arg k "$2" '.configuration[$k]' "$1"; }

# bad_input (simlib.sh): exit 2 and a message containing a fixed string.

"$M" sim --list-gpgpusim-options >"$T/opts.txt"
# The line of FILE's first option the model does not have (per the table).
first_not_modelled() {
    awk 'NR == FNR {if ($2 == "not") nm[$1] = 1; next} /^-/ && nm[$1] {print FNR; exit}' "$T/opts.txt" "$1"
}

# ---- the tested configurations run --------------------------------------
for c in sm2-gtx480 sm6-titanx sm7-qv100 sm75-rtx2060 sm86-rtx3070; do
    f=tests/configs/$c.config
    j=$T/$c.json
    "$M" sim --config "$f" --workload vectoradd --size quick --quiet --json "$j" 2>"$T/$c.err"
    rc=$?
    if [ $rc -ne 0 ] || [ ! -s "$j" ]; then
        bad "$c: loads and runs vectoradd (quick)" "exit $rc: $(grep -v ': note:' "$T/$c.err" | head -2)"
        continue
    fi
    # what the file asks for, worked out here from its text
    sms=$(($(opt "$f" -gpgpu_n_clusters) * $(opt "$f" -gpgpu_n_cores_per_cluster)))
    warps=$(($(opt "$f" -gpgpu_shader_core_pipeline | cut -d: -f1) / 32))
    l2mshr=$(opt "$f" -gpgpu_cache:dl2 | cut -d, -f3 | cut -d: -f2)
    l1ways=$(opt "$f" -gpgpu_cache:dl1 | cut -d, -f1 | awk -F: '{print $NF}')
    got="sm.count=$(key "$j" sm.count) sm.warps=$(key "$j" sm.warps) l1.ways=$(key "$j" l1.ways) l2.mshr=$(key "$j" l2.mshr) mem.partitions=$(key "$j" mem.partitions)"
    want="sm.count=$sms sm.warps=$warps l1.ways=$l1ways l2.mshr=$l2mshr mem.partitions=$(opt "$f" -gpgpu_n_mem)"
    [ "$got" = "$want" ] && ok "$c: runs vectoradd with the file's machine ($want)" ||
        bad "$c: the file's machine" "got $got, want $want"
    # sane statistics: every thread instruction ran (vectoradd's count does
    # not depend on the machine), and IPC within the issue width
    jq -e --argjson sm "$sms" --slurpfile ref "$T/sm2-gtx480.json" \
        '.gpu.gpu_tot_sim_insn == $ref[0].gpu.gpu_tot_sim_insn and .gpu.gpu_tot_sim_cycle > 0 and
         .gpu.gpu_tot_ipc > 0 and .gpu.gpu_tot_ipc <= $sm * (.configuration["sm.schedulers"] | tonumber) * 32' \
        "$j" >/dev/null && ok "$c: the same instructions as on the GTX 480, IPC within the issue width" ||
        bad "$c: statistics" "$(jq -c '[.gpu.gpu_tot_sim_insn, .gpu.gpu_tot_sim_cycle, .gpu.gpu_tot_ipc]' "$j")"
    n=$(grep -c 'options the model does not have:' "$T/$c.err")
    [ "$n" -eq 1 ] && ok "$c: the options the model does not have are listed on one line" ||
        bad "$c: list of options not modelled" "$n lines"
    bad_input "$c --strict: the first option the model does not have is an error at its line" \
        "$f:$(first_not_modelled "$f"): expected an option the model has (--strict)" \
        "$M" sim --config "$f" --strict --size quick --quiet
done

# the mapped timing options reach their keys (sm7-qv100: 4 DP and 4 SFU units)
j=$T/sm7-qv100.json
if [ -s "$j" ]; then
    got=$(jq -r '.configuration | [.["sm.lat_int"], .["sm.lat_sfu"], .["sm.ii_dp"], .["sm.ii_sfu"], .["sm.lat_shmem"], .["icnt.flit"], .["l1.alloc"]] | join(" ")' "$j")
    [ "$got" = "4 100 1 2 20 40 fill" ] && ok "sm7-qv100: latencies, initiation intervals over the units, shared memory, flit, streaming L1" ||
        bad "sm7-qv100: mapped options" "got '$got', want '4 100 1 2 20 40 fill'"
    grep -qF 'sm7-qv100.config:44: note: sm.ii_dp = ceil(4 cycles / 4 units) = 1' "$T/sm7-qv100.err" &&
        ok "sm7-qv100: a note shows the initiation interval divided by the units" || bad "sm7-qv100: no note on sm.ii_dp" "$(grep ii_dp "$T/sm7-qv100.err")"
fi

# ---- existing behaviour: the thesis GPU as a file is the preset -----------
"$M" sim --config tests/configs/gtx480-mib.config --workload atax --size quick --quiet --json "$T/mibf.json" 2>/dev/null
"$M" sim --config gtx480-mib --workload atax --size quick --quiet --json "$T/mibp.json"
if [ -s "$T/mibf.json" ] && cmp -s <(jq 'del(.config, .command_line)' "$T/mibf.json") <(jq 'del(.config, .command_line)' "$T/mibp.json"); then
    ok "gtx480-mib.config gives the gtx480-mib preset's statistics (atax quick)"
else
    bad "gtx480-mib.config" "statistics differ from the preset's"
fi

# ---- bad input: exit 2 and FILE:LINE: expected ..., got ... ---------------
printf -- '-gpgpu_n_mem 6\n-gpgpu_n_cluster 30\n' >"$T/typo.config"
bad_input "a misspelt option is an error naming file, line and the nearest option" \
    "typo.config:2: expected a GPGPU-Sim option (memsched sim --list-gpgpusim-options), got '-gpgpu_n_cluster' (did you mean -gpgpu_n_clusters?)" \
    "$M" sim --config "$T/typo.config"
printf -- '# mine\n-my_own_option 1\n' >"$T/unknown.config"
bad_input "an option GPGPU-Sim does not have is an error" "unknown.config:2: expected a GPGPU-Sim option" \
    "$M" sim --config "$T/unknown.config"
printf -- '-gpgpu_n_clusters 4\n-gpgpu_smem_latency 30\n-gpgpu_simd_model 1\n' >"$T/strict.config"
bad_input "--strict: an option the model does not have is an error" \
    "strict.config:3: expected an option the model has (--strict), got '-gpgpu_simd_model' (not modelled: SIMT reconvergence model)" \
    "$M" sim --config "$T/strict.config" --strict
head -2 "$T/strict.config" >"$T/strict-ok.config"
if "$M" sim --config "$T/strict-ok.config" --strict --size quick --quiet --json "$T/strict.json" 2>"$T/err" &&
    [ "$(key "$T/strict.json" sm.count) $(key "$T/strict.json" sm.lat_shmem)" = "4 30" ] && [ ! -s "$T/err" ]; then
    ok "--strict: a file of modelled options runs, silently"
else
    bad "--strict with modelled options only" "$(head -2 "$T/err")"
fi
if "$M" sim --config "$T/strict.config" --size quick --quiet 2>"$T/err" &&
    grep -qF 'strict.config: ignored 1 option the model does not have: -gpgpu_simd_model' "$T/err"; then
    ok "without --strict the option the model does not have is listed"
else
    bad "without --strict" "$(head -2 "$T/err")"
fi
bad_input "--config of a file that does not exist names it" \
    "missing.file: expected a readable gpgpusim.config, got 'No such file or directory'" "$M" sim --config missing.file
bad_input "--config of a directory names it" "tests/configs: expected a readable gpgpusim.config, got 'Is a directory'" \
    "$M" sim --config tests/configs
bad_input "--config of an unknown name: no preset and no file" "unknown configuration 'gtx9' (no preset and no file of that name)" \
    "$M" sim --config gtx9
bad_input "--set of a hexadecimal integer is refused (integers are decimal)" \
    "--set: bad value '0x10' for sm.count: expected an integer from 1 to 1024" "$M" sim --set sm.count=0x10
printf -- '-gpgpu_n_mem 0x6\n' >"$T/hex.config"
bad_input "a hexadecimal integer in a file is refused" "hex.config:1: bad value '0x6' for mem.partitions" \
    "$M" sim --config "$T/hex.config"
printf -- '-gpgpu_cache:dl1 32:128:4,L:L:m:N,A:32:8\n' >"$T/cache.config"
bad_input "a malformed cache string" "cache.config:1: expected [N|S:]<nsets>:128:<assoc>" "$M" sim --config "$T/cache.config"
printf -- '\n-ptx_opcode_latency_int 4,x\n' >"$T/lat.config"
bad_input "a malformed latency list" "lat.config:2: expected cycles <ADD>[,<MAX>,<MUL>,<MAD>,<DIV>[,<SHFL>]] (decimal), got '4,x'" \
    "$M" sim --config "$T/lat.config"
printf -- '-gpgpu_num_sfu_units 0\n' >"$T/units.config"
bad_input "no SFU units" "units.config:1: expected a positive number of units, got '0'" "$M" sim --config "$T/units.config"
printf -- '-icnt_flit_size 2\n' >"$T/flit.config"
bad_input "a value out of its key's range" "flit.config:1: bad value '2' for icnt.flit: expected an integer from 4 to 256" \
    "$M" sim --config "$T/flit.config"
printf -- '-gpgpu_cache:dl1 32:128:2048,L:L:m:N,A:32:8,8\n' >"$T/ways.config"
bad_input "L1 ways beyond the limit" "ways.config:1: bad value '2048' for l1.ways: expected an integer from 1 to 1024" \
    "$M" sim --config "$T/ways.config"

# config_check: each key with its value and where it came from
bad_input "a cross-key check names the keys, values and sources (defaults, --set)" \
    "memsched: bad configuration: dram.high_wm must not exceed dram.write_queue (dram.high_wm=96 from the defaults, dram.write_queue=64 from --set)" \
    "$M" sim --set dram.write_queue=64
printf -- '# L2\n-gpgpu_cache:dl2 S:64:128:8,L:B:m:L:L,A:256:4,4:0,32\n' >"$T/mib.config"
bad_input "a cross-key check names a value's file and line" \
    "the MIB policies hold at most 128 L2 MSHR entries (dram.policy=mshr-m from --set, l2.mshr=256 from $T/mib.config:2)" \
    "$M" sim --config "$T/mib.config" --set dram.policy=mshr-m
bad_input "a cross-key check names a preset" \
    "the L1 is larger than 16 MB (l1.sets=65536 from --set, l1.ways=6 from preset base-l, l1.line=128 from the defaults)" \
    "$M" sim --config base-l --set l1.sets=65536
bad_input "the MIB's merge limit" "the MIB policies merge at most 16 requests per L2 MSHR entry (dram.policy=mshr-s from --set, l2.merge=32 from --set)" \
    "$M" sim --set l2.merge=32 --set dram.policy=mshr-s
bad_input "the Fermi hash is defined for 32 or 64 sets" \
    "l1.index=fermi is defined for l1.sets of 32 or 64 sets (l1.index=fermi from --set, l1.sets=16 from --set)" \
    "$M" sim --set l1.index=fermi --set l1.sets=16
bad_input "the MIB policies need a line L2" \
    "the MIB policies track the thesis' whole-line L2 MSHR entries: l2.sectored=0 (dram.policy=mshr-s from --set, l2.sectored=1 from --set)" \
    "$M" sim --set dram.policy=mshr-s --set l2.sectored=1
printf -- '-gpgpu_cache:dl1 N:32:128:4,L:L:m:N:C,A:32:8,8\n' >"$T/custom.config"
bad_input "GPGPU-Sim's unimplemented custom index C is refused" "custom.config:1: expected [N|S:]" "$M" sim --config "$T/custom.config"
"$M" sim --config tests/configs/gtx480-gpgpusim.config --list-keys 2>/dev/null >"$T/k480"
v=$(awk '$1 == "l1.index" {print $2}' "$T/k480")
[ "$v" = fermi ] && ok "GPGPU-Sim's GTX480 file: its L1D's H is the Fermi hash" || bad "GTX480 file's L1D index" "got '$v'"
"$M" sim --config tests/configs/sm2-gtx480.config --list-keys 2>/dev/null >"$T/ksm2"
v=$(awk '$1 == "l2.sectored" || $1 == "l2.write_alloc" || $1 == "l1.miss_latency" || $1 == "l1.flush" || $1 == "l2.memcpy_fill" || $1 == "sm.coalesce" {printf "%s=%s ", $1, $2}' "$T/ksm2")
[ "$v" = "sm.coalesce=fermi l1.miss_latency=1 l1.flush=1 l2.memcpy_fill=1 l2.sectored=1 l2.write_alloc=lazy " ] &&
    ok "Accel-Sim's SM2_GTX480 file: its semantics ($v)" || bad "SM2_GTX480 semantics" "got '$v'"

# ---- the option table -------------------------------------------------------
dups=$(awk '{print $1}' "$T/opts.txt" | sort | uniq -d | tr '\n' ' ')
[ -s "$T/opts.txt" ] && [ -z "$dups" ] && ok "--list-gpgpusim-options: one row per option" || bad "--list-gpgpusim-options" "duplicates: '$dups'"
missing=$(for c in tests/configs/*.config; do awk '/^-/ {print $1}' "$c"; done | sort -u |
    while read -r o; do awk -v o="$o" '$1 == o {f = 1} END {exit !f}' "$T/opts.txt" || printf '%s ' "$o"; done)
[ -z "$missing" ] && ok "every option of tests/configs is in the table" || bad "options missing from the table" "$missing"
if diff <(awk '/^`--config FILE` reads a GPGPU-Sim/ {f = 1} f && /^```$/ {n++; next} f && n == 1' docs/sim.md) \
    "$T/opts.txt" >"$T/opts.diff"; then
    ok "docs/sim.md: the option table is the program's (memsched sim --list-gpgpusim-options)"
else
    bad "docs/sim.md: the option table differs from memsched sim --list-gpgpusim-options" "$(head -3 "$T/opts.diff" | tr '\n' ' ')"
fi
"$M" sim --help | grep -q -- '--strict' && ok "sim --help documents --strict" || bad "sim --help" "no --strict"

exit $status
