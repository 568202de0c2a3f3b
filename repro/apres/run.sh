#!/usr/bin/env bash
# run.sh - the APRES paper (Oh et al., "APRES: Improving Cache Efficiency by
# Exploiting Load Characteristics on GPUs", ISCA 2016) reproduced: its
# benchmarks (Table IV) on its configuration (Table III: the `apres` preset)
# under the baseline (LRR, no prefetching), CCWS, LAWS, their combinations
# with STR, APRES (LAWS+SAP) and Figure 3's other combinations, every run with
# the DRAM checker and the L1D's read classes (Figure 11); Table I's load
# characterisation on the baseline; the model's own noise; both blocks' RTL in
# the loop on one benchmark; then the claim table (claims.jq) and the report
# (report.sh). `make repro-apres`; part of `make repro`. docs/reproduction.md
# explains the method.
#
# Environment: M (memsched), OUT (default out/repro/apres), JOBS (default the
# cores), SIZES (default "default half": the first size is the reproduction,
# the second its robustness), KERNELS (a subset, for a test), REUSE=1 (run
# nothing, tabulate what OUT holds), RESUME=1 (keep the runs this build already
# made: compare --resume), RTL_apres_laws and RTL_apres_sap (the blocks' RTL
# files, from their manifests: the Makefile passes them; without them, or with
# AREA=0, Table II is not set against synthesis), LIBERTY (as `make area`).
set -u
cd "$(dirname "$0")/../.."
. repro/lib.sh
M=${M:-build/memsched}
OUT=${OUT:-out/repro/apres}
JOBS=${JOBS:-$(nproc)}
SIZES=${SIZES:-default half}

# Table IV, chosen before any run: abbreviation, class (CS cache-sensitive, CI cache-insensitive:
# the memory-intensive ones; CO compute-intensive), our workload ("-": not built yet).
TABLE="
BFS    CS bfs
MUM    CS mummer
NW     CS nw
SPMV   CS spmv
KM     CS kmeans
LUD    CI lud
SRAD   CI srad
PA     CI particlefilter
HISTO  CI histo
BP     CI backprop
PF     CO pathfinder
CS     CO convsep
ST     CO pbl-stencil
HS     CO hotspot
SP     CO scalarprod
"
"$M" sim --list-workloads >"${TMPDIR:-/tmp}/apres-workloads.$$" || exit 1
trap 'rm -f "${TMPDIR:-/tmp}/apres-workloads.$$"' EXIT
built() { grep -q "^$1 " "${TMPDIR:-/tmp}/apres-workloads.$$"; }
# set_of CLASS: the built workloads of a class, in the table's order (a subset with KERNELS)
set_of() {
    local out= abbr cls w
    while read -r abbr cls w _; do
        [ "$cls" = "$1" ] && [ "$w" != - ] && built "$w" || continue
        [ -z "${KERNELS:-}" ] || [[ " $KERNELS " == *" $w "* ]] || continue
        out="$out $w"
    done <<<"$TABLE"
    echo "${out# }"
}
CS=$(set_of CS) CI=$(set_of CI) CO=$(set_of CO)
ALL="$CS $CI $CO"

# The configurations: the preset and the keys each technique sets. Every run classifies the
# L1D's reads (Figure 11); the baseline also characterises the loads (Table I). PA (Jog et al.'s
# prefetch-aware scheduler) and MASCAR are not built (their papers could not be read: docs/apres.md): their Figure 3 and 4 bars are missing.
P=apres:l1.classify=1
cfg() { printf '%s=%s:sm.scheduler=%s:l1.prefetch=%s' "$1" "$P" "$2" "$3"; }
CFG="base=$P:sm.scheduler=lrr:l1.prefetch=none:l1.load_stats=1,$(cfg ccws ccws none),$(cfg laws laws none)"
CFG="$CFG,$(cfg ccws-str ccws str),$(cfg laws-str laws str),$(cfg apres laws sap)"
CFG_F3="$(cfg gto gto none),$(cfg gto-str gto str),$(cfg gto-sld gto sld),$(cfg ccws-sld ccws sld)"
# what the runs show (why.jq): how much the benchmarks gain from a larger L1D (8x its sets: 256 KB at
# Table III's 8 ways), the measure of the cache sensitivity that the schedulers work on
CFG_W="base-l1x8=$P:sm.scheduler=lrr:l1.prefetch=none:l1.sets=256"
# the model's own sensitivity: the thread blocks dealt from SM 7 instead of SM 0
CFG_N="base=$P:sm.scheduler=lrr:gpu.first_sm=7,apres=$P:sm.scheduler=laws:l1.prefetch=sap:gpu.first_sm=7"
# both blocks' RTL in lockstep in every SM (apres_laws, apres_sap), on the first CI program
RTL_W=${RTL_W:-srad}
[[ " $ALL " == *" $RTL_W "* ]] || RTL_W=${ALL%% *}

status=0
mkdir -p "$OUT"
printf '%s\n' "$TABLE" | sed '/^$/d' >"$OUT/table.txt"
for g in M:"$CFG" F3:"$CFG_F3" W:"$CFG_W" N:"$CFG_N"; do tr ',' '\n' <<<"${g#*:}" | sed "s/^/${g%%:*} /"; done >"$OUT/configs.txt"

# rtl SIZE: RTL_W under APRES with both blocks' RTL in the loop, compared with the C run (group M)
rtl() {
    local size=$1 d=$OUT/$1/rtl rc t0=$SECONDS
    [ -n "$RTL_W" ] || return 0
    printf 'repro apres: %-8s rtl       1 run  ... ' "$size" >&2
    mkdir -p "$d"
    # resumed: a finished run by the binary that made (or kept) group M's run of it
    if [ "${REUSE:-0}" = 1 ] || { [ "${RESUME:-0}" = 1 ] && [ -s "$d/apres.json" ] && [ -f "$d/apres.rc" ] &&
        [ "$(jq -r .version "$d/apres.json" 2>/dev/null)" = "$(jq -r .version "$OUT/$size/M/runs/$RTL_W@apres.json" 2>/dev/null)" ]; }; then
        rc=$(cat "$d/apres.rc" 2>/dev/null || echo missing)
    else
        "$M" sim --config apres --set l1.classify=1 --set sm.scheduler=laws --set l1.prefetch=sap --workload "$RTL_W" \
            $([ "$size" = default ] || echo --size "$size") --rtl apres_laws,apres_sap --check-dram --quiet \
            --out-dir "$d" --json "$d/apres.json" >"$d/apres.log" 2>&1
        rc=$?
        echo "$rc" >"$d/apres.rc"
    fi
    [ "$rc" = 0 ] || { echo "FAILED ($d/apres.log)" >&2; tail -5 "$d/apres.log" | sed 's/^/    /' >&2; status=1; }
    jq -n -c --arg w "$RTL_W" --arg rc "$rc" 'def strip: del(.command_line, .version, .configuration);
        (input | strip) as $a | (input | strip) as $b |
        {workload: $w, exit: $rc, same_stats: ($a == $b), cycles: $a.gpu.gpu_tot_sim_cycle}' \
        "$d/apres.json" "$OUT/$size/M/runs/$RTL_W@apres.json" >"$OUT/$size/rtl.json" 2>/dev/null ||
        echo "{\"workload\": \"$RTL_W\", \"exit\": \"$rc\", \"same_stats\": false}" >"$OUT/$size/rtl.json"
    echo "$((SECONDS - t0)) s" >&2
}

# area: Table II against synthesis. Both blocks at the parameters the system runs them with
# (`sim --rtl-psets`), through `make area`'s script, into OUT/area; their results in OUT/area.json.
area() {
    local d=$OUT/area sets t0=$SECONDS
    if [ "${AREA:-1}" != 1 ] || [ -z "${RTL_apres_laws:-}" ] || [ -z "${RTL_apres_sap:-}" ]; then
        [ "${REUSE:-0}" = 1 ] && [ -s "$OUT/area.json" ] && return 0
        echo '{"not_run": "AREA=0, or RTL_apres_laws and RTL_apres_sap not given (make repro-apres gives them)"}' >"$OUT/area.json"
        return 0
    fi
    sets=$("$M" sim --rtl-psets | awk -F' := ' '$1 ~ /^PSETS_SIM_apres_(laws|sap)$/ { sub(/^PSETS_SIM_/, "", $1); print $1 ":" $2 }')
    printf 'repro apres: area     %s ... ' "$(echo $sets)" >&2
    if [ "${REUSE:-0}" = 1 ] || { [ "${RESUME:-0}" = 1 ] && [ "$(ls "$d"/apres_*/result.txt 2>/dev/null | wc -l)" = 2 ]; }; then
        echo "kept" >&2
    elif constraints/area_table.sh --out "$d" ${LIBERTY:+--liberty "$LIBERTY"} --rtl "apres_laws=$RTL_apres_laws" \
            --rtl "apres_sap=$RTL_apres_sap" $sets >"$d.log" 2>&1; then
        echo "$((SECONDS - t0)) s" >&2
    else
        echo "FAILED ($d.log)" >&2; tail -5 "$d.log" | sed 's/^/    /' >&2; status=1
    fi
    for f in "$d"/apres_*/result.txt; do
        [ -f "$f" ] || continue
        jq -R -n '[inputs | capture("^(?<k>[a-z_0-9]+)=(?<v>.*)$") | {(.k): .v}] | add
            | {block, params, cells: (.cells | tonumber), area_um2: (.area_um2 | tonumber), flops: (.flops | tonumber),
               storage_bits: (.storage_bits | tonumber), period_ns: (.period_ns | tonumber), crit_ns: (.crit_ns | tonumber),
               slack_ns: (.slack_ns | tonumber), library}' "$f"
    done | jq -s 'map({(.block): .}) | add // {"not_run": "the synthesis failed (OUT/area.log)"}' >"$OUT/area.json"
}

# the statistics the claims use, of one run
STATS='{size: .size, ipc: .gpu.gpu_tot_ipc, cycles: .gpu.gpu_tot_sim_cycle,
        acc: .l1d.L1D_total_cache_accesses, miss: .l1d.L1D_total_cache_misses,
        hah: .l1d.L1D_read_hit_after_hit, ham: .l1d.L1D_read_hit_after_miss,
        cold: .l1d.L1D_read_miss_cold, cc: .l1d.L1D_read_miss_capacity_conflict,
        pending: .l1d.L1D_total_cache_pending_hits,
        pf_issued: (.l1d.L1D_prefetch_issued // 0), pf_useful: (.l1d.L1D_prefetch_useful // 0),
        pf_late: (.l1d.L1D_prefetch_late // 0), pf_early: (.l1d.L1D_prefetch_early_evicted_demanded // 0),
        pf_evicted: (.l1d.L1D_prefetch_early_evicted // 0),
        laws_loads: (.sm.laws_loads // 0), laws_no_group: (.sm.laws_no_group // 0),
        lat: .memory_latency.averagemflatency, bytes: .icnt.bytes_mem_to_simt,
        sap_checks: ((.sm.sap_checks_new // 0) + (.sm.sap_checks_match // 0) + (.sm.sap_checks_zero // 0) + (.sm.sap_checks_same // 0)),
        sap_match: (.sm.sap_checks_match // 0), sap_lost: (.sm.sap_lost // 0), sap_pf: (.sm.sap_prefetches // 0),
        sap_qfull: (.sm.sap_queue_full // 0),
        loads: (if .loads then (.loads | group_by(.kernel) | max_by(map(.requests) | add) | .[:3]) else null end),
        dram_checked: .dram.commands_checked}'

# gather SIZE: the claims' input: the sets, the runs, the noise (the median over the programs of
# |ln| of the change of APRES' speedup over the baseline when the blocks are dealt from SM 7)
gather() {
    local size=$1
    for g in M F3 W; do [ -d "$OUT/$size/$g" ] && repro_runs "$OUT/$size/$g" "$STATS"; done >"$OUT/$size/runs.jsonl"
    repro_runs "$OUT/$size/N" "$STATS" >"$OUT/$size/noise.jsonl"
    [ -f "$OUT/$size/rtl.json" ] || echo null >"$OUT/$size/rtl.json"
    jq -s --arg cs "$CS" --arg ci "$CI" --arg co "$CO" --arg table "$TABLE" \
        --slurpfile nz "$OUT/$size/noise.jsonl" --slurpfile rtl "$OUT/$size/rtl.json" '
        def w($s): $s | split(" ") | map(select(. != ""));
        def by: reduce .[] as $r ({}; .[$r.label][$r.workload] = $r.s);
        (by) as $runs | ($nz | by) as $near |
        ([ $near.apres // {} | keys[] as $k
          | select($runs.base[$k].ipc and $runs.apres[$k].ipc and $near.apres[$k].ipc and $near.base[$k].ipc)
          | (($near.apres[$k].ipc / $near.base[$k].ipc) / ($runs.apres[$k].ipc / $runs.base[$k].ipc)) | log | fabs ] | sort) as $d |
        {noise: (if ($d | length) > 0 then $d[($d | length) / 2 | floor] else null end),
         noise_programs: ($d | length),
         sets: {cs: w($cs), ci: w($ci), co: w($co), mem: (w($cs) + w($ci)), all: (w($cs) + w($ci) + w($co))},
         table: [ [$table | splits("\\s+")] | map(select(. != "")) | _nwise(3) | {abbr: .[0], class: .[1], workload: .[2]} ],
         runs: $runs, rtl: $rtl[0],
         unchecked: [ .[] | select((.s.dram_checked // 0) == 0) | "\(.workload)@\(.label)" ]}' \
        "$OUT/$size/runs.jsonl" >"$OUT/$size/input.json"
}

for size in $SIZES; do
    repro_group apres "$size" "$OUT/$size" M "$ALL" "$CFG" || status=1
    repro_group apres "$size" "$OUT/$size" F3 "$ALL" "$CFG_F3" || status=1
    repro_group apres "$size" "$OUT/$size" W "$ALL" "$CFG_W" || status=1
    repro_group apres "$size" "$OUT/$size" N "$ALL" "$CFG_N" || status=1
    rtl "$size"
    gather "$size" && jq -L repro/mrpb -L repro/mib -f repro/apres/claims.jq "$OUT/$size/input.json" >"$OUT/$size/claims.json" || status=1
done
area
[ $status -eq 0 ] || exit 1
OUT=$OUT SIZES=$SIZES repro/apres/report.sh || exit 1
read -r first _ <<<"$SIZES"
echo "The APRES paper at $first sizes$([ "$first" = default ] || [ "$first" = half ] || echo ": a check of the pipeline, NOT the reproduction (make repro-apres)") ($OUT/report.md)"
jq -r '(["claim", "paper", "ours", "class"] | @tsv), (.[] | [.claim, .paper, .text, .class] | @tsv)' "$OUT/$first/claims.json" |
    awk -F'\t' '{printf "%-80.80s %-18.18s %-10s %s\n", $1, $2, $3, $4}'
