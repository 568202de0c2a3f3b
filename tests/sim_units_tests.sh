#!/usr/bin/env bash
# sim_units_tests.sh - policies shown to change a decision, on tiny traces
# whose outcome is worked out by hand (one SM, one warp scheduler): the warp
# limit sm.swl limits issuing; LRR, GTO and two-level each order the warps
# as they claim to. Cycle counts come from the JSON (gpu.gpu_tot_sim_cycle);
# latencies from the configuration (memsched sim --list-keys). One PASS/FAIL
# line per check.
# Usage: tests/sim_units_tests.sh [MEMSCHED]
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/sim_units
rm -rf "$T"
mkdir -p "$T"

# cycles (simlib.sh) runs instructions executing as they issue (sm.pipeline=issue:
# the arithmetic below is by hand; tests/sim_pipe_tests.sh checks GPGPU-Sim's pipeline)
CYCLES_SET=(--set sm.pipeline=issue)
num() { [[ $1 =~ ^[0-9]+$ ]]; }

LAT=$(key sm.lat_int) SFU=$(key sm.lat_sfu) IISFU=$(key sm.ii_sfu)

# ---- sm.swl ------------------------------------------------------------------
# W warps, each a chain of L dependent IADDs (one every sm.lat_int cycles:
# a chain spans (L - 1) x lat cycles from its first issue to its last).
# Unlimited, the warps interleave: about (L - 1) x lat + W cycles in all.
# With sm.swl=1 only the oldest live warp issues, so the chains run one
# after another: at least W x (L - 1) x lat; with sm.swl=2, two at a time:
# at least W/2 x (L - 1) x lat, and fewer than with 1. sm.swl >= W changes
# nothing.
W=4 L=10
SPAN=$(((L - 1) * LAT))
{
    printf '#BEGIN_TB\nthread block = 0,0,0\n'
    for w in $(seq 0 $((W - 1))); do
        printf 'warp = %d\ninsts = %d\n' "$w" $((L + 1))
        for i in $(seq $L); do printf '0010 ffffffff 1 R2 IADD 1 R2 0\n'; done
        printf '0020 ffffffff 0 EXIT 0 0\n'
    done
    printf '#END_TB\n'
} | mktrace "$T/chains" 1 $((32 * W))
c0=$(cycles "$T/chains" --set sm.scheduler=lrr)
c1=$(cycles "$T/chains" --set sm.scheduler=lrr --set sm.swl=1)
c2=$(cycles "$T/chains" --set sm.scheduler=lrr --set sm.swl=2)
c4=$(cycles "$T/chains" --set sm.scheduler=lrr --set sm.swl=$W)
if num "$c0" && num "$c1" && num "$c2" && num "$c4"; then
    [ "$c0" -lt $((SPAN + 2 * W + 10)) ] && ok "sm.swl=0: $W chains of $L IADDs interleave ($c0 cycles < $SPAN + $((2 * W + 10)))" ||
        bad "sm.swl=0: the chains do not interleave" "$c0 cycles"
    [ "$c1" -ge $((W * SPAN)) ] && ok "sm.swl=1: one warp at a time ($c1 cycles >= $W x $SPAN)" ||
        bad "sm.swl=1 does not limit issuing" "$c1 cycles < $((W * SPAN))"
    [ "$c2" -ge $((W / 2 * SPAN)) ] && [ "$c2" -lt "$c1" ] &&
        ok "sm.swl=2: two warps at a time ($c2 cycles >= $((W / 2)) x $SPAN, < sm.swl=1's $c1)" ||
        bad "sm.swl=2" "$c2 cycles, sm.swl=1 $c1"
    [ "$c4" = "$c0" ] && ok "sm.swl=$W (all the warps) is no limit ($c4 cycles)" || bad "sm.swl=$W" "$c4 cycles, unlimited $c0"
else
    bad "sm.swl runs" "$c0 / $c1 / $c2 / $c4"
fi

# ---- LRR and GTO ----------------------------------------------------------------
# Two warps, each: N independent IADDs, an SFU op (MUFU, result after
# sm.lat_sfu; the SFU takes one every sm.ii_sfu cycles), an IADD using it,
# EXIT. GTO runs warp 0's IADDs, its MUFU (cycle N), then warp 1's IADDs and
# its MUFU at 2N + 1 (>= N + ii: the SFU is free again); LRR interleaves the
# IADDs, so the two MUFUs are due together at 2N and 2N + 1 and the second
# waits for the SFU until 2N + ii. Both end with warp 1's use and EXIT, so
# LRR takes ii - 1 cycles more than GTO.
N=8
{
    printf '#BEGIN_TB\nthread block = 0,0,0\n'
    for w in 0 1; do
        printf 'warp = %d\ninsts = %d\n' "$w" $((N + 3))
        for i in $(seq $N); do printf '0010 ffffffff 1 R%d IADD 1 R1 0\n' $((i + 1)); done
        printf '0050 ffffffff 1 R20 MUFU.RCP 1 R1 0\n0058 ffffffff 1 R21 IADD 1 R20 0\n0060 ffffffff 0 EXIT 0 0\n'
    done
    printf '#END_TB\n'
} | mktrace "$T/sfu" 1 64
[ "$N" -ge $((IISFU - 1)) ] || bad "the GTO/LRR trace needs N >= sm.ii_sfu - 1" "N=$N, ii=$IISFU"
g=$(cycles "$T/sfu" --set sm.scheduler=gto)
r=$(cycles "$T/sfu" --set sm.scheduler=lrr)
if num "$g" && num "$r"; then
    [ $((r - g)) = $((IISFU - 1)) ] &&
        ok "GTO runs one warp ahead, LRR interleaves: LRR $r - GTO $g = sm.ii_sfu - 1 = $((IISFU - 1)) cycles" ||
        bad "GTO vs LRR" "LRR $r, GTO $g cycles: difference $((r - g)), expected $((IISFU - 1))"
else
    bad "GTO/LRR runs" "$g / $r"
fi

# ---- two-level ------------------------------------------------------------------
# The chains above with one active warp: only the first warp of the list
# issues, so they run one after another as with sm.swl=1; with all W warps
# active it is round-robin among them: LRR's cycles exactly.
t1=$(cycles "$T/chains" --set sm.scheduler=two-level --set sm.two_level_active=1)
tw=$(cycles "$T/chains" --set sm.scheduler=two-level --set sm.two_level_active=$W)
if num "$t1" && num "$tw"; then
    [ "$t1" -ge $((W * SPAN)) ] && ok "two-level, one active warp: the chains run one at a time ($t1 cycles >= $((W * SPAN)))" ||
        bad "two-level with one active warp" "$t1 cycles < $((W * SPAN))"
    [ "$tw" = "$c0" ] && ok "two-level, $W active warps: round-robin as LRR ($tw cycles)" || bad "two-level, $W active" "$tw cycles, LRR $c0"
else
    bad "two-level runs" "$t1 / $tw"
fi
# Warp 0 loads (an L1 miss to DRAM, hundreds of cycles) then uses the value;
# warp 1 is a chain of L IADDs. One active warp: warp 0's load sends it to
# the back of the list, so warp 1's chain runs under the miss. LRR with
# sm.swl=1 keeps warp 0 (the oldest) until it exits, so the chain runs
# after the miss: at least its span, (L - 1) x lat cycles, more.
{
    printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n'
    printf '0000 00000001 1 R2 LDG.E 1 R0 4 0 0x7f0000001000\n0008 00000001 1 R3 IADD 1 R2 0\n0010 ffffffff 0 EXIT 0 0\n'
    printf 'warp = 1\ninsts = %d\n' $((L + 1))
    for i in $(seq $L); do printf '0010 ffffffff 1 R2 IADD 1 R2 0\n'; done
    printf '0020 ffffffff 0 EXIT 0 0\n#END_TB\n'
} | mktrace "$T/loadchain" 1 64
tl=$(cycles "$T/loadchain" --set sm.scheduler=two-level --set sm.two_level_active=1)
sw=$(cycles "$T/loadchain" --set sm.scheduler=lrr --set sm.swl=1)
if num "$tl" && num "$sw"; then
    [ $((sw - tl)) -ge "$SPAN" ] &&
        ok "two-level: a load leaves the active set, the next warp runs under the miss ($tl cycles; $sw with the oldest kept, >= $SPAN more)" ||
        bad "two-level: the load did not let the next warp in" "$tl cycles, $sw with the oldest kept"
else
    bad "two-level load runs" "$tl / $sw"
fi

# ---- cache replacement ------------------------------------------------------------
# FIFO (l1.replace, l2.replace) changes which lines are evicted on a real
# kernel (srad: misses differ from LRU's), skipping idle units stays exact
# with it, and a gpgpusim.config with F in its cache strings selects it
# (the same run as --set).
J=$T/repl
run() { "$M" sim --workload srad --size quick --check-dram --quiet "$@" 2>"$J.err"; }
if run --json "$J-lru.json" && run --set l1.replace=fifo --set l2.replace=fifo --json "$J-fifo.json" &&
    run --set l1.replace=fifo --set l2.replace=fifo --set run.skip=0 --json "$J-fifo0.json"; then
    a=$(jq -c '[.l1d.L1D_total_cache_misses, .l2.L2_total_cache_misses]' "$J-lru.json")
    b=$(jq -c '[.l1d.L1D_total_cache_misses, .l2.L2_total_cache_misses]' "$J-fifo.json")
    [ "$a" != "$b" ] && ok "l1.replace=fifo l2.replace=fifo: srad's L1/L2 misses $b, LRU's $a" ||
        bad "FIFO replacement changes nothing on srad" "$a"
    cmp -s <(jq 'del(.configuration["run.skip"], .command_line)' "$J-fifo.json") <(jq 'del(.configuration["run.skip"], .command_line)' "$J-fifo0.json") &&
        ok "FIFO: run.skip=0 gives the same JSON" || bad "FIFO: run.skip=0 differs"
else
    bad "FIFO runs" "$(head -2 "$J.err")"
fi
sed 's/^\(-gpgpu_cache:dl[12] [0-9:]*\),L:/\1,F:/' tests/configs/gtx480-mib.config >"$T/fifo.config"
if [ "$(grep -c '^-gpgpu_cache:dl[12] [0-9:]*,F:' "$T/fifo.config")" = 2 ] &&
    run --config "$T/fifo.config" --json "$J-cfg.json" && run --set l1.replace=fifo --set l2.replace=fifo --json "$J-set.json"; then
    r=$(jq -r '.configuration | [.["l1.replace"], .["l2.replace"]] | join(" ")' "$J-cfg.json")
    [ "$r" = "fifo fifo" ] && cmp -s <(jq 'del(.config, .configuration, .command_line)' "$J-cfg.json") <(jq 'del(.config, .configuration, .command_line)' "$J-set.json") &&
        ok "gpgpusim.config F:... in -gpgpu_cache:dl1/dl2 selects FIFO (the statistics of --set l1.replace=fifo l2.replace=fifo)" ||
        bad "gpgpusim.config F" "replace: $r"
else
    bad "gpgpusim.config with F" "$(head -2 "$J.err")"
fi
# ---- L1D prefetcher ------------------------------------------------------------------
# next-line (l1.prefetch) on vectoradd, whose warps read consecutive lines:
# prefetches are issued, the demand misses fall, every request sent is
# answered (conservation) and the DRAM checker stays clean.
J=$T/pf
if "$M" sim --workload vectoradd --size quick --check-dram --quiet --json "$J-none.json" 2>"$J.err" &&
    "$M" sim --workload vectoradd --size quick --set l1.prefetch=next-line --check-dram --quiet --json "$J-nl.json" 2>>"$J.err"; then
    r=$(jq -s -r '(.[1].l1d.L1D_prefetch_issued > 0) and
                 (.[1].l1d.L1D_total_cache_misses < .[0].l1d.L1D_total_cache_misses) and
                 (.[1].l1d.L1D_requests_wanting_reply == .[1].l1d.L1D_replies_received) and
                 (.[0].l1d | has("L1D_prefetch_issued") | not)' "$J-none.json" "$J-nl.json")
    [ "$r" = true ] && ok "l1.prefetch=next-line: $(jq .l1d.L1D_prefetch_issued "$J-nl.json") prefetches, L1D misses $(jq .l1d.L1D_total_cache_misses "$J-none.json") -> $(jq .l1d.L1D_total_cache_misses "$J-nl.json"), every request answered" ||
        bad "l1.prefetch=next-line" "$(jq -c '.l1d' "$J-nl.json" | cut -c1-200)"
else
    bad "l1.prefetch runs" "$(head -2 "$J.err")"
fi
# What became of each prefetch (APRES' metrics), one warp, one SM. A load sequence: an address is a
# load of one lane (LDG), U uses the last load (FADD: waits for it).
pfprog() {
    printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = %d\n' $(($# + 1))
    local i=0 a
    for a in "$@"; do
        case $a in
            U) printf '%04x 00000001 1 R%d FADD 2 R2 R2 0\n' $((i * 8)) $((i + 10)) ;;
            *) printf '%04x 00000001 1 R2 LDG.E 1 R0 4 0 %s\n' $((i * 8)) "$a" ;;
        esac
        i=$((i + 1))
    done
    printf '%04x 00000001 0 EXIT 0 0\n#END_TB\n' $((i * 8))
}
pfrun() { # pfrun NAME PREFETCHER [KEY=VALUE...] -- LOADS...: the L1D's prefetch fates "issued useful late early early_demanded"
    local n=$1 p=$2 sets=()
    shift 2
    while [ "$1" != -- ]; do sets+=(--set "$1"); shift; done
    shift
    pfprog "$@" | mktrace "$T/$n" 1 32
    "$M" sim --workload "$T/$n" --set sm.count=1 --set l1.prefetch="$p" "${sets[@]}" --check-dram --quiet --json "$T/$n.json" &&
        jq -r '.l1d | [.L1D_prefetch_issued, .L1D_prefetch_useful, .L1D_prefetch_late, .L1D_prefetch_early_evicted,
                       .L1D_prefetch_early_evicted_demanded] | map(tostring) | join(" ")' "$T/$n.json"
}
# next-line: A misses and prefetches A+1; a miss far away gives the prefetch time to land; A+1 then hits it
expect "prefetch fates: a demand hits a prefetched line (useful)" \
    "$(pfrun pf-useful next-line -- 0x200000 U 0x900000 U 0x200080 U)" "2 1 0 0 0"
# A+1 is loaded right after A: it merges into the prefetch's fetch (late); its own miss prefetches A+2
expect "prefetch fates: a demand merges into a prefetch on its way (late)" \
    "$(pfrun pf-late next-line -- 0x200000 0x200080 U)" "2 0 1 0 0"
# a one-set two-way L1D: the loads of B and C evict the prefetched A+1, whose later load misses
expect "prefetch fates: a prefetched line evicted unread, then demanded (early, early_demanded)" \
    "$(pfrun pf-early next-line l1.sets=1 l1.ways=2 -- 0x200000 U 0x300000 U 0x400000 U 0x200080 U | cut -d' ' -f2-)" "0 0 1 1"
expect "prefetch fates: APRES' early eviction ratio = early_demanded / (useful + late + early_demanded)" \
    "$(jq .l1d.L1D_prefetch_early_eviction_ratio "$T/pf-early.json")" 1
# str: four warps load one PC 1 KB apart (LRR, one scheduler: in warp order); the third execution
# confirms the stride and prefetches the fourth warp's line, which loads next (late); the fourth
# prefetches a fifth line nobody loads
{
    printf '#BEGIN_TB\nthread block = 0,0,0\n'
    for w in 0 1 2 3; do
        printf 'warp = %d\ninsts = 2\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x%x\n0008 00000001 0 EXIT 0 0\n' $w $((0x200000 + w * 0x400))
    done
    printf '#END_TB\n'
} | mktrace "$T/pf-str" 1 128
"$M" sim --workload "$T/pf-str" --set sm.count=1 --set sm.schedulers=1 --set sm.scheduler=lrr --set l1.prefetch=str \
    --check-dram --quiet --json "$T/pf-str.json"
expect "str: a load's stride between warps, confirmed, prefetches the next warp's line: issued, late" \
    "$(jq -r '.l1d | "\(.L1D_prefetch_issued) \(.L1D_prefetch_late)"' "$T/pf-str.json")" "2 1"
# sld: A and A+1 of one macro block (4 lines) touched: A+2 and A+3 prefetched; A+2 loaded later hits
expect "sld: two lines of a macro block prefetch the other two; one is used" \
    "$(pfrun pf-sld sld -- 0x200000 0x200080 U 0x900000 U 0x200100 U | cut -d' ' -f1-3)" "2 1 0"
# l1.classify (APRES Figure 11), a one-set one-way L1D: A misses (cold), hits (after its miss), hits
# (after a hit); B misses (cold) and evicts A, whose next read misses (capacity and conflict)
pfprog 0x200000 U 0x200000 U 0x200000 U 0x300000 U 0x200000 U | mktrace "$T/cls" 1 32
"$M" sim --workload "$T/cls" --set sm.count=1 --set l1.sets=1 --set l1.ways=1 --set l1.classify=1 --check-dram --quiet --json "$T/cls.json"
expect "l1.classify: hits after a hit / after a miss, cold / capacity-and-conflict misses" \
    "$(jq -r '.l1d | [.L1D_read_hit_after_hit, .L1D_read_hit_after_miss, .L1D_read_miss_cold, .L1D_read_miss_capacity_conflict] | map(tostring) | join(" ")' "$T/cls.json")" \
    "1 1 2 1"
# on bfs with next-line prefetching: the classes add up, and classifying changes nothing else
"$M" sim --workload bfs --size quick --set l1.prefetch=next-line --check-dram --quiet --json "$T/cls-bfs0.json"
"$M" sim --workload bfs --size quick --set l1.prefetch=next-line --set l1.classify=1 --check-dram --quiet --json "$T/cls-bfs1.json"
expect "l1.classify on bfs: hits = read accesses - misses - pending hits; misses = cold + capacity-and-conflict" \
    "$(jq -r '.l1d | [.L1D_read_hit_after_hit + .L1D_read_hit_after_miss == .L1D_read_accesses - .L1D_read_misses - .L1D_total_cache_pending_hits,
                      .L1D_read_miss_cold + .L1D_read_miss_capacity_conflict == .L1D_read_misses, .L1D_read_miss_cold > 0] | all' "$T/cls-bfs1.json")" true
expect "l1.classify=1 changes no other statistic" \
    "$(cmp -s <(jq -S 'del(.command_line, .configuration["l1.classify"]) | walk(if type == "object" then with_entries(select(.key | test("^L1D_read_(hit_after|miss_c)") | not)) else . end)' "$T/cls-bfs1.json") \
              <(jq -S 'del(.command_line, .configuration["l1.classify"])' "$T/cls-bfs0.json") && echo same)" same
# CCWS (sm.scheduler=ccws), one SM, a one-set two-way L1D: four warps each load their own line three
# times, using it in between. Under GTO every load misses (12: the others' lines evict it). Under
# CCWS each warp misses twice (cold, then its line lost to the others: a victim tag array hit that
# raises its score), after which the others' loads are held back and its third load hits: 8
# misses, 4 VTA hits, loads held.
ccw() {
    printf 'warp = %d\ninsts = 7\n' "$1"
    local i a
    a=$(printf '0x%x' $((0x200000 + $1 * 0x1000)))
    for i in 0 1 2; do
        printf '%04x 00000001 1 R2 LDG.E 1 R0 4 0 %s\n%04x 00000001 1 R%d FADD 2 R2 R2 0\n' $((i * 16)) "$a" $((i * 16 + 8)) $((i + 10))
    done
    printf '0030 00000001 0 EXIT 0 0\n'
}
{ printf '#BEGIN_TB\nthread block = 0,0,0\n'; for w in 0 1 2 3; do ccw $w; done; printf '#END_TB\n'; } | mktrace "$T/ccws" 1 128
for s in gto ccws; do
    "$M" sim --workload "$T/ccws" --set sm.count=1 --set sm.schedulers=1 --set l1.sets=1 --set l1.ways=2 --set sm.scheduler=$s \
        --check-dram --quiet --json "$T/ccws-$s.json"
done
expect "CCWS: lost locality (VTA hits) holds the other warps' loads back: misses under GTO, under CCWS, VTA hits, loads held" \
    "$(jq -r '.l1d.L1D_read_misses' "$T/ccws-gto.json") $(jq -r '.sm | "\(.ccws_vta_hits) \(.ccws_held > 0)"' "$T/ccws-ccws.json" | sed "s/^/$(jq -r .l1d.L1D_read_misses "$T/ccws-ccws.json") /")" \
    "12 8 4 true"
# on bfs, for every prefetcher: a prefetch has at most one fate
for p in next-line str sld; do
    "$M" sim --workload bfs --size quick --set l1.prefetch=$p --check-dram --quiet --json "$T/pf-bfs-$p.json"
    expect "l1.prefetch=$p on bfs: prefetches issued; useful + late + early <= issued; early_demanded <= early" \
        "$(jq -r '.l1d | [.L1D_prefetch_useful + .L1D_prefetch_late + .L1D_prefetch_early_evicted <= .L1D_prefetch_issued,
                          .L1D_prefetch_issued > 0, .L1D_prefetch_early_evicted_demanded <= .L1D_prefetch_early_evicted] | all' "$T/pf-bfs-$p.json")" true
done
exit $status
