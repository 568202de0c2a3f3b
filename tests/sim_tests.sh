#!/usr/bin/env bash
# sim_tests.sh - system-model tests with expectations worked out by hand
# (docs/sim.md, "Validation"): unloaded latencies, MSHR merging, bandwidth,
# conservation, determinism, the DRAM legality checker, the real trace,
# trace-gen round trips, bad input. One PASS/FAIL line per check.
# Usage: tests/sim_tests.sh [MEMSCHED]
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/sim
rm -rf "$T"
mkdir -p "$T"

# A warp of one active lane: LDG A1; use it; LDG A2; use it; EXIT.
two_loads() { # two_loads DIR ADDR1 ADDR2
    mktrace "$1" 1 32 <<EOF
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 5
0000 00000001 1 R2 LDG.E 1 R0 4 0 $2
0008 00000001 1 R3 FADD 2 R2 R2 0
0010 00000001 1 R4 LDG.E 1 R0 4 0 $3
0018 00000001 1 R5 FADD 2 R4 R4 0
0020 00000001 0 EXIT 0 0
#END_TB
EOF
}

# Equal clocks: every crossing between domains costs exactly one cycle. The
# latencies below count from a load's issue with instructions executing as
# they issue (sm.pipeline=issue; GPGPU-Sim's pipeline adds its collector
# stages: tests/sim_pipe_tests.sh).
EQ=(--set clock.core=1000 --set clock.icnt=1000 --set clock.l2=1000 --set clock.dram=1000 --set sm.pipeline=issue)
ICNT=$(key icnt.latency) FLIT=$(key icnt.flit) L1=$(key l1.latency) L2=$(key l2.latency) LD=$(key l2.dram_latency)
RCD=$(key dram.tRCD) RP=$(key dram.tRP) CL=$(key dram.tCL) CCDL=$(key dram.tCCDL) BL=$(key dram.burst)
RATIO=$(key dram.data_ratio) BUSW=$(key dram.buswidth) CHIPS=$(key dram.chips)
TBURST=$((BL / RATIO))
ATOMS=$((128 / (BL * BUSW * CHIPS)))
REPLY_FLITS=$(((8 + 128 + FLIT - 1) / FLIT))   # a header and the line
BYP_FLITS=$(((8 + 32 + FLIT - 1) / FLIT))      # a header and a 32 B segment: a one-lane load bypassing the L1D
# One load that misses everywhere, L1 miss to reply at the SM (docs/sim.md, "Latency"):
#   request:  1 (miss queue -> crossbar) + icnt + l2.latency + l2.dram_latency + 1 (into dram_sched)
#             + 1 (shortlisted) + 1 (chosen, handed to its bank's queue the next cycle:
#             docs/dram_sched.md, "Pipeline")
#   DRAM:     tRCD + (atoms - 1) x tCCDL + tCL + tBURST (ACT, the line's column commands, data)
#   reply:    1 (DRAM -> L2) + 1 (L2 -> reply queue) + (flits - 1) + icnt
MISS=$((1 + ICNT + L2 + LD + 1 + 1 + 1 + RCD + (ATOMS - 1) * CCDL + CL + TBURST + 1 + 1 + REPLY_FLITS - 1 + ICNT))
# An L2 hit: 1 + icnt + l2.latency + 1 + (flits - 1) + icnt
L2HIT=$((1 + ICNT + L2 + 1 + BYP_FLITS - 1 + ICNT))   # bypassing the L1D: the 32 B segment comes back

A=0x100000   # channel 4, bank 10, row 2 at the default mapping
two_loads "$T/l1hit" $A $A
"$M" sim --workload "$T/l1hit" "${EQ[@]}" --check-dram --quiet --json "$T/l1hit.json"
expect "latency: L1 miss, L2 miss, DRAM row closed = $MISS cycles" "$(stat .memory_latency.maxmflatency "$T/l1hit.json")" $MISS
expect "latency: load issue to result, L1 miss = 1 + $MISS" "$(stat .memory_latency.load_latency_max "$T/l1hit.json")" $((1 + MISS))
expect "latency: load issue to result, L1 hit = 1 + l1.latency" "$(stat .memory_latency.load_latency_min "$T/l1hit.json")" $((1 + L1))

"$M" sim --workload "$T/l1hit" "${EQ[@]}" --set l1.bypass=1 --check-dram --quiet --json "$T/l2hit.json"
expect "latency: L1 bypassed, L2 hit = $L2HIT cycles" "$(stat .memory_latency.load_latency_min "$T/l2hit.json")" $((1 + L2HIT))

# Same channel, bank and row, another line: two 256 B chunks of the channel on
# (the next chunk's first line has the next bank: GPGPU-Sim's GTX480 mapping)
two_loads "$T/rowhit" $A "$(printf 0x%x $((A + 3072)))"
"$M" sim --workload "$T/rowhit" "${EQ[@]}" --check-dram --quiet --json "$T/rowhit.json"
expect "latency: DRAM row hit = miss - tRCD" "$(stat .memory_latency.load_latency_min "$T/rowhit.json")" $((1 + MISS - RCD))
# Same channel and bank, the next row: precharge first.
two_loads "$T/rowconf" $A "$(printf 0x%x $((A + 393216)))"
"$M" sim --workload "$T/rowconf" "${EQ[@]}" --check-dram --quiet --json "$T/rowconf.json"
expect "latency: DRAM row conflict = miss + tRP" "$(stat .memory_latency.load_latency_max "$T/rowconf.json")" $((1 + MISS + RP))
expect "row conflict: one precharge, two activates" \
    "$(stat '[.dram.n_pre, .dram.n_act] | map(tostring) | join(",")' "$T/rowconf.json")" "1,2"

# MRPB in front of the L1D (docs/sim.md, "MRPB"): a request is accepted the
# cycle after its load issues and presented to the L1D mrpb.latency cycles later.
ML=5
"$M" sim --workload "$T/l1hit" "${EQ[@]}" --set mrpb=final --check-dram --quiet --json "$T/mrpb-hit.json"
expect "latency with the MRPB: L1 hit = 1 + mrpb.latency + l1.latency" \
    "$(stat .memory_latency.load_latency_min "$T/mrpb-hit.json")" $((1 + ML + L1))
expect "latency with the MRPB: L1 miss = 1 + mrpb.latency + miss" \
    "$(stat .memory_latency.load_latency_max "$T/mrpb-hit.json")" $((1 + ML + MISS))
# Two independent loads of one warp to two lines of the L1D's only set (one
# way), in two channels: the second finds the way reserved (an associativity
# stall, LINE_ALLOC_FAIL). Bypass on associativity stalls sends it to the L2
# the next cycle (it fills no line; its reply goes to the registers); without
# bypass it waits for the first line's fill, which it then evicts. Bypassed,
# it reaches the L2 two cycles after the first and its reply waits for the
# first reply's flits at the SM's port: its own 32 B segment's flits
# (BYP_FLITS) - 2 cycles more than the first's latency.
mktrace "$T/assoc" 1 32 <<EOF
#BEGIN_TB
thread block = 0,0,0
warp = 0
insts = 4
0000 00000001 1 R2 LDG.E 1 R0 4 0 $A
0008 00000001 1 R3 LDG.E 1 R0 4 0 $(printf 0x%x $((A + 256)))
0010 00000001 1 R4 FADD 2 R2 R3 0
0018 00000001 0 EXIT 0 0
#END_TB
EOF
ONEWAY=(--set l1.sets=1 --set l1.ways=1)
"$M" sim --workload "$T/assoc" "${EQ[@]}" "${ONEWAY[@]}" --set mrpb=final --check-dram --quiet --json "$T/assoc-byp.json"
expect "MRPB bypass on an associativity stall: bypassed, LINE_ALLOC_FAIL, L1D read misses, evictions, mflatency" \
    "$(stat '[.mrpb.mrpb_bypassed, .l1d.L1D_reservation_fail_LINE_ALLOC_FAIL, .l1d.L1D_read_misses, .l1d.L1D_evictions, .memory_latency.maxmflatency] | map(tostring) | join(",")' "$T/assoc-byp.json")" \
    "1,1,1,0,$((MISS + BYP_FLITS - 2))"
expect "MRPB bypass: the bypassed load's result = 2 + mrpb.latency + miss + reply port wait" \
    "$(stat .memory_latency.load_latency_max "$T/assoc-byp.json")" $((2 + ML + MISS + BYP_FLITS - 2))
"$M" sim --workload "$T/assoc" "${EQ[@]}" "${ONEWAY[@]}" --set mrpb=final --set mrpb.bypass=off --check-dram --quiet \
    --json "$T/assoc-nobyp.json"
expect "MRPB without bypass: bypassed, LINE_ALLOC_FAIL (miss - 1 retries), L1D read misses, evictions" \
    "$(stat '[.mrpb.mrpb_bypassed, .l1d.L1D_reservation_fail_LINE_ALLOC_FAIL, .l1d.L1D_read_misses, .l1d.L1D_evictions] | map(tostring) | join(",")' "$T/assoc-nobyp.json")" \
    "0,$((MISS - 1)),2,1"
expect "MRPB without bypass: the second load's result = mrpb.latency + 2 x miss" \
    "$(stat .memory_latency.load_latency_max "$T/assoc-nobyp.json")" $((ML + 2 * MISS))

# MSHR merging: one warp on each of N SMs loads the same line: one DRAM read,
# one L2 MSHR entry of merge length N (up to l2.merge; the rest wait and hit).
merge_trace() { # merge_trace DIR N
    for ((b = 0; b < $2; b++)); do
        printf '#BEGIN_TB\nthread block = %d,0,0\nwarp = 0\ninsts = 3\n' $b
        printf '0000 00000001 1 R2 LDG.E 1 R0 4 0 0x200000\n0008 00000001 1 R3 FADD 2 R2 R2 0\n0010 00000001 0 EXIT 0 0\n#END_TB\n'
    done | mktrace "$1" "$2" 32
}
merge_trace "$T/merge8" 8
"$M" sim --workload "$T/merge8" --check-dram --quiet --json "$T/merge8.json"
expect "merging: 8 SMs load one line: DRAM reads" "$(stat .dram.read_requests "$T/merge8.json")" 1
expect "merging: 8 SMs load one line: L2 merge length 8" "$(stat '.l2.mshr_merge_length_hist[7]' "$T/merge8.json")" 1
expect "merging: 8 SMs load one line: reads merged from other SMs, from the same SM, writes merged" \
    "$(stat '[.l2.mshr_merges_read_other_sm, .l2.mshr_merges_read_same_sm, .l2.mshr_merges_write_other_sm + .l2.mshr_merges_write_same_sm] | map(tostring) | join(",")' "$T/merge8.json")" "7,0,0"
# the thesis' Figure 5.2: every slice-cycle counted once, by its largest live
# merge length (0: idle); the L2 clock is the core clock at this preset
expect "merging: largest-merge-length cycles: slice-cycles in all (12 slices x the run's cycles)" \
    "$(stat '.l2.mshr_max_merge_length_cycles | add' "$T/merge8.json")" $((12 * $(stat .gpu.kernels[0].gpu_tot_sim_cycle "$T/merge8.json")))
expect "merging: largest-merge-length cycles: one cycle at each length 2..7 as the SMs arrive, then 8 until the fill" \
    "$(stat '.l2.mshr_max_merge_length_cycles[2:8] | map(tostring) | join(",")' "$T/merge8.json")" "1,1,1,1,1,1"
expect "merging: cycles at the largest length 8 = cycles at merge length 8 (one entry)" \
    "$(stat '.l2.mshr_max_merge_length_cycles[8] == .l2.mshr_merge_length_cycles[7] and .l2.mshr_max_merge_length_cycles[8] > 0' "$T/merge8.json")" true
merge_trace "$T/merge20" 20
"$M" sim --workload "$T/merge20" --set sm.count=20 --check-dram --quiet --json "$T/merge20.json"
expect "merging: 20 SMs, merge limit 16: one DRAM read" "$(stat .dram.read_requests "$T/merge20.json")" 1
expect "merging: 20 SMs, merge limit 16: one entry of length 16" "$(stat '.l2.mshr_merge_length_hist[15]' "$T/merge20.json")" 1
fails=$(stat .l2.L2_reservation_fail_MSHR_MERGE_ENRTY_FAIL "$T/merge20.json")
if [ "$fails" -gt 0 ]; then ok "merging: the 17th request is refused (MSHR_MERGE_ENRTY_FAIL $fails)"; else bad "merging: no merge refusals"; fi
# l2.write_alloc: one warp on each of 6 SMs stores to one line. whole: the
# line is allocated and written, no DRAM read, no MSHR entry; fetch: one DRAM
# read through one L2 MSHR entry that the other five stores merge into.
for ((b = 0; b < 6; b++)); do
    printf '#BEGIN_TB\nthread block = %d,0,0\nwarp = 0\ninsts = 2\n' $b
    printf '0000 00000001 0 STG.E 2 R2 R0 4 0 0x200000\n0010 00000001 0 EXIT 0 0\n#END_TB\n'
done | mktrace "$T/wr6" 6 32
for wa in whole fetch; do
    "$M" sim --workload "$T/wr6" --set l2.write_alloc=$wa --check-dram --quiet --json "$T/wr6-$wa.json"
done
expect "l2.write_alloc=whole: 6 SMs store to one line: DRAM reads, MSHR entries, L2 write misses" \
    "$(stat '[.dram.read_requests, (.l2.mshr_merge_length_hist | add), .l2.L2_write_misses] | map(tostring) | join(",")' "$T/wr6-whole.json")" "0,0,1"
expect "l2.write_alloc=fetch: 6 SMs store to one line: DRAM reads, one entry of merge length 6, L2 write misses" \
    "$(stat '[.dram.read_requests, .l2.mshr_merge_length_hist[5], .l2.L2_write_misses] | map(tostring) | join(",")' "$T/wr6-fetch.json")" "1,1,1"
expect "l2.write_alloc=fetch: 6 SMs store to one line: writes merged from other SMs, from the same SM, reads merged" \
    "$(stat '[.l2.mshr_merges_write_other_sm, .l2.mshr_merges_write_same_sm, .l2.mshr_merges_read_other_sm + .l2.mshr_merges_read_same_sm] | map(tostring) | join(",")' "$T/wr6-fetch.json")" "5,0,0"
# one warp stores twice to one line: the second store merges into the first's
# fetch, a same-SM merge (the L1 writes through; reads of one SM merge in its L1)
printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n0000 00000001 0 STG.E 2 R2 R0 4 0 0x200000\n0008 00000001 0 STG.E 2 R2 R0 4 0 0x200004\n0010 00000001 0 EXIT 0 0\n#END_TB\n' |
    mktrace "$T/wr2" 1 32
"$M" sim --workload "$T/wr2" --set l2.write_alloc=fetch --check-dram --quiet --json "$T/wr2.json"
expect "l2.write_alloc=fetch: one warp stores twice to one line: writes merged from the same SM, from other SMs" \
    "$(stat '[.l2.mshr_merges_write_same_sm, .l2.mshr_merges_write_other_sm] | map(tostring) | join(",")' "$T/wr2.json")" "1,0"

# Issue-stall classes (GPGPU-Sim's W0_Idle, W0_Scoreboard, Stall; the MIB thesis' data-dependency
# stalls): one warp loads, then uses the value. Its scheduler waits on the scoreboard from the
# cycle after the load issues to the cycle its register is written (the load's latency - 1);
# the SM's other scheduler has no warp and is idle every cycle.
printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x200000\n0008 00000001 1 R3 FADD 2 R2 R2 0\n0010 00000001 0 EXIT 0 0\n#END_TB\n' |
    mktrace "$T/dep1" 1 32
for p in issue gpgpusim; do
    "$M" sim --workload "$T/dep1" --set sm.pipeline=$p --check-dram --quiet --json "$T/dep1-$p.json"
    expect "stall classes, one warp, sm.pipeline=$p: W0_Scoreboard = the load's latency - 1" \
        "$(stat .sm.W0_Scoreboard "$T/dep1-$p.json")" $(($(stat .memory_latency.load_latency_max "$T/dep1-$p.json") - 1))
    expect "stall classes, one warp, sm.pipeline=$p: the idle scheduler's cycles are W0_Idle, no Stall" \
        "$(stat '.sm.W0_Idle >= .sm.cycles and .sm.Stall == 0' "$T/dep1-$p.json")" true
done
expect "stall classes, sm.pipeline=issue: the warp's scheduler idles in no cycle (it issues or waits)" \
    "$(stat '.sm.W0_Idle - .sm.cycles' "$T/dep1-issue.json")" 0
# every scheduler-cycle is an issue or one of the three classes, whatever the scheduler and warp limit
for run in "transpose gto" "bfs lrr" "nw two-level" "srad gto sm.swl=2"; do
    set -- $run
    "$M" sim --workload "$1" --size quick --set sm.scheduler="$2" ${3:+--set "$3"} --check-dram --quiet --json "$T/cls-$1.json"
    expect "stall classes, $run: W0_Idle + W0_Scoreboard + Stall + warp instructions = schedulers x SM-cycles" \
        "$(stat '.sm.W0_Idle + .sm.W0_Scoreboard + .sm.Stall + .gpu.gpu_tot_sim_warp_insn' "$T/cls-$1.json")" \
        $(($(stat '.configuration["sm.schedulers"]' "$T/cls-$1.json") * $(stat .sm.cycles "$T/cls-$1.json")))
done

# The real trace at every preset, with the legality checker; instruction counts equal the trace's.
TR=../shared/traces/vectoradd-100-32
tw=$(awk '/^warp = /{w=1} /^insts = /{n+=$3} END{print n}' $TR/kernel-1.traceg)
# thread instructions: the active lanes of every instruction line (popcount of the mask, a nibble at a time)
tt=$(awk 'BEGIN {split("0 1 1 2 1 2 2 3 1 2 2 3 2 3 3 4", pc, " "); h = "0123456789abcdef"}
          $1 ~ /^[0-9a-f]+$/ && $2 ~ /^[0-9a-f]+$/ && NF >= 4 {
              for (i = 1; i <= length($2); i++) n += pc[index(h, substr($2, i, 1))] } END {print n}' $TR/kernel-1.traceg)
for cfg in $("$M" sim --list-configs | awk '{print $1}'); do
    if "$M" sim --config "$cfg" --workload $TR --check-dram --quiet --json "$T/va-$cfg.json" 2>"$T/va-$cfg.err" &&
        jq -e . "$T/va-$cfg.json" >/dev/null; then
        got="$(stat '[.gpu.gpu_tot_sim_warp_insn, .gpu.gpu_tot_sim_insn] | map(tostring) | join(",")' "$T/va-$cfg.json")"
        expect "vectoradd-100-32 at $cfg: --check-dram clean, valid JSON, instructions = the trace's" "$got" "$tw,$tt"
    else
        bad "vectoradd-100-32 at $cfg" "$(head -3 "$T/va-$cfg.err")"
    fi
done

# Conservation and determinism on a built-in kernel with traffic of every kind.
# (one output path: the JSON carries the command line)
"$M" sim --workload bfs --size 4096 --check-dram --quiet --json "$T/bfs.json" && mv "$T/bfs.json" "$T/bfs1.json"
"$M" sim --workload bfs --size 4096 --check-dram --quiet --json "$T/bfs.json" && mv "$T/bfs.json" "$T/bfs2.json"
if cmp -s "$T/bfs1.json" "$T/bfs2.json"; then ok "determinism: two runs give byte-identical JSON"; else bad "determinism: the JSON differs"; fi
# Skipping is exact: stepping every unit every cycle (run.skip=0) gives the
# same statistics (all but the configuration echo), at every preset, on
# kernels that stress the sleeping SMs, the skipped L2 slices and DRAM
# channels, the MIB policies (which tick every cycle) and refresh.
skipcmp() { # skipcmp DESC ARGS...
    local d=$1
    shift
    if "$M" sim "$@" --quiet --json "$T/skip1.json" && "$M" sim "$@" --set run.skip=0 --quiet --json "$T/skip0.json" &&
        jq -S 'del(.host, .command_line, .configuration."run.skip")' "$T/skip1.json" >"$T/skip1.n" &&
        jq -S 'del(.host, .command_line, .configuration."run.skip")' "$T/skip0.json" >"$T/skip0.n" && [ -s "$T/skip1.n" ]; then
        if cmp -s "$T/skip1.n" "$T/skip0.n"; then ok "skipping is exact: $d"; else bad "skipping is exact: $d" "$(diff "$T/skip1.n" "$T/skip0.n" | head -4 | tr '\n' ' ')"; fi
    else
        bad "skipping is exact: $d" "a run failed"
    fi
}
for p in $("$M" sim --list-configs | awk '{print $1}'); do
    skipcmp "$p, bfs" --config "$p" --workload bfs --size 4096
    skipcmp "$p, atax" --config "$p" --workload atax --size 256
done
skipcmp "srad (shared memory, barriers)" --workload srad --size 128
skipcmp "transpose (DRAM-bound)" --workload transpose --size 256
skipcmp "the real trace" --workload ../shared/traces/vectoradd-100-32
skipcmp "mshr-s+a (the MIB every cycle)" --workload atax --size 256 --set dram.policy=mshr-s+a
skipcmp "refresh and tFAW" --workload atax --size 256 --set dram.tREFI=1000 --set dram.tRFC=50 --set dram.tFAW=20
skipcmp "LRR, allocate on fill, L1 bypass" --workload bfs --size 4096 --set sm.scheduler=lrr --set l1.alloc=fill --set l1.bypass=1
skipcmp "different clocks" --workload atax --size 256 --set clock.icnt=1000 --set clock.l2=800
skipcmp "perfect DRAM" --workload bfs --size 4096 --set dram.perfect=1 --set dram.policy=mshr-s+a
skipcmp "mrpb=final (the MRPB holds the SM awake)" --workload atax --size 256 --set mrpb=final
skipcmp "mrpb longest, greedy, bypass all, sm.swl" --workload bfs --size 4096 --set mrpb=on --set mrpb.policy=longest \
    --set mrpb.greedy=1 --set mrpb.bypass=all --set sm.swl=6
# past 64 SMs and 64 L2 slices the run loop keeps no bit masks of the miss
# and reply queues that may hold a packet (a slice with a reply then runs
# every cycle): 70 SMs, 80 slices
skipcmp "70 SMs and 80 L2 slices (no queue masks)" --workload atax --size 256 --set sm.count=70 \
    --set mem.partitions=40 --set mem.sub_partitions=2

expect "conservation: every L1 request wanting a reply got exactly one" \
    "$(stat '.l1d.L1D_replies_received' "$T/bfs1.json")" "$(stat '.l1d.L1D_requests_wanting_reply' "$T/bfs1.json")"
expect "conservation: DRAM reads accepted = reads served" \
    "$(stat '.dram.read_requests' "$T/bfs1.json")" "$(stat '.dram.reads_accepted' "$T/bfs1.json")"
expect "conservation: instructions executed = instructions in the workload" \
    "$(stat '.gpu.gpu_tot_sim_insn' "$T/bfs1.json")" "$(stat '.gpu.trace_thread_insn' "$T/bfs1.json")"

# The legality checker: a command engine that ignores tCCDL is caught.
if "$M" sim --workload vectoradd --size 65536 --set dram.test_shorten=tCCDL --check-dram --quiet >"$T/short.out" 2>&1; then
    bad "checker: a shortened tCCDL went unnoticed"
else
    rc=$?
    if [ $rc -eq 1 ] && grep -q 'DRAM timing violation: dram ch[0-9]*: cycle [0-9]*: RD bank [0-9]* row [0-9]*: tCCDL' "$T/short.out"; then
        ok "checker: a shortened tCCDL stops the run (exit 1) naming command, bank, cycle and tCCDL"
    else
        bad "checker: shortened tCCDL" "exit $rc: $(head -2 "$T/short.out")"
    fi
fi

# A hand-written gpgpusim.config of the GTX480 options gives the gtx480-mib preset's statistics.
"$M" sim --config tests/configs/gtx480-mib.config --workload vectoradd --size 65536 --check-dram --quiet \
    --json "$T/cfgfile.json" 2>"$T/cfgfile.err"
"$M" sim --config gtx480-mib --workload vectoradd --size 65536 --check-dram --quiet --json "$T/cfgpreset.json"
if [ -s "$T/cfgfile.json" ] && cmp -s <(jq 'del(.config, .command_line)' "$T/cfgfile.json") <(jq 'del(.config, .command_line)' "$T/cfgpreset.json"); then
    ok "gpgpusim.config: tests/configs/gtx480-mib.config matches the gtx480-mib preset's statistics"
else
    bad "gpgpusim.config: statistics differ from the gtx480-mib preset" "$(head -2 "$T/cfgfile.err")"
fi
grep -q 'ignored 7 options the model does not have' "$T/cfgfile.err" &&
    ok "gpgpusim.config: the options the model ignores are listed" || bad "gpgpusim.config: no list of ignored options"

# trace-gen: every built-in kernel (at an eighth of its quick size) written as
# a trace is in the tracer's form (one destination at most, four sources at
# most, R registers only) and read back gives the same statistics.
"$M" sim --list-workloads | awk '{ s = int($3 / 8); print $1 ":" (s < 16 ? 16 : s) }' >"$T/builtins"
[ "$(wc -l <"$T/builtins")" -ge 14 ] || bad "sim --list-workloads" "$(wc -l <"$T/builtins") built-in kernels"
# tracer_form FILE: the instruction lines that are not in the tracer's form (none: empty)
tracer_form() {
    awk '/^[0-9a-f]+ [0-9a-f]+ [0-9]+ / {
        nd = $3; op = 4 + nd; ns = $(op + 1); okr = 1
        for (i = 4; i < op; i++) if ($i !~ /^R[0-9]+$/) okr = 0
        for (i = op + 2; i < op + 2 + ns; i++) if ($i !~ /^R[0-9]+$/) okr = 0
        if (nd > 1 || ns > 4 || !okr) print FILENAME ":" FNR ": " $0 }' "$1"/kernel-*.traceg | head -3
}
while IFS= read -r k; do
    name=${k%%:*} size=${k##*:}
    case $name in histo) size=272 ;; lbm) size=3 ;; cutcp) size=8 ;; dct) size=32 ;; sortnet) size=2048 ;; esac   # histo: its smallest image (every prescan thread samples a pixel); lbm: 3 planes (walls and the lid)
    rm -rf "$T/tg-$name"
    if "$M" trace-gen "$name" "$T/tg-$name" --size "$size" 2>"$T/tg-$name.err" &&
        "$M" sim --workload "$T/tg-$name" --quiet --json "$T/tg-$name.json" &&
        "$M" sim --workload "$name" --size "$size" --quiet --json "$T/bi-$name.json" &&
        cmp -s <(jq 'del(.workload, .size, .command_line)' "$T/tg-$name.json") <(jq 'del(.workload, .size, .command_line)' "$T/bi-$name.json"); then
        ok "trace-gen $name --size $size: the trace read back gives the built-in kernel's statistics"
    else
        bad "trace-gen $name: statistics differ or a step failed" "$(head -2 "$T/tg-$name.err")"
    fi
    if [ -s "$T/tg-$name/kernelslist.g" ] && [ -z "$(tracer_form "$T/tg-$name")" ]; then
        ok "trace-gen $name: the tracer's form (a destination, four sources, R registers at most)"
    else
        bad "trace-gen $name: not the tracer's form" "$(tracer_form "$T/tg-$name")"
    fi
done <"$T/builtins"

# Bad input: exit 2 and a message naming the file and line (or the key) and what was expected.
bad_input() { # bad_input DESC PATTERN CMD...
    local desc=$1 pat=$2
    shift 2
    "$@" >"$T/bad.out" 2>&1
    local rc=$?
    if [ $rc -eq 2 ] && grep -q -- "$pat" "$T/bad.out"; then ok "bad input: $desc (exit 2)"; else bad "bad input: $desc" "exit $rc: $(head -2 "$T/bad.out")"; fi
}
mkdir -p "$T/badtrace"
two_loads "$T/bigaddr" 0x1000000000000 0x100   # 2^48: beyond the MRPB's line address (exit 2)
cp $TR/kernelslist.g "$T/badtrace/"
sed '30s/ffffffff/fffxffff/' $TR/kernel-1.traceg >"$T/badtrace/kernel-1.traceg"
bad_input "a malformed trace line" "kernel-1.traceg:30: expected" "$M" sim --workload "$T/badtrace"
printf 'MemcpyHtoD,0x100,zz\n' >"$T/badtrace/kernelslist.g"
bad_input "a malformed kernelslist.g" "kernelslist.g:1: expected" "$M" sim --workload "$T/badtrace"
bad_input "a trace directory without kernelslist.g" "kernelslist.g" "$M" sim --workload "$T/nonexistent/"
bad_input "an unknown workload" "built-in kernels: atax" "$M" sim --workload nosuchkernel
bad_input "an unknown configuration key" "unknown key 'l1.nosuch'" "$M" sim --set l1.nosuch=3
bad_input "a bad configuration value" "bad value 'lifo' for dram.policy: expected one of: fcfs fr-fcfs mshr-m" "$M" sim --set dram.policy=lifo
bad_input "an out-of-range value" "bad value '0' for l1.ways" "$M" sim --set l1.ways=0
bad_input "inconsistent keys" "dram.low_wm must be below dram.high_wm" "$M" sim --set dram.low_wm=100
bad_input "an MRPB block signature with more than 8 blocks" "mrpb.signature=block needs sm.blocks <= 8" \
    "$M" sim --set mrpb=on --set mrpb.signature=block --set sm.blocks=16
bad_input "--rtl mrpb without the MRPB" "needs the MRPB" "$M" sim --rtl mrpb
bad_input "--rtl mrpb at an MRPB size not built" "Depth" "$M" sim --set mrpb=final --set mrpb.depth=3 --rtl mrpb
bad_input "the test knob without the RTL to catch it" "add --rtl mrpb" "$M" sim --set mrpb=final --set run.test_break=mrpb
bad_input "--rtl-fst without --rtl of its block" "add --rtl mrpb" "$M" sim --set mrpb=final --rtl-fst mrpb:0
bad_input "--rtl-fst of an instance that does not exist" "has 15 SMs" "$M" sim --set mrpb=final --rtl mrpb --rtl-fst mrpb:15
bad_input "a malformed --rtl-fst" "expected BLOCK:INSTANCE" "$M" sim --rtl dram_sched --rtl-fst dram_sched:1:9-2
bad_input "a malformed --trace-window" "expected FROM-TO in core cycles" "$M" sim --trace-decisions "$T/x.json" --trace-window 9-2
bad_input "sm.swl with the two-level scheduler" "does not combine with this sm.scheduler" \
    "$M" sim --set sm.swl=2 --set sm.scheduler=two-level
bad_input "LAWS with more warp schedulers than its issue outputs" "at most 4 warp schedulers" \
    "$M" sim --set sm.scheduler=laws --set sm.schedulers=5
bad_input "--rtl apres_laws without LAWS" "needs LAWS: --set sm.scheduler=laws" "$M" sim --rtl apres_laws
bad_input "compare with two workloads of one name" "have the same name 'traces'" "$M" compare --workload a/traces,b/traces --configs base-s --emit-jobs
bad_input "compare without --configs" "are required" "$M" compare --workload atax
bad_input "compare with a malformed configuration" "expected key=value after the preset" "$M" compare --workload atax --configs a=base-s:oops --emit-jobs
bad_input "compare with an unknown statistic" "no statistic 'gpu.nosuch'" "$M" compare --workload atax --size 64 --configs base-s --stats gpu.nosuch --out "$T/cmpbad"
bad_input "an address the MRPB cannot carry" "does not fit the MRPB's 41-bit line address" \
    "$M" sim --workload "$T/bigaddr" --set mrpb=final
bad_input "an unknown preset" "unknown configuration 'gtx9'" "$M" sim --config gtx9
printf -- '-gpgpu_n_mem 6\n-gpgpu_cache:dl1 32:64:4,L:L:m:N,A:32:8,8\n' >"$T/bad.config"
bad_input "a bad gpgpusim.config line" "bad.config:2: expected" "$M" sim --config "$T/bad.config"
bad_input "an unknown option" "unknown option '--frob'" "$M" sim --frob

# docs/sim.md lists the configuration keys as the program prints them.
if diff <(awk '/^`--set key=value` sets any key/ {f = 1} f && /^```$/ {n++; next} f && n == 1' docs/sim.md) \
    <("$M" sim --list-keys) >"$T/keys.diff"; then
    ok "docs/sim.md: the key table is the program's (memsched sim --list-keys)"
else
    bad "docs/sim.md: the key table differs from memsched sim --list-keys" "$(head -3 "$T/keys.diff")"
fi

# Bandwidth: a read stream (every warp reads 512 consecutive bytes per load,
# the resident blocks sweep the array together: open rows) reaches >= 90 % of
# the channels' peak over the whole run; no run exceeds 100 %.
mkdir -p "$T/readstream"
printf 'kernel-1.traceg\n' >"$T/readstream/kernelslist.g"
awk -v G=120 -v W=8 -v N=40 'BEGIN {
    printf "-kernel name = readstream\n-kernel id = 1\n-grid dim = (%d,1,1)\n-block dim = (%d,1,1)\n", G, W * 32
    printf "-shmem = 0\n-nregs = 16\n-binary version = 61\n-cuda stream id = 0\n-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
    stride = G * W * 512
    for (b = 0; b < G; b++) {
        printf "#BEGIN_TB\nthread block = %d,0,0\n", b
        for (w = 0; w < W; w++) {
            printf "warp = %d\ninsts = %d\n", w, 2 * N + 1
            for (t = 0; t < N; t++) {
                printf "0010 ffffffff 1 R%d LDG.E.128 1 R2 16 1 0x%x 16\n", 4 + (t % 4) * 2, 268435456 + t * stride + (b * W + w) * 512
                printf "0020 ffffffff 1 R3 FADD 2 R%d R3 0\n", 4 + ((t + 2) % 4) * 2
            }
            printf "0030 ffffffff 0 EXIT 0 0\n"
        }
        printf "#END_TB\n"
    } }' >"$T/readstream/kernel-1.traceg"
"$M" sim --workload "$T/readstream" --check-dram --quiet --json "$T/bw.json"
util=$(stat .dram.bandwidth_utilization "$T/bw.json")
gbps=$(stat .dram.bandwidth_GBps "$T/bw.json")
peak=$(stat .dram.peak_bandwidth_GBps "$T/bw.json")
if awk -v u="$util" 'BEGIN {exit !(u >= 0.90 && u <= 1.0)}'; then
    ok "bandwidth: a read stream reaches $(printf %.1f "$gbps") of $(printf %.1f "$peak") GB/s (utilization $(printf %.3f "$util") >= 0.90)"
else
    bad "bandwidth: read stream utilization $util (want 0.90 .. 1.0)"
fi
over=0
for j in "$T"/*.json; do
    jq -e '.dram.bandwidth_utilization <= 1 and .dram.bandwidth_GBps <= .dram.peak_bandwidth_GBps' "$j" >/dev/null ||
        { bad "bandwidth: $j exceeds the peak"; over=1; }
done
[ $over = 0 ] && ok "bandwidth: no run exceeds the peak ($(ls "$T"/*.json | wc -l) runs)"

# The blocks' RTL in the loop: dram_sched and mib_l2 Verilated, in lockstep with their
# C models inside the system, give the same statistics as the C models alone.
if "$M" sim --workload bfs --size 4096 --set dram.policy=mshr-s+a --check-dram --quiet --json "$T/mib-c.json" &&
    "$M" sim --workload bfs --size 4096 --set dram.policy=mshr-s+a --rtl dram_sched,mib_l2 --check-dram --quiet \
        --json "$T/mib-rtl.json" && cmp -s <(jq 'del(.command_line)' "$T/mib-c.json") <(jq 'del(.command_line)' "$T/mib-rtl.json"); then
    ok "--rtl dram_sched,mib_l2 (mshr-s+a): lockstep clean, statistics identical to the C models'"
else
    bad "--rtl dram_sched,mib_l2: a mismatch or different statistics"
fi
# The MRPB in the system: every line the coalescer makes goes in, is drained
# and is taken by the L1D or the bypass; its RTL in lockstep inside every SM
# gives the same statistics as its C model alone.
MR=(--workload atax --size 512 --set mrpb=final --check-dram --quiet)
if "$M" sim "${MR[@]}" --json "$T/mrpb-c.json" &&
    "$M" sim "${MR[@]}" --rtl mrpb --threads 2 --host-stats --json "$T/mrpb-rtl.json" &&
    cmp -s <(jq 'del(.command_line)' "$T/mrpb-c.json") <(jq 'del(.command_line, .host)' "$T/mrpb-rtl.json"); then
    ok "--rtl mrpb (mrpb=final, atax): lockstep clean, statistics identical to the C model's"
else
    bad "--rtl mrpb: a mismatch or different statistics"
fi
# The RTL's fixed points (tb/lockstep.h) are not evaluated; run.skip=0 evaluates
# every cycle: the same statistics, every cycle in lockstep either way.
"$M" sim "${MR[@]}" --rtl mrpb --set run.skip=0 --host-stats --json "$T/mrpb-rtl-every.json"
expect "--rtl mrpb: fixed points skipped (some, fewer than the cycles), none with run.skip=0; the same statistics" \
    "$(jq '.host.rtl_still_cycles > 0 and .host.rtl_still_cycles < .host.rtl_cycles' "$T/mrpb-rtl.json") \
$(jq .host.rtl_still_cycles "$T/mrpb-rtl-every.json") \
$(cmp -s <(jq 'del(.command_line, .configuration["run.skip"])' "$T/mrpb-c.json") \
          <(jq 'del(.command_line, .host, .configuration["run.skip"])' "$T/mrpb-rtl-every.json") && echo same)" \
    "true 0 same"
# A wrong C model drives the system on until the RTL's thread sees the
# difference: here (bfs, dram_sched's rd_ready wrong at cycle 250) into a
# crash of the child process the run is made in, which the run says; the
# run in one thread reports the difference, and the rest of the messages
# are --threads 1's, byte for byte. (A model made robust to that wrong
# input would need another case here.)
CRASH='on threads of its own died by signal 11 (Segmentation fault); running it again in one thread'
for th in 1 2; do
    "$M" sim --workload bfs --size quick --set dram.policy=mshr-s+a --rtl dram_sched --set run.test_break=dram_sched \
        --set run.test_break_cycle=250 --threads $th --progress 1000 --out-dir "$T/crash" >/dev/null 2>"$T/crash$th.err"
    echo "exit $?" >>"$T/crash$th.err"
done
expect "a broken dram_sched C model that crashes the system (its process) before its RTL's thread sees it: reported as in one thread" \
    "$(cmp -s "$T/crash1.err" <(grep -v "$CRASH" "$T/crash2.err") && echo same) $(grep -c 'MISMATCH at cycle 250,' "$T/crash2.err") $(tail -1 "$T/crash2.err") $(grep -c "$CRASH" "$T/crash2.err")" \
    "same 1 exit 1 1"
# The same run with the RTL in the caller's thread (--threads 1; above, each
# MRPB's RTL on a thread of its own): the same statistics, RTL cycles and
# fixed points.
"$M" sim "${MR[@]}" --rtl mrpb --threads 1 --host-stats --json "$T/mrpb-rtl1.json"
expect "--rtl mrpb in one thread and in threads of their own: the same statistics, RTL cycles and fixed points" \
    "$(TIMES='del(.command_line, .host.wall_seconds, .host.max_rss_kB, .host.gpu_total_sim_rate, .host.sim_warp_insn_rate, .host.sim_cycle_rate)'
       cmp -s <(jq "$TIMES" "$T/mrpb-rtl.json") <(jq "$TIMES" "$T/mrpb-rtl1.json") && echo same)" same
bad_input "sim --threads 3" "--threads: expected 1 or 2, got '3'" "$M" sim --rtl dram_sched --threads 3
# A C model that is wrong in one cycle (the test knob run.test_break) is caught
# inside the system: exit 1, the block's report with the system cycle, and a
# stimulus of that instance from reset that replays the failure in cosim. The
# RTL in threads of its own finds it, and the run in one thread reports it:
# the output of --threads 2 is that of --threads 1, byte for byte.
for b in mrpb dram_sched; do
    rc=
    for th in 1 2; do
        rm -rf out/sim
        "$M" sim --workload atax --size 512 --set mrpb=final --set dram.policy=mshr-s+a --rtl $b --set run.test_break=$b \
            --set run.test_break_cycle=400 --threads $th --quiet >"$T/break$th.out" 2>&1
        rc="${rc:-}$?"
    done
    f=$(sed -n 's/^  replay: .* --stim //p' "$T/break2.out")
    if [ "$rc" = 11 ] && grep -q "MISMATCH at cycle 400" "$T/break2.out" && grep -q "in the system: $b instance" "$T/break2.out" &&
        cmp -s "$T/break1.out" "$T/break2.out" &&
        [ -f "$f" ] && "$M" cosim $b --stim "$f" 2>&1 | grep -q "cycles=401 .*mismatches=1 FAIL"; then
        ok "a broken $b C model is caught in the system (the same report in one thread and in threads of their own); $f replays the failure at cycle 400 in cosim"
    else
        bad "a broken $b C model in the system" "exit $rc: $(head -3 "$T/break2.out" | tr '\n' ' ')"
    fi
done
# LAWS (sm.scheduler=laws, the apres_laws block in every SM). Three warps load one line and use
# it: warp 0 misses (its group, itself, to the queue's tail), warps 1 and 2 merge into the miss
# (hits: each to the head), so the queue is 2 1 0 when the line arrives; LRR and GTO issue
# otherwise (0 1 2; 2 0 1).
lw() { printf 'warp = %d\ninsts = 3\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x200000\n0008 00000001 1 R3 FADD 2 R2 R2 0\n0010 00000001 0 EXIT 0 0\n' "$1"; }
{ printf '#BEGIN_TB\nthread block = 0,0,0\n'; lw 0; lw 1; lw 2; printf '#END_TB\n'; } | mktrace "$T/laws3" 1 96
LW=(--workload "$T/laws3" --set sm.count=1 --set sm.schedulers=1 --check-dram --quiet)
order() { grep '"cat":"issue"' "$1" | grep -o '"name":"w[0-9] FADD' | cut -c9-10 | paste -sd' '; }
for s in laws lrr gto; do
    "$M" sim "${LW[@]}" --set sm.scheduler=$s --json "$T/laws3-$s.json" --trace-decisions "$T/laws3-$s.trace" 2>/dev/null
done
expect "LAWS, 3 warps on one line: the uses issue in queue order (hits to the head, the miss to the tail); LRR, GTO" \
    "$(order "$T/laws3-laws.trace"), $(order "$T/laws3-lrr.trace"), $(order "$T/laws3-gto.trace")" "w2 w1 w0, w0 w1 w2, w2 w0 w1"
expect "LAWS, 3 warps on one line: loads, without a group, feedback hit / miss / stale / lost" \
    "$(stat '.sm | [.laws_loads, .laws_no_group, .laws_feedback_hit, .laws_feedback_miss, .laws_feedback_stale, .laws_feedback_lost] | map(tostring) | join(" ")' "$T/laws3-laws.json")" \
    "3 0 2 1 0 0"
# rtl_lockstep TAG RTL OK BAD ARGS...: the run ($T/TAG-c.json) and the same with --rtl RTL
# ($T/TAG-rtl.json): the RTL evaluated in some cycles, the lockstep clean and the
# statistics identical
rtl_lockstep() {
    local tag=$1 rtl=$2 okd=$3 badd=$4
    shift 4
    "$M" sim "$@" --json "$T/$tag-c.json" </dev/null
    if "$M" sim "$@" --rtl "$rtl" --host-stats --json "$T/$tag-rtl.json" </dev/null &&
        [ "$(jq '.host.rtl_cycles > 0' "$T/$tag-rtl.json")" = true ] &&
        cmp -s <(jq 'del(.command_line)' "$T/$tag-c.json") <(jq 'del(.command_line, .host)' "$T/$tag-rtl.json"); then
        ok "$okd"
    else
        bad "$badd"
    fi
}
# Every block in the system at the run its paper puts it in (sim --rtl-runs, the
# runs make bench times), at bfs' quick size.
while read -r blk run; do
    read -ra args <<<"$run"
    rtl_lockstep "run-$blk" "$blk" "--rtl $blk at its paper's run (${run//--config /}, bfs quick): in the loop, lockstep clean, the C-only statistics" \
        "--rtl $blk at its paper's run (${run//--config /}): not in the loop, a mismatch or different statistics" \
        "${args[@]}" --workload bfs --size quick --quiet
done < <("$M" sim --rtl-runs)
[ -n "$("$M" sim --rtl-runs)" ] || bad "sim --rtl-runs" "no runs listed"
# noskip_same TAG DESC ARGS...: run.skip=0 gives $T/TAG-c.json's statistics
noskip_same() {
    local tag=$1 desc=$2
    shift 2
    "$M" sim "$@" --set run.skip=0 --json "$T/$tag-noskip.json"
    expect "$desc" "$(cmp -s <(jq 'del(.command_line, .configuration["run.skip"])' "$T/$tag-c.json") \
        <(jq 'del(.command_line, .configuration["run.skip"])' "$T/$tag-noskip.json") && echo same)" same
}
# break_caught BLOCK CYCLE ARGS...: the block's C model broken at CYCLE (run.test_break) is caught
# in the system, and the stimulus it writes replays the failure in cosim
break_caught() {
    local b=$1 cyc=$2 rc f
    shift 2
    rm -rf out/sim
    "$M" sim "$@" --rtl "$b" --set run.test_break="$b" --set run.test_break_cycle="$cyc" >"$T/break.out" 2>&1
    rc=$?
    f=$(sed -n 's/^  replay: .* --stim //p' "$T/break.out")
    if [ $rc -eq 1 ] && grep -q "MISMATCH at cycle $cyc" "$T/break.out" && grep -q "in the system: $b instance" "$T/break.out" &&
        [ -f "$f" ] && "$M" cosim "$b" --stim "$f" 2>&1 | grep -q "cycles=$((cyc + 1)) .*mismatches=1 FAIL"; then
        ok "a broken $b C model is caught in the system; $f replays the failure at cycle $cyc in cosim"
    else
        bad "a broken $b C model in the system" "exit $rc: $(head -3 "$T/break.out" | tr '\n' ' ')"
    fi
}
# bfs at the APRES preset (two warp schedulers sharing LAWS' queue): the RTL in lockstep in all 15
# SMs gives the C model's statistics; the SMs' skipping of idle cycles changes nothing; every group
# formed is answered
LB=(--config apres --workload bfs --size quick --set sm.scheduler=laws --check-dram --quiet)
rtl_lockstep laws apres_laws "--rtl apres_laws (LAWS, bfs, 15 SMs, 2 schedulers): lockstep clean, statistics identical to the C model's" \
    "--rtl apres_laws: a mismatch or different statistics" "${LB[@]}"
noskip_same laws "LAWS: run.skip=0 gives the same statistics (the block is clocked only when an edge can change it)" "${LB[@]}"
expect "LAWS, bfs: every group formed is answered (hit + miss = loads - no group), none stale or lost" \
    "$(stat '.sm | [.laws_feedback_hit + .laws_feedback_miss == .laws_loads - .laws_no_group, .laws_feedback_stale, .laws_feedback_lost, .laws_feedback_hit > 0, .laws_feedback_miss > 0] | map(tostring) | join(" ")' "$T/laws-c.json")" \
    "true 0 0 true true"
break_caught apres_laws 300 "${LB[@]}"
# SAP (l1.prefetch=sap, the apres_sap block beside LAWS in every SM). Eight warps load one shared
# line, then (40 x w independent adds later, so one at a time) a line of their own, 128 B apart: the
# first such miss fills SAP's PT, the second learns the inter-warp stride (new), the third matches
# it and prefetches the lines of the five warps of its group still to come, which then hit: 9 L1D
# misses without SAP, 4 with it (the shared line, the first three own lines)
sw() {
    local w=$1 n=$((40 * $1)) pc=16 i
    printf 'warp = %d\ninsts = %d\n' "$w" $((n + 5))
    printf '0000 00000001 1 R2 LDG.E 1 R0 4 0 0x200000\n0008 00000001 1 R3 FADD 2 R2 R2 0\n'
    for ((i = 0; i < n; i++)); do printf '%04x 00000001 1 R4 IADD 2 R5 R5 0\n' $pc; pc=$((pc + 8)); done
    printf '4000 00000001 1 R6 LDG.E 1 R0 4 0 %#x\n4008 00000001 1 R7 FADD 2 R6 R6 0\n4010 00000001 0 EXIT 0 0\n' \
        $((0x100000 + 128 * w))
}
{ printf '#BEGIN_TB\nthread block = 0,0,0\n'; for w in 0 1 2 3 4 5 6 7; do sw $w; done; printf '#END_TB\n'; } | mktrace "$T/sap8" 1 256
SW=(--workload "$T/sap8" --set sm.count=1 --set sm.schedulers=1 --set sm.scheduler=laws --check-dram --quiet)
for p in none sap; do "$M" sim "${SW[@]}" --set l1.prefetch=$p --json "$T/sap8-$p.json"; done
"$M" sim "${SW[@]}" --set l1.prefetch=sap --trace-decisions "$T/sap8.trace" 2>/dev/null
laws_ev() { grep '"cat":"laws"' "$1" | sed 's/,$//' | jq -r "$2" | paste -sd' '; }
expect "decision trace, LAWS and SAP: the own-line misses to the tail, the checks, the targets to the head in order, their hits" \
    "$(laws_ev "$T/sap8.trace" 'select(.args.detail | test("0x4000|stride|line")) | .name | sub("group [0-9]+ "; "") | sub(" to the "; ">")')" \
    "miss:>tail miss:>tail new stride miss:>tail stride match prefetch: w3>head prefetch: w4>head prefetch: w5>head prefetch: w6>head prefetch: w7>head hit:>head hit:>head hit:>head hit:>head hit:>head"
expect "decision trace: a miss's group names its warps (the first own-line miss: all eight)" \
    "$(laws_ev "$T/sap8.trace" 'select(.args.detail == "w0'"'"'s load at 0x4000") | .args.warps')" "w0 w1 w2 w3 w4 w5 w6 w7"
expect "SAP, 8 warps 128 B apart: L1D misses without / with SAP; stride checks new, match; prefetches, useful, dropped" \
    "$(stat '.l1d.L1D_total_cache_misses' "$T/sap8-none.json") $(stat '[.l1d.L1D_total_cache_misses, .sm.sap_checks_new, .sm.sap_checks_match, .sm.sap_prefetches, .l1d.L1D_prefetch_useful, .sm.sap_target_drops, .sm.sap_lost] | map(tostring) | join(" ")' "$T/sap8-sap.json")" \
    "9 4 1 1 5 5 0 0"
# The apres preset's latencies (APRES Table III: L2 200 cycles, DRAM 440; docs/sim.md
# "Configuration"): one warp loads a line twice with the L1D bypassed: the first goes to DRAM,
# the second hits in the L2
{ printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 5\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x200000\n'
  printf '0008 00000001 1 R3 FADD 2 R2 R2 0\n0010 00000001 1 R4 LDG.E 1 R0 4 0 0x200000\n'
  printf '0018 00000001 1 R5 FADD 2 R4 R4 0\n0020 00000001 0 EXIT 0 0\n#END_TB\n'; } | mktrace "$T/lat2" 1 32
"$M" sim --config apres --workload "$T/lat2" --set l1.bypass=1 --check-dram --quiet --json "$T/lat2.json"
expect "apres preset: a load's unloaded L2 hit and DRAM access (Table III: 200 and 440 cycles)" \
    "$(stat '[.memory_latency.load_latency_min, .memory_latency.load_latency_max] | map(tostring) | join(" ")' "$T/lat2.json")" "200 440"
# S-L1's GTX 680 (its section 2.1: L2 210 cycles, DRAM 340, "a single, isolated access"; the L1
# caches no global data there; docs/sl1.md "The presets")
"$M" sim --config gtx680 --workload "$T/lat2" --check-dram --quiet --json "$T/lat680.json"
expect "gtx680 preset: a load's unloaded L2 hit and DRAM access (S-L1 section 2.1: 210 and 340 cycles), 192 GB/s" \
    "$(stat '[.memory_latency.load_latency_min, .memory_latency.load_latency_max, (.dram.peak_bandwidth_GBps | floor)] | map(tostring) | join(" ")' "$T/lat680.json")" "210 340 192"
# l1.load_stats (APRES' Table I) on the same kernel without SAP: the shared line's load (PC 0x0:
# 8 requests, 1 line, 1 miss and 7 merges, stride 0) and the own lines' (PC 0x4000: 8 lines, 8
# misses, stride 128 in all 7 pairs), each half of the requests
"$M" sim "${SW[@]}" --set l1.prefetch=none --set l1.load_stats=1 --json "$T/sap8-lc.json"
expect "l1.load_stats: per load pc, requests, share, lines, misses, executions, pairs, stride, its share" \
    "$(stat '.loads[] | [.pc, .requests, .load_share, .lines, .misses, .executions, .stride_pairs, .stride, .stride_share] | map(tostring) | join(" ")' "$T/sap8-lc.json" | paste -sd,)" \
    "0x0 8 0.5 1 1 8 7 0 1,0x4000 8 0.5 8 8 8 7 128 1"
bad_input "l1.prefetch=sap without LAWS" "l1.prefetch=sap needs LAWS (sm.scheduler=laws)" "$M" sim --set l1.prefetch=sap
bad_input "--rtl apres_sap without SAP" "needs SAP: --set l1.prefetch=sap" "$M" sim --set sm.scheduler=laws --rtl apres_sap
{ printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x3000000000000\n0010 00000001 0 EXIT 0 0\n#END_TB\n'; } |
    mktrace "$T/sapbig" 1 32
bad_input "SAP: a byte address beyond its 49 bits" "does not fit SAP's 49-bit addresses" \
    "$M" sim --workload "$T/sapbig" --set sm.scheduler=laws --set l1.prefetch=sap
# srad at the APRES preset (strided loads: SAP prefetches): both blocks' RTL in lockstep in all 15
# SMs gives the C models' statistics; run.skip=0 changes nothing; a broken SAP C model is caught
SB=(--config apres --workload srad --size quick --set sm.scheduler=laws --set l1.prefetch=sap --check-dram --quiet)
rtl_lockstep sap apres_sap,apres_laws "--rtl apres_sap,apres_laws (SAP and LAWS, srad, 15 SMs): lockstep clean, statistics identical to the C models'" \
    "--rtl apres_sap,apres_laws: a mismatch or different statistics" "${SB[@]}"
noskip_same sap "SAP: run.skip=0 gives the same statistics (the block is clocked only when an edge can change it)" "${SB[@]}"
expect "SAP, srad: stride matches and prefetches happen; no load lost; prefetches issued = SAP's minus the full queue's" \
    "$(stat '.sm.sap_checks_match > 0, .sm.sap_prefetches > 0, .sm.sap_loads_lost, (.l1d.L1D_prefetch_issued + .l1d.L1D_prefetch_redundant + .l1d.L1D_prefetch_dropped) <= (.sm.sap_prefetches - .sm.sap_queue_full)' "$T/sap-c.json" | paste -sd' ')" \
    "true true 0 true"
break_caught apres_sap 300 "${SB[@]}"
# TBAS (sm.scheduler=tbas, the tbas block in every SM; docs/tbas.md "TBAS in the system"). Two
# blocks of two warps on one SM, each warp a load and its use: a batch per block (batch.stride 1).
# Worked from the mechanism (RunBatches 1, MinActive 1): batch 0 (older) runs; once both its warps
# wait for their loads it is demoted and batch 1 promoted, so block 1's loads issue only then;
# when the lines return batch 1 waits (no preemption) until batch 0 is demoted again ...
tw() { printf 'warp = %d\ninsts = 3\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x%x\n0008 00000001 1 R3 FADD 2 R2 R2 0\n0010 00000001 0 EXIT 0 0\n' "$1" "$2"; }
{ printf '#BEGIN_TB\nthread block = 0,0,0\n'; tw 0 0x200000; tw 1 0x201000
  printf '#END_TB\n#BEGIN_TB\nthread block = 1,0,0\n'; tw 0 0x202000; tw 1 0x203000; printf '#END_TB\n'; } | mktrace "$T/tbas2" 2 64
TW=(--workload "$T/tbas2" --set sm.count=1 --set sm.schedulers=1 --check-dram --quiet)
"$M" sim "${TW[@]}" --set sm.scheduler=tbas --json "$T/tbas2.json" --trace-decisions "$T/tbas2.trace" 2>/dev/null
tb_ev() { grep -E "\"cat\":\"($2)\"" "$1" | sed 's/,$//' | jq -r "$3" | paste -sd' '; }
expect "decision trace, TBAS: promotions and demotions in order" \
    "$(tb_ev "$T/tbas2.trace" tbas '.name')" \
    "batch 0 promoted batch 0 demoted (few active) batch 1 promoted batch 1 demoted (few active) batch 0 promoted batch 0 demoted (empty) batch 1 promoted batch 1 demoted (empty)"
expect "TBAS: block 1's first load issues in the cycle its batch is promoted, after block 0's warps both wait" \
    "$(tb_ev "$T/tbas2.trace" 'tbas|issue' 'select(.name == "w2 LDG.E" or .name == "batch 1 promoted") | .args.cycle' | cut -d' ' -f1-2 | awk '{print ($1 == $2) ? "same cycle" : $0}')" \
    "same cycle"
"$M" sim "${TW[@]}" --set sm.scheduler=gto --json "$T/tbas2-gto.json" --trace-decisions "$T/tbas2-gto.trace" 2>/dev/null
expect "the loads' issue order under TBAS and under GTO: the same" \
    "$(tb_ev "$T/tbas2.trace" issue 'select(.name | test("LDG")) | .name[0:2]'), $(tb_ev "$T/tbas2-gto.trace" issue 'select(.name | test("LDG")) | .name[0:2]')" \
    "w0 w1 w2 w3, w0 w1 w2 w3"
expect "block 1's first load: later under TBAS (held until batch 0 waits) than under GTO" \
    "$(awk -v a="$(tb_ev "$T/tbas2.trace" issue 'select(.name == "w2 LDG.E") | .args.cycle')" -v b="$(tb_ev "$T/tbas2-gto.trace" issue 'select(.name == "w2 LDG.E") | .args.cycle')" 'BEGIN {print (a > b + 2) ? "later" : a " vs " b}')" later
expect "TBAS statistics: batches started, joins, promotions, demotions (of them empty)" \
    "$(stat '.sm | [.tbas_batches, .tbas_joins, .tbas_promotions, .tbas_demotions, .tbas_demotions_empty] | map(tostring) | join(" ")' "$T/tbas2.json")" \
    "2 0 4 4 2"
# tbas.min_active=2: batch 0 leaves the running set as soon as one of its two warps waits, a
# cycle before it would with 1 (when both wait), and batch 1 comes in at the same decision
dem() { tb_ev "$1" tbas 'select(.name == "batch 0 demoted (few active)") | .args.cycle' | cut -d' ' -f1; }
prom1() { tb_ev "$1" tbas 'select(.name == "batch 1 promoted") | .args.cycle' | cut -d' ' -f1; }
"$M" sim "${TW[@]}" --set sm.scheduler=tbas --set tbas.min_active=2 --trace-decisions "$T/tbas2-m2.trace" 2>/dev/null
expect "tbas.min_active=2 against 1: batch 0 demoted earlier; batch 1 promoted at the demotion" \
    "$(awk -v a="$(dem "$T/tbas2-m2.trace")" -v b="$(dem "$T/tbas2.trace")" 'BEGIN {print (a + 1 == b) ? "one cycle earlier" : a " vs " b}'), $([ "$(dem "$T/tbas2-m2.trace")" = "$(prom1 "$T/tbas2-m2.trace")" ] && echo same)" \
    "one cycle earlier, same"
# batch.stride 2: the two blocks are one batch (a join), promoted once
"$M" sim "${TW[@]}" --set sm.scheduler=tbas --set batch.stride=2 --json "$T/tbas2-s2.json"
expect "batch.stride=2: the second block joins the first's batch" \
    "$(stat '.sm | [.tbas_batches, .tbas_joins] | map(tostring) | join(" ")' "$T/tbas2-s2.json")" "1 1"
bad_input "tbas with two warp schedulers" "sm.scheduler=tbas needs sm.schedulers=1" "$M" sim --set sm.scheduler=tbas
bad_input "--rtl tbas without TBAS" "needs TBAS: --set sm.scheduler=tbas" "$M" sim --set sm.schedulers=1 --rtl tbas
bad_input "tbas.run_batches above sm.blocks" "tbas.run_batches is more than the batch slots" \
    "$M" sim --set sm.schedulers=1 --set sm.scheduler=tbas --set sm.blocks=4 --set tbas.run_batches=5
# bfs: the tbas RTL in lockstep in all 15 SMs gives the C model's statistics; run.skip=0 changes
# nothing; a broken tbas C model is caught and replayed in cosim
TB=(--workload bfs --size quick --set sm.schedulers=1 --set sm.scheduler=tbas --check-dram --quiet)
rtl_lockstep tbas tbas "--rtl tbas (TBAS, bfs, 15 SMs): lockstep clean, statistics identical to the C model's" \
    "--rtl tbas: a mismatch or different statistics" "${TB[@]}"
noskip_same tbas "TBAS: run.skip=0 gives the same statistics (the SM stays awake until the block's pipeline settles)" "${TB[@]}"
expect "TBAS, bfs: promotions happen, each demotion follows a promotion" \
    "$(stat '.sm | [.tbas_promotions > 0, .tbas_demotions <= .tbas_promotions] | map(tostring) | join(" ")' "$T/tbas-c.json")" "true true"
break_caught tbas 300 "${TB[@]}"
# TEMP's dispatch (gpu.dispatch=temp, the temp_dispatch block; docs/tbas.md "TEMP dispatch in the
# system"). Four blocks of two warps on two SMs, batches of two blocks (batch.stride=2): the host
# gives SM 0 batch 0 (blocks 0 and 1) and SM 1 batch 1 (blocks 2 and 3), so each SM's second block
# joins its first's batch; round-robin deals blocks 0 2 to SM 0 and 1 3 to SM 1: no joins
{ for b in 0 1 2 3; do printf '#BEGIN_TB\nthread block = %d,0,0\n' $b; tw 0 $((0x200000 + b * 0x2000)); tw 1 $((0x201000 + b * 0x2000)); printf '#END_TB\n'; done; } |
    mktrace "$T/temp4" 4 64
TD=(--workload "$T/temp4" --set sm.count=2 --set sm.schedulers=1 --set sm.scheduler=tbas --set batch.stride=2 --check-dram --quiet)
"$M" sim "${TD[@]}" --set gpu.dispatch=temp --json "$T/temp4.json" --trace-decisions "$T/temp4.trace" --trace-sms all 2>/dev/null
"$M" sim "${TD[@]}" --set gpu.dispatch=round-robin --json "$T/temp4-rr.json" --trace-decisions "$T/temp4-rr.trace" --trace-sms all 2>/dev/null
sm_batches() { grep '"cat":"tbas"' "$1" | sed 's/,$//' | jq -r "select(.pid == $2 and (.name | test(\"promoted\"))) | .args.detail | capture(\"batch (?<b>[0-9]+)\").b" | sort -u | paste -sd' '; }
expect "gpu.dispatch=temp, batch.stride=2: the batches each SM runs (SM 0, SM 1), then joins and batches started" \
    "$(sm_batches "$T/temp4.trace" 2); $(sm_batches "$T/temp4.trace" 3); $(stat '.sm | [.tbas_joins, .tbas_batches] | map(tostring) | join(" ")' "$T/temp4.json")" \
    "0; 1; 2 2"
expect "gpu.dispatch=round-robin, the same batches: both SMs run both batches, no joins" \
    "$(sm_batches "$T/temp4-rr.trace" 2); $(sm_batches "$T/temp4-rr.trace" 3); $(stat '.sm | [.tbas_joins, .tbas_batches] | map(tostring) | join(" ")' "$T/temp4-rr.json")" \
    "0 1; 0 1; 0 4"
bad_input "--rtl temp_dispatch without TEMP's dispatch" "needs TEMP's dispatch: --set gpu.dispatch=temp" "$M" sim --rtl temp_dispatch
{ printf '#BEGIN_TB\nthread block = 0,0,0\n'; tw 0 0x200000; printf '#END_TB\n'; } | mktrace "$T/temp-big" 65537 32
bad_input "gpu.dispatch=temp, a grid of more than 2^16 blocks" "more than temp_dispatch's 16-bit block IDs hold" \
    "$M" sim --workload "$T/temp-big" --set gpu.dispatch=temp --set batch.stride=1
bad_input "gpu.dispatch=temp on more than 64 SMs" "gpu.dispatch=temp has a queue per SM, at most 64" \
    "$M" sim --set gpu.dispatch=temp --set sm.count=65
# bfs (several launches): the temp_dispatch RTL in lockstep gives the C model's statistics, with
# TBAS' RTL too; run.skip=0 changes nothing; a broken temp_dispatch C model is caught
TT=(--workload bfs --size quick --set gpu.dispatch=temp --set sm.schedulers=1 --set sm.scheduler=tbas --check-dram --quiet)
rtl_lockstep temp temp_dispatch,tbas "--rtl temp_dispatch,tbas (TEMP dispatch and TBAS, bfs, 15 SMs): lockstep clean, statistics identical to the C models'" \
    "--rtl temp_dispatch,tbas: a mismatch or different statistics" "${TT[@]}"
noskip_same temp "TEMP dispatch: run.skip=0 gives the same statistics" "${TT[@]}"
break_caught temp_dispatch 20 "${TT[@]}"
# A failure in the last cycles of a run: the RTL's thread may not have seen
# them when the run ends; the run waits for it, and runs again in one thread.
# (Not quiet: the progress lines and the note that it runs again.)
"$M" sim "${TT[@]}" --rtl temp_dispatch --host-stats --json "$T/temp-d.json"
n=$(jq .host.rtl_cycles "$T/temp-d.json")
TV=(--workload bfs --size quick --set gpu.dispatch=temp --set sm.schedulers=1 --set sm.scheduler=tbas --progress 1000)
"$M" sim "${TV[@]}" --rtl temp_dispatch --threads 2 --set run.test_break=temp_dispatch --set run.test_break_cycle=$((n - 2)) \
    >"$T/late.out" 2>&1
rc=$?
expect "a broken temp_dispatch C model in the run's last cycle but one, its RTL on a thread of its own: caught, run again in one thread" \
    "$rc $(grep -c "MISMATCH at cycle $((n - 2))," "$T/late.out") $(grep -c "the run with the RTL on threads of its own failed; running it again in one thread" "$T/late.out")" "1 1 1"
# TEMP's page colouring (mem.page_policy=temp; docs/tbas.md "Page colouring"): 2 SMs, 2 channels
# of 16 banks, 4 KB pages each in one bank (channel_shift 12; 5 column bits under the bank bits), so
# frame f is in channel f mod 2, bank (f / 2) mod 16: colour (f / 2) mod 2; SM 0 owns colour 0, SM 1
# colour 1. Block 0 (SM 0) loads page A; block 1 (SM 1) loads page B, then a line of page A. Worked
# by hand: A's first touch is SM 0's (frame 0: local), B's is SM 1's (frame 2: local), SM 1's read
# of A goes to SM 0's bank (remote): 3 requests, 2 local; without colouring nothing is counted
pw() { printf 'warp = 0\ninsts = %d\n' $(($# + 2)); i=0; for a in "$@"; do printf '%04x 00000001 1 R%d LDG.E 1 R0 4 0 0x%x\n' $((i * 8)) $((i + 2)) "$a"; i=$((i + 1)); done
       printf '%04x 00000001 1 R9 FADD 2 R2 R2 0\n%04x 00000001 0 EXIT 0 0\n' $((i * 8)) $((i * 8 + 8)); }
{ printf '#BEGIN_TB\nthread block = 0,0,0\n'; pw 0x200000; printf '#END_TB\n#BEGIN_TB\nthread block = 1,0,0\n'
  pw 0x201000 0x200080; printf '#END_TB\n'; } | mktrace "$T/pages2" 2 32
PC=(--workload "$T/pages2" --set sm.count=2 --set mem.partitions=2 --set dram.channel_shift=12 --set dram.map=RRRRRRRRRRRRGGBBCCCCC --check-dram --quiet)
"$M" sim "${PC[@]}" --set mem.page_policy=temp --json "$T/pages2.json"
expect "mem.page_policy=temp: requests to memory, of them local (first touches in the toucher's colour; a read of another SM's page remote)" \
    "$(stat '.l1d | [.mem_requests, .mem_requests_local, .local_access_ratio] | map(tostring) | join(" ")' "$T/pages2.json")" "3 2 0.6666666666666666"
"$M" sim "${PC[@]}" --json "$T/pages2-id.json"
expect "mem.page_policy=identity: no page table, nothing counted" "$(stat '.l1d.mem_requests // "none"' "$T/pages2-id.json")" none
bad_input "mem.page_policy=temp with pages across banks (the default map)" "mem.page_policy=temp needs every page in one DRAM bank" \
    "$M" sim --workload "$T/pages2" --set mem.page_policy=temp
bad_input "mem.page_bytes not a power of two" "mem.page_bytes must be a power of two" "$M" sim --set mem.page_bytes=3000
# The crossbar's congestion (icnt.wait_*): two SMs load the same line in the same cycle (equal
# clocks). Worked by hand: both requests (an 8 B header: 1 flit) go to one slice, so the second waits
# the first's flit (1 cycle); the L2 merges them and answers both when the line arrives, so the second
# reply (136 B: 5 flits of 32 B) waits the first's 5 cycles at the slice's port. On one SM the loads
# merge in the L1D: one packet each way, no wait
{ for b in 0 1; do printf '#BEGIN_TB\nthread block = %d,0,0\nwarp = 0\ninsts = 3\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x200000\n' $b
  printf '0008 00000001 1 R3 FADD 2 R2 R2 0\n0010 00000001 0 EXIT 0 0\n#END_TB\n'; done; } | mktrace "$T/icntwait" 2 32
for n in 1 2; do "$M" sim --workload "$T/icntwait" --set sm.count=$n "${EQ[@]}" --check-dram --quiet --json "$T/icntwait-$n.json"; done
expect "crossbar waits, 1 and 2 SMs: request packets and their wait, reply packets and their wait" \
    "$(stat '.icnt | [.packets_simt_to_mem, .wait_simt_to_mem, .packets_mem_to_simt, .wait_mem_to_simt] | map(tostring) | join(" ")' "$T/icntwait-1.json"), $(stat '.icnt | [.packets_simt_to_mem, .wait_simt_to_mem, .packets_mem_to_simt, .wait_mem_to_simt] | map(tostring) | join(" ")' "$T/icntwait-2.json")" \
    "1 0 1 0, 2 1 2 5"
# DRAM energy (docs/sim.md "DRAM energy"): one warp loads one line at the defaults (6 channels of 2
# chips at 924 MHz): 1 ACT and 2 RD bursts, so 2 chips x (1.68 + 2 x 1.26) = 8.4 nJ dynamic; the
# background is 2 chips x 675 mW over the 6 channels' cycles at 924 MHz
{ printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n0000 00000001 1 R2 LDG.E 1 R0 4 0 0x200000\n'
  printf '0008 00000001 1 R3 FADD 2 R2 R2 0\n0010 00000001 0 EXIT 0 0\n#END_TB\n'; } | mktrace "$T/energy1" 1 32
"$M" sim --workload "$T/energy1" --check-dram --quiet --json "$T/energy1.json"
expect "DRAM energy of one line read: ACT, PRE, RD commands; dynamic nJ; background as 2 x 675 mW x 6 x cycles / 924 MHz" \
    "$(stat '.dram | [.n_act, .n_pre, .n_rd, .energy_dynamic_nJ, ((.energy_background_nJ - 2 * 0.675 * 6 * .dram_cycles / 0.924) | fabs < 1e-6)] | map(tostring) | join(" ")' "$T/energy1.json")" \
    "1 0 2 8.4 true"
# TEMP's thread batches found by profiling (batch.stride=0, the default): vectoradd's blocks of 256
# threads each touch 1 KB of each array, 4 blocks a 4 KB page (worked in tests/unit/test_batch.c)
"$M" sim --workload vectoradd --size 16384 --set gpu.dispatch=temp --check-dram --quiet --json "$T/batch-va.json"
"$M" sim --workload vectoradd --size 16384 --check-dram --quiet --json "$T/batch-va-rr.json"
expect "vectoradd: the profiled batch stride under TEMP's dispatch; none reported under round-robin" \
    "$(stat '[.. | objects | select(has("batch_stride")) | .batch_stride] | unique | map(tostring) | join(" ")' "$T/batch-va.json"), $(stat '[.. | objects | select(has("batch_stride"))] | length' "$T/batch-va-rr.json")" \
    "4, 0"
# --rtl-fst: one instance's waveform over a window of its clock domain's cycles, with a save file.
rm -rf out/sim
if "$M" sim --workload atax --size 512 --set mrpb=final --rtl mrpb --rtl-fst mrpb:0:100-400 --quiet 2>"$T/fst.err" &&
    [ -s out/sim/mrpb-0.gtkw ] && grep -q 'dumpfile.*out/sim/mrpb-0.fst' out/sim/mrpb-0.gtkw &&
    [ "$(fst2vcd out/sim/mrpb-0.fst 2>/dev/null | grep '^#[0-9]' | sed -n '1p;$p' | tr '\n' ' ')" = "#1000 #4005 " ]; then
    ok "--rtl-fst mrpb:0:100-400: out/sim/mrpb-0.fst holds core cycles 100..400, with its GTKWave save file"
else
    bad "--rtl-fst mrpb:0:100-400" "$(cat "$T/fst.err")"
fi
# Decision traces: a trace-event JSON (read back by jq's JSON parser) with a
# named track per channel and SM, one slice per scheduled DRAM request and per
# MRPB drain (as many as the statistics count over the whole run), their
# reasons and scores, and only the window's decisions when one is given.
DT=(--workload bfs --size 4096 --set mrpb=final --set mrpb.bypass=all --set dram.policy=mshr-s+a --quiet)
if "$M" sim "${DT[@]}" --trace-decisions "$T/dt.json" --trace-window 0-0 --json "$T/dt-stats.json" 2>"$T/dt.err" &&
    "$M" sim "${DT[@]}" --trace-decisions "$T/dtw.json" --trace-window 2000-6000 2>>"$T/dt.err"; then
    r=$(jq -r --slurpfile st "$T/dt-stats.json" '
        .traceEvents as $e | $st[0] as $s |
        [ ($e | all(has("name") and has("ph") and has("pid") and has("tid"))),
          ($e | map(select(.ph == "M" and .name == "thread_name")) | length) == 15 + 6 + 3,   # MRPB per SM, channels; SM 0 (--trace-sms): its 2 schedulers and its stores
          ($e | map(select(.ph != "M")) | all(.ts >= 0)),
          ($e | map(select(.ph == "X")) | all(.dur > 0 and (.args.cycle | type) == "number")),
          ($e | map(select(.cat == "dram")) | all(.args.why | IN("oldest", "hit", "rowscore", "w-hit", "w-oldest"))),
          ($e | map(select(.cat == "dram")) | all(has("args") and (.args | has("request_score") and has("row_score") and has("row_hit")))),
          ($e | map(select(.cat == "dram" and .args.why == "rowscore")) | any(.args.row_score > 0)),
          ($e | map(select(.cat == "dram")) | length) == $s.dram.reads_accepted + $s.dram.writes_accepted,
          ($e | map(select(.cat == "mrpb" and .ph == "X")) | length) == $s.mrpb.mrpb_drained,
          ($e | map(select(.name == "bypass")) | length) == $s.mrpb.mrpb_bypassed,
          ($e | map(select(.cat == "mrpb" and .ph == "X")) | all(.args.queue < 48))
        ] | map(tostring) | join(",")' "$T/dt.json")
    w=$(jq -r '[.traceEvents[] | select(.ph != "M") | .ts] | (min >= 2000 / 1400 - 0.000001 and max <= 6000 / 1400 + 0.01 and length > 0)' "$T/dtw.json")
    expect "--trace-decisions: structure, reasons and scores, one slice per decision; the window's only" "$r,$w" \
        "true,true,true,true,true,true,true,true,true,true,true,true"
else
    bad "--trace-decisions" "$(head -2 "$T/dt.err")"
fi
if jq -e '.mrpb.mrpb_requests_in > 0 and .mrpb.mrpb_requests_in == .sm.coalesced_lines and
          .mrpb.mrpb_drained == .mrpb.mrpb_requests_in and
          .mrpb.mrpb_l1_accepted + .mrpb.mrpb_bypassed == .mrpb.mrpb_drained' "$T/mrpb-c.json" >/dev/null; then
    ok "mrpb=final (atax): every coalesced line goes in, is drained and is taken ($(stat .mrpb.mrpb_requests_in "$T/mrpb-c.json"))"
else
    bad "mrpb=final (atax): the MRPB's counts do not add up" "$(jq -c .mrpb "$T/mrpb-c.json")"
fi
for m in "mrpb.policy=longest mrpb.greedy=1 mrpb.bypass=all" "mrpb.policy=rr mrpb.signature=block mrpb.flush=0" \
    "mrpb.reorder=0" "mrpb.signature=inblock mrpb.depth=2 mrpb.latency=1"; do
    sets=()
    for kv in $m; do sets+=(--set "$kv"); done
    "$M" sim --workload bfs --size 4096 --set mrpb=on "${sets[@]}" --check-dram --quiet --json "$T/mrpb-m.json" &&
        jq -e '.mrpb.mrpb_drained == .mrpb.mrpb_requests_in and .l1d.L1D_replies_received == .l1d.L1D_requests_wanting_reply' \
            "$T/mrpb-m.json" >/dev/null &&
        ok "mrpb=on $m: bfs runs, every request drained, the L1D's replies balance" || bad "mrpb=on $m: bfs"
done
"$M" sim --workload bfs --size 4096 --set sm.swl=4 --check-dram --quiet --json "$T/swl.json" &&
    ok "sm.swl=4: bfs runs" || bad "sm.swl=4: bfs failed"
# warps at a barrier do not count against the limit: blocks of 8 warps with a limit of 2 finish
"$M" sim --workload srad --size 32 --set sm.swl=2 --check-dram --quiet --json "$T/swl-bar.json" &&
    ok "sm.swl=2 with barriers (srad): runs to the end" || bad "sm.swl=2 with barriers (srad): failed"
# compare: a sweep, its table (IPC normalised to the first configuration,
# geometric mean), JSON and PNG chart; the same sweep as emitted jobs run by a
# shell and merged gives the same table.
CO=(--workload atax,vectoradd --size 256 --configs base=base-s,mrpb=base-s:mrpb=final --stats l1d.L1D_total_cache_miss_rate)
rm -rf "$T/cmp" "$T/cmp2"
if "$M" compare "${CO[@]}" --out "$T/cmp" --jobs 2 >"$T/cmp.out" 2>"$T/cmp.err"; then
    png=$(od -An -tx1 -N24 "$T/cmp/ipc.png" | tr -d ' \n')
    r=$(jq -r '[(.configs | map(.label) | join("+")), (.workloads | map(.workload) | join("+")),
                (.workloads | all(.ipc_norm.base == 1)), (.geomean_ipc_norm.mrpb > 0),
                (.workloads[0].stats | has("l1d.L1D_total_cache_miss_rate"))] | map(tostring) | join(",")' "$T/cmp/compare.json")
    expect "compare: configurations, workloads, normalisation, geometric mean, statistics" "$r" "base+mrpb,atax+vectoradd,true,true,true"
    # PNG signature, IHDR chunk, width 900 (0x384), height 500 (0x1f4)
    expect "compare: ipc.png is a 900 x 500 PNG" "${png:0:16},${png:24:8},${png:32:8},${png:40:8}" \
        "89504e470d0a1a0a,49484452,00000384,000001f4"
    grep -q "^geometric mean" "$T/cmp.out" && ok "compare: the table ends with the geometric mean" ||
        bad "compare: no geometric mean row" "$(head -3 "$T/cmp.out")"
    "$M" compare "${CO[@]}" --out "$T/cmp2" --emit-jobs >"$T/jobs.txt" &&
        [ "$(wc -l <"$T/jobs.txt")" = 4 ] && sh "$T/jobs.txt" && "$M" compare "${CO[@]}" --out "$T/cmp2" --merge >/dev/null 2>&1 &&
        cmp -s "$T/cmp/compare.json" "$T/cmp2/compare.json" &&
        ok "compare --emit-jobs (4 command lines) run by sh, then --merge: the same compare.json" ||
        bad "compare --emit-jobs / --merge" "$(head -2 "$T/jobs.txt")"
else
    bad "compare failed" "$(head -3 "$T/cmp.err")"
fi
# Perfect DRAM (the thesis' Figure 5.1): no DRAM command, every read and
# write still served; a streaming kernel speeds up several times, a kernel
# that mostly hits in the caches barely.
if "$M" sim --workload vectoradd --size 262144 --check-dram --quiet --json "$T/real.json" &&
    "$M" sim --workload vectoradd --size 262144 --set dram.perfect=1 --check-dram --quiet --json "$T/perfect.json"; then
    r=$(jq -r --slurpfile a "$T/real.json" '[.dram.n_act == 0, .dram.read_requests == $a[0].dram.read_requests,
        .gpu.gpu_tot_ipc > 2 * $a[0].gpu.gpu_tot_ipc] | map(tostring) | join(",")' "$T/perfect.json")
    expect "dram.perfect=1 (vectoradd): no ACT, the same reads served, IPC more than doubled" "$r" "true,true,true"
else
    bad "dram.perfect=1: vectoradd failed"
fi
for p in fcfs fr-fcfs mshr-m mshr-s mshr-s+a; do
    "$M" sim --workload bfs --size 4096 --set dram.policy=$p --check-dram --quiet --json "$T/pol-$p.json" &&
        ok "policy $p: bfs runs, --check-dram clean" || bad "policy $p: bfs failed"
done

# dram.map: the derived cut (GPGPU-Sim's GTX480 mapping, generalised to the
# geometry) and the same cut written as bit fields give the same runs; a bad
# map is refused.
samerun() {   # NAME SETTINGS-A -- SETTINGS-B: the same statistics
    local name=$1 a=() b=()
    shift
    while [ "$1" != -- ]; do a+=(--set "$1"); shift; done
    shift
    for kv in "$@"; do b+=(--set "$kv"); done
    "$M" sim --workload vectoradd --size 65536 "${a[@]}" --check-dram --quiet --json "$T/map0.json"
    "$M" sim --workload vectoradd --size 65536 "${b[@]}" --check-dram --quiet --json "$T/map1.json"
    if cmp -s <(jq 'del(.configuration, .command_line)' "$T/map0.json") <(jq 'del(.configuration, .command_line)' "$T/map1.json"); then
        ok "dram.map: $name"
    else
        bad "dram.map: $name: other statistics"
    fi
}
samerun "the default is RRRRRRRRRRRRBBBCCCCBC with mem.sub_select=bank" -- dram.map=RRRRRRRRRRRRBBBCCCCBC mem.sub_select=bank
samerun "the derived cut at 8 banks is RRRRRRRRRRRRBBCCCCBC" dram.banks=8 -- dram.banks=8 dram.map=RRRRRRRRRRRRBBCCCCBC
samerun "the derived cut at 2 KB rows, 8192 rows is RRRRRRRRRRRRRBBBCCCBC" dram.row_bytes=2048 dram.rows=8192 -- \
    dram.row_bytes=2048 dram.rows=8192 dram.map=RRRRRRRRRRRRRBBBCCCBC
"$M" sim --workload vectoradd --size 65536 --set dram.map=RRRRRRRRRRRRBBCCCCCGG --check-dram --quiet --json "$T/map2.json" &&
    ok "dram.map: bank groups in the low bits run clean under --check-dram" || bad "dram.map: RRRRRRRRRRRRBBCCCCCGG failed"
bad_input "a dram.map without the column bits" "dram.map has 2 R, 2 B, 0 G, 0 C" "$M" sim --set dram.map=RRBB

# Unloaded latency across clock domains: a value sent at edge k of domain A
# is seen at the first edge of domain B at or after it, edge ceil(k x fB / fA)
# (docs/sim.md, "Clocks"). The L1 access is at core cycle 1 (the load issues at
# cycle 0, the memory pipeline takes it next).
cdiv() { echo $((($1 + $2 - 1) / $2)); }
for clocks in 1400:1400:1400:924 1150:1150:1150:750 1400:700:1000:924 600:1300:800:924; do
    IFS=: read -r fc fi fl fd <<<"$clocks"
    FC=$((fc * 1000)) FI=$((fi * 1000)) FL=$((fl * 1000)) FD=$((fd * 1000))
    c=1
    i1=$(cdiv $(((c + 1) * FI)) $FC)                                 # crossbar takes it
    l1=$(cdiv $(((i1 + ICNT) * FL)) $FI)                             # at the L2
    d1=$(cdiv $(((l1 + L2 + LD) * FD)) $FL)                          # into dram_sched
    D=$((d1 + 3 + RCD + (ATOMS - 1) * CCDL + CL + TBURST))           # data done (queued, shortlisted, chosen, handed over)
    lf=$(((D * FL) / FD + 1))                                        # the L2 fills
    i2=$(cdiv $(((lf + 1) * FI)) $FL)                                # reply leaves
    r=$(cdiv $(((i2 + REPLY_FLITS - 1 + ICNT) * FC)) $FI)            # at the SM
    "$M" sim --workload "$T/l1hit" --set clock.core=$fc --set clock.icnt=$fi --set clock.l2=$fl --set clock.dram=$fd --set sm.pipeline=issue \
        --check-dram --quiet --json "$T/clk.json"
    expect "latency across clock domains (core:icnt:L2:DRAM $clocks MHz): L1 miss to reply" \
        "$(stat .memory_latency.maxmflatency "$T/clk.json")" $((r - c))
done

# Refresh and tFAW (options GPGPU-Sim does not have): the engine refreshes and
# the checker finds every command legal.
"$M" sim --workload vectoradd --size 262144 --set dram.tREFI=1900 --set dram.tRFC=100 --set dram.tFAW=23 \
    --check-dram --quiet --json "$T/ref.json" 2>"$T/ref.err"
refs=$(stat .dram.n_ref "$T/ref.json" 2>/dev/null)
if [ -n "$refs" ] && [ "$refs" -gt 0 ]; then
    ok "refresh and tFAW: $refs refreshes, --check-dram clean"
else
    bad "refresh and tFAW" "$(head -2 "$T/ref.err")"
fi
expect "merging: the cycle distribution counts the 8-long entry's cycles at length 8" \
    "$(jq '.l2.mshr_merge_length_cycles[7] > 0' "$T/merge8.json")" true

# Every built-in kernel (small), with the checker; the JSON is valid. Each
# kernel runs at one of the presets it runs at, taken in turn from kernel to
# kernel, and every preset runs at least one (tests/skip_tests.sh runs every
# kernel at every preset at quick sizes). At S-L1's GPUs (gtx680, gtx560):
# its applications and seven other kernels (vectoradd ... histo). histo's 24 KB blocks are
# refused where an SM has 16 KB (base-l, gtx560).
fails=0 runs=0
declare -A cfg_runs=()
cfgs=$("$M" sim --list-configs | awk '{print $1}')
sl1apps=" $("$M" sim --list-workloads | awk '/S-L1 stand-in:/ {print $1}' | tr '\n' ' ') "
while read -r k; do
    case $k in bfs) s=1024 ;; stream) s=1 ;; vectoradd) s=8192 ;; kmeans) s=1024 ;; b+tree) s=2000 ;; reduction) s=32768 ;; mergesort) s=2048 ;; histogram) s=16384 ;; cfd) s=1152 ;;
        histo) s=272 ;; mummer) s=1024 ;; spmv) s=8 ;; lbm) s=3 ;; cutcp) s=8 ;; sortnet) s=2048 ;; *) s=64 ;; esac   # small, not below their minimum
    for cfg in $cfgs; do
        case $cfg@$k in
        gtx680@* | gtx560@*)
            case "$sl1apps" in *" $k "*) ;; *) case $k in vectoradd | bfs | srad | kmeans | atax | transpose | histo) ;; *) continue ;; esac ;; esac ;;
        esac
        if [ "$k@$cfg" = histo@base-l ] || [ "$k@$cfg" = histo@gtx560 ]; then   # 24 KB of shared memory a block; 16 KB: refused
            "$M" sim --config "$cfg" --workload "$k" --size $s --quiet 2>"$T/all.err"
            [ $? = 2 ] && grep -q 'does not fit an SM' "$T/all.err" ||
                { bad "histo at $cfg: refused (a block needs 24 KB of shared memory)" "$(head -2 "$T/all.err")"; fails=$((fails + 1)); }
            continue
        fi
        echo "$k $cfg $s" >&3   # a candidate run
    done
done < <("$M" sim --list-workloads | awk '{print $1}') 3>"$T/all.list"
while read -r k cfg s; do
    runs=$((runs + 1))
    cfg_runs[$cfg]=1
    if ! "$M" sim --config "$cfg" --workload "$k" --size $s --check-dram --quiet --json "$T/all.json" 2>"$T/all.err" ||
        ! jq -e .gpu.gpu_tot_sim_insn "$T/all.json" >/dev/null; then
        bad "built-in $k at $cfg" "$(head -2 "$T/all.err")"
        fails=$((fails + 1))
    fi
done < <(in_turn <"$T/all.list")
missed=$(for c in $cfgs; do [ -n "${cfg_runs[$c]:-}" ] || echo "$c"; done | paste -sd' ')
[ -z "$missed" ] || { bad "every preset runs a built-in kernel" "none at $missed"; fails=$((fails + 1)); }
[ $fails = 0 ] && ok "every built-in kernel (small) at one preset in turn, every preset: $runs runs, --check-dram clean, valid JSON (histo refused at base-l and gtx560: its block does not fit)"

# Regressions (review of the first cut).
timeout 300 "$M" sim --workload srad --size 128 --set sm.scheduler=lrr --check-dram --quiet --json "$T/srad-lrr.json" &&
    ok "srad under LRR finishes (a block was kept by a shared-memory access)" || bad "srad under LRR"
"$M" sim --workload stream --size 4 --quiet --json "$T/wmiss.json"
expect "L2 write misses: every output line of stream 4 MB written once" "$(stat .l2.L2_write_misses "$T/wmiss.json")" 32768
expect "conservation at the L2: read misses sent to the DRAM = fills" \
    "$(stat .l2.L2_replies_received "$T/bfs1.json")" "$(stat .l2.L2_requests_wanting_reply "$T/bfs1.json")"
bad_input "a block that fits no SM" "does not fit an SM" "$M" sim --workload vectoradd --size 4096 --set sm.warps=4
# warp 0: BAR then work; warp 1: BAR as its last instruction; warp 2: work then BAR.
{
    printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 42\n0000 ffffffff 0 BAR.SYNC 0 0\n'
    for i in $(seq 40); do printf '0010 ffffffff 1 R2 IADD 1 R2 0\n'; done
    printf '0020 ffffffff 0 EXIT 0 0\nwarp = 1\ninsts = 1\n0000 ffffffff 0 BAR.SYNC 0 0\nwarp = 2\ninsts = 42\n'
    for i in $(seq 40); do printf '0010 ffffffff 1 R2 IADD 1 R2 0\n'; done
    printf '0000 ffffffff 0 BAR.SYNC 0 0\n0020 ffffffff 0 EXIT 0 0\n#END_TB\n'
} | mktrace "$T/bar" 1 96
"$M" sim --workload "$T/bar" --set sm.count=1 --set sm.schedulers=1 --quiet --json "$T/bar.json"
c1=$(stat .gpu.gpu_tot_sim_cycle "$T/bar.json")
# warp 0 passes the barrier only after warp 2's 40 dependent IADDs (4 cycles each), then does its 40: > 300 cycles (161 when released early)
if [ "$c1" -gt 300 ]; then ok "a BAR as a warp's last instruction does not release the others early ($c1 cycles)"
else bad "BAR released early: $c1 cycles"; fi
timeout 60 "$M" sim --workload "$T/bar" --set sm.count=1 --set sm.schedulers=1 --set sm.scheduler=two-level \
    --set sm.two_level_active=1 --quiet --json "$T/bar2.json" && ok "two-level with one active warp passes a barrier" ||
    bad "two-level scheduler stuck at a barrier"
timeout 120 "$M" sim --workload srad --size quick --set sm.scheduler=two-level --check-dram --quiet \
    --json "$T/srad-2l.json" && ok "srad under two-level finishes (warps at a barrier leave the active set)" ||
    bad "srad under two-level: stuck (barrier-waiting warps filled the active set)"

# Cycle counts (issue 46): a kernel's cycles are its core edges, both ends
# included, and no run issues more than sm.count x sm.schedulers x 32 thread
# instructions per cycle.
printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0\n#END_TB\n' | mktrace "$T/one" 1 32
"$M" sim --workload "$T/one" --quiet --json "$T/one.json"
c=$(stat .gpu.gpu_tot_sim_cycle "$T/one.json")
if [ "$c" -ge 1 ] && [ "$(stat '.gpu.gpu_tot_ipc <= 32' "$T/one.json")" = true ]; then
    ok "a one-instruction kernel takes $c >= 1 cycles, IPC $(stat .gpu.gpu_tot_ipc "$T/one.json") <= 32"
else bad "one-instruction kernel: $c cycles, IPC $(stat .gpu.gpu_tot_ipc "$T/one.json")"; fi
{
    printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 4\n'
    printf '0000 ffffffff 1 R2 IADD 1 R1 0\n0008 ffffffff 1 R3 IADD 1 R1 0\n0010 ffffffff 1 R4 IADD 1 R1 0\n'
    printf '0018 ffffffff 0 EXIT 0 0\n#END_TB\n'
} | mktrace "$T/four" 1 32
"$M" sim --workload "$T/four" --set sm.pipeline=issue --quiet --json "$T/four.json"
expect "four independent instructions of one warp: 4 cycles, IPC 32 (one warp issues at most one per cycle)" \
    "$(stat '[.gpu.gpu_tot_sim_cycle, .gpu.gpu_tot_ipc] | map(tostring) | join(",")' "$T/four.json")" "4,32"
# GPGPU-Sim's pipeline: fetched in cycle 0, decoded in 1, two issued in 2 and
# 3; fetched again in 3, decoded in 4, the IADD and the EXIT issued in 5 and
# 6; each written back sm.lat_int + 6 later: the block leaves in cycle 16
"$M" sim --workload "$T/four" --set sm.pipeline=gpgpusim --quiet --json "$T/four-p.json"
expect "the same with GPGPU-Sim's pipeline: 6 + sm.lat_int + 6 cycles" "$(stat .gpu.gpu_tot_sim_cycle "$T/four-p.json")" \
    $((6 + $(key sm.lat_int) + 6))
"$M" sim --workload vectoradd --size quick --set run.max_cycles=1 --quiet --json "$T/max1.json" 2>"$T/max1.err"
rc=$?
peak=$(( $(key sm.count) * $(key sm.schedulers) * 32 ))
if [ $rc = 1 ] && grep -q 'stopped by run.max_cycles=1' "$T/max1.err" &&
   [ "$(stat '.gpu.stopped_by_max_cycles' "$T/max1.json")" = true ] &&
   [ "$(stat ".gpu.gpu_tot_sim_cycle == 1 and .gpu.gpu_tot_ipc <= $peak" "$T/max1.json")" = true ]; then
    ok "run.max_cycles=1: exit 1, says so, 1 cycle, IPC $(stat .gpu.gpu_tot_ipc "$T/max1.json") <= $peak"
else bad "run.max_cycles=1: exit $rc, $(cat "$T/max1.err"), $(jq -c .gpu "$T/max1.json" | cut -c1-200)"; fi
# a cut inside a stretch of clock steps at which every unit sleeps (gesummv:
# a few busy SMs waiting on the DRAM): the run skipping them stops at the
# same core edge, with the statistics of the run that steps every unit
for s in 0 1; do
    "$M" sim --workload gesummv --size quick --config gtx480-mib --set run.max_cycles=123457 --set run.skip=$s \
        --quiet --json "$T/maxs$s.json" 2>/dev/null
done
if [ "$(stat .gpu.gpu_tot_sim_cycle "$T/maxs1.json")" = 123457 ] &&
   cmp -s <(jq -S 'del(.host, .command_line, .configuration["run.skip"])' "$T/maxs1.json") \
          <(jq -S 'del(.host, .command_line, .configuration["run.skip"])' "$T/maxs0.json"); then
    ok "run.max_cycles=123457 with idle clock steps skipped: the same statistics as stepping every unit"
else bad "run.max_cycles=123457: run.skip=1 and run.skip=0 differ (diff $T/maxs1.json $T/maxs0.json)"; fi
