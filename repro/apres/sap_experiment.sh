#!/usr/bin/env bash
# sap_experiment.sh - what SAP's lost misses and its inter-warp strides do
# to APRES: an experiment beside the reproduction, not the product
# (docs/reproduction.md, "APRES: the result").
#
# It builds the C-only simulator (build/memsched-c) in a temporary worktree
# of REV (default HEAD) with sap_experiment.patch applied. The patch adds,
# each behind an environment variable, so that without them the binary is
# the product (checked below on one benchmark):
#   SAP_X_Q=N    a FIFO of N grouped misses in front of SAP's engine (the C
#                model only): a miss that finds the engine busy waits instead
#                of being lost; the queued check reads the PT entry's warp and
#                address as they were at the miss, its stride when it starts
#   SAP_X_DIV=1  a one-cycle divider (DivSteps = AddrW; it would not meet
#                2.9 ns: an upper bound)
#   SAP_X_ACC=1  each SAP prefetch's prediction checked when its target warp
#                next executes the load (its first line the prefetched line,
#                or not), split by whether the target warp is in the missing
#                warp's thread block; printed to stderr (SAPX_ACC ...)
# then runs the APRES benchmarks (repro/apres/run.sh's Table IV) at SIZE
# under the baseline, APRES as built (with SAP_X_ACC), APRES with the queue,
# with the fast divider, and with both, and writes OUT/report.md.
#
# Environment: OUT (default out/repro/apres-sap), JOBS (default the cores),
# SIZE (default, or half), KERNELS (a subset), REV (default HEAD), M (the
# product's binary for the identity check, default build/memsched).
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-out/repro/apres-sap}
JOBS=${JOBS:-$(nproc)}
SIZE=${SIZE:-default}
REV=${REV:-HEAD}
M=${M:-build/memsched}
[ -x "$M" ] || { echo "sap_experiment: $M not built (make build)" >&2; exit 2; }
case $SIZE in default | half) ;; *) echo "sap_experiment: SIZE=$SIZE: expected default or half" >&2; exit 2 ;; esac

# the benchmarks: Table IV as repro/apres/run.sh lists it (abbreviation, class, workload)
TABLE=$(sed -n '/^TABLE="/,/^"$/p' repro/apres/run.sh | sed '1d;$d')
W=$(awk '$3 != "-" { print $3 }' <<<"$TABLE")
[ -z "${KERNELS:-}" ] || W=$(for w in $W; do [[ " $KERNELS " == *" $w "* ]] && echo "$w"; done)
[ -n "$W" ] || { echo "sap_experiment: no benchmark left (KERNELS=$KERNELS)" >&2; exit 2; }

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
X=$OUT/memsched-x
if [ ! -x "$X" ]; then
    wt=$(mktemp -d "${TMPDIR:-/tmp}/sapx.XXXXXX")
    trap 'git worktree remove --force "$wt" >/dev/null 2>&1; rm -rf "$wt"' EXIT
    echo "sap_experiment: building $REV with repro/apres/sap_experiment.patch in $wt ..." >&2
    git worktree add --detach "$wt" "$REV" >/dev/null 2>&1 &&
        git -C "$wt" apply "$PWD/repro/apres/sap_experiment.patch" &&
        make -C "$wt" -j"$JOBS" build/memsched-c >"$OUT/build.log" 2>&1 &&
        cp "$wt/build/memsched-c" "$X" ||
        { echo "sap_experiment: the build failed ($OUT/build.log)" >&2; exit 1; }
fi

# run VARIANT WORKLOAD: one run (kept when its JSON exists)
run() {
    local v=$1 w=$2 d=$OUT/$SIZE/$1 set=(--set l1.classify=1 --set sm.scheduler=laws --set l1.prefetch=sap)
    [ -s "$d/$w.json" ] && return 0
    mkdir -p "$d"
    local env=(SAP_X_ACC=1)
    case $v in
    base) set=(--set l1.classify=1 --set sm.scheduler=lrr --set l1.prefetch=none) ;;
    q32) env+=(SAP_X_Q=32) ;;
    div) env+=(SAP_X_DIV=1) ;;
    q32div) env+=(SAP_X_Q=32 SAP_X_DIV=1) ;;
    esac
    env "${env[@]}" "$X" sim --config apres --workload "$w" $([ "$SIZE" = default ] || echo --size "$SIZE") "${set[@]}" \
        --check-dram --quiet --json "$d/$w.json.tmp" >"$d/$w.log" 2>&1 && mv "$d/$w.json.tmp" "$d/$w.json" ||
        { echo "sap_experiment: $v $w failed ($d/$w.log)" >&2; return 1; }
}
export -f run
export OUT SIZE X

# the patch changes nothing without its switches: the first benchmark under APRES, product vs patched
first=${W%%$'\n'*}
"$M" sim --config apres --workload "$first" $([ "$SIZE" = default ] || echo --size "$SIZE") --set l1.classify=1 \
    --set sm.scheduler=laws --set l1.prefetch=sap --check-dram --quiet --json "$OUT/identity-product.json" >/dev/null 2>&1 &&
    "$X" sim --config apres --workload "$first" $([ "$SIZE" = default ] || echo --size "$SIZE") --set l1.classify=1 \
        --set sm.scheduler=laws --set l1.prefetch=sap --check-dram --quiet --json "$OUT/identity-patched.json" >/dev/null 2>&1 ||
    { echo "sap_experiment: the identity runs failed" >&2; exit 1; }
strip='del(.command_line, .version, .configuration)'
if [ "$(jq -S "$strip" "$OUT/identity-product.json")" = "$(jq -S "$strip" "$OUT/identity-patched.json")" ]; then
    identity="yes"
else
    identity="NO"
    echo "sap_experiment: the patched binary without its switches differs from $M on $first" >&2
fi

n=$(wc -w <<<"$W")
echo "sap_experiment: $((5 * n)) runs at $SIZE sizes, $JOBS at a time ..." >&2
for v in base apres q32 div q32div; do for w in $W; do echo "$v $w"; done; done |
    xargs -P "$JOBS" -L 1 bash -c 'run "$0" "$1"' || exit 1

# the report: per benchmark, from the runs' JSON and the accuracy lines of their logs
for w in $W; do
    for v in base apres q32 div q32div; do
        f=$OUT/$SIZE/$v/$w.json
        acc=$(grep -h '^SAPX_ACC' "$OUT/$SIZE/$v/$w.log" 2>/dev/null | tail -1)
        jq -c --arg w "$w" --arg v "$v" --arg acc "$acc" '{w: $w, v: $v,
            cycles: ([.gpu.kernels[].gpu_sim_cycle] | add), lost: (.sm.sap_lost // 0),
            checks: ((.sm.sap_checks_new // 0) + (.sm.sap_checks_match // 0) + (.sm.sap_checks_zero // 0) + (.sm.sap_checks_same // 0)),
            issued: (.l1d.L1D_prefetch_issued // 0), useful: ((.l1d.L1D_prefetch_useful // 0) + (.l1d.L1D_prefetch_late // 0)),
            acc: ($acc | if . == "" then null else [splits(" +")] | .[1:] | [_nwise(2) | {(.[0]): (.[1] | tonumber)}] | add end)}' "$f"
    done
done | jq -s -r --arg size "$SIZE" --arg identity "$identity" --arg first "$first" '
    def r(x): (x * 1000 | round) / 1000;
    def pct(a; b): if b > 0 then "\((100 * a / b) | round) %" else "-" end;
    def gm(xs): if (xs | length) > 0 then (xs | map(log) | add / length | exp) else null end;
    (group_by(.w) | map({key: .[0].w, value: (map({key: .v, value: .}) | from_entries)}) | from_entries) as $r |
    ($r | keys_unsorted) as $ws |
    "# SAP: lost misses, a faster engine, and where its strides hold (\($size) sizes)",
    "",
    "An experiment beside the APRES reproduction (repro/apres/sap_experiment.sh; docs/reproduction.md,",
    "\"APRES: the result\"), not the product. APRES as built loses a grouped miss that finds SAP busy; *+queue*",
    "holds up to 32 of them in a FIFO instead (the C model only), *+fast div* divides in one cycle, *both* does",
    "both. The speedups are over APRES as built; *lost %*: of the grouped misses SAP saw; *useful %*: useful",
    "or late prefetches of those the L1D took. The patched binary without its switches gives the product'"'"'s",
    "statistics on \($first): \($identity).",
    "",
    "| benchmark | APRES / base | lost % | useful % | +queue | lost % | useful % | +fast div | lost % | both | lost % | useful % |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ($ws[] as $w | $r[$w] as $x |
        "| \($w) | \(r($x.base.cycles / $x.apres.cycles)) | \(pct($x.apres.lost; $x.apres.lost + $x.apres.checks)) | \(pct($x.apres.useful; $x.apres.issued))"
        + " | \(r($x.apres.cycles / $x.q32.cycles)) | \(pct($x.q32.lost; $x.q32.lost + $x.q32.checks)) | \(pct($x.q32.useful; $x.q32.issued))"
        + " | \(r($x.apres.cycles / $x.div.cycles)) | \(pct($x.div.lost; $x.div.lost + $x.div.checks))"
        + " | \(r($x.apres.cycles / $x.q32div.cycles)) | \(pct($x.q32div.lost; $x.q32div.lost + $x.q32div.checks)) | \(pct($x.q32div.useful; $x.q32div.issued)) |"),
    "| **geomean** | \(r(gm([$ws[] as $w | $r[$w].base.cycles / $r[$w].apres.cycles]))) | | | \(r(gm([$ws[] as $w | $r[$w].apres.cycles / $r[$w].q32.cycles]))) | | | \(r(gm([$ws[] as $w | $r[$w].apres.cycles / $r[$w].div.cycles]))) | | \(r(gm([$ws[] as $w | $r[$w].apres.cycles / $r[$w].q32div.cycles]))) | | |",
    "",
    "## Where SAP'"'"'s inter-warp strides hold (APRES as built)",
    "",
    "A SAP prefetch predicts the target warp'"'"'s address as the missing warp'"'"'s plus (target - missing) x the stride;",
    "the prediction is checked when the target next executes the load (its first line the prefetched one: right).",
    "Targets are split by whether they are in the missing warp'"'"'s thread block. Prefetches whose target never",
    "executed the load again are not checked.",
    "",
    "| benchmark | prefetches, same block | other block | checked same: right | checked other: right |",
    "|---|---|---|---|---|",
    ($ws[] as $w | $r[$w].apres.acc as $a | select($a) |
        "| \($w) | \($a.pf_same) | \($a.pf_other) | \(pct($a.same_ok; $a.same_ok + $a.same_bad)) of \($a.same_ok + $a.same_bad) | \(pct($a.other_ok; $a.other_ok + $a.other_bad)) of \($a.other_ok + $a.other_bad) |"),
    ([$ws[] as $w | $r[$w].apres.acc | select(.)] as $all |
        "| **all** | \($all | map(.pf_same) | add) | \($all | map(.pf_other) | add) | \(pct($all | map(.same_ok) | add; $all | map(.same_ok + .same_bad) | add)) | \(pct($all | map(.other_ok) | add; $all | map(.other_ok + .other_bad) | add)) |")
    ' >"$OUT/report-$SIZE.md" || exit 1
echo "sap_experiment: $OUT/report-$SIZE.md" >&2
cat "$OUT/report-$SIZE.md"
