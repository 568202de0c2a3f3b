#!/usr/bin/env bash
# sim_semantics_tests.sh - GPGPU-Sim's memory semantics as the system model
# has them (docs/sim.md "Coalescer", "Crossbar", "Set index"): one directed
# trace per semantic, its expected statistics worked out by hand. One
# PASS/FAIL line per check.
# Usage: tests/sim_semantics_tests.sh [MEMSCHED]
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/semantics
rm -rf "$T"
mkdir -p "$T"

# lanes ADDR STRIDE N: N lane addresses from ADDR, STRIDE bytes apart.
lanes() { local i; for ((i = 0; i < $3; i++)); do printf ' 0x%x' $(($1 + i * $2)); done; }
# one_warp DIR "INSTRUCTION LINES": a block of one warp running them, then EXIT.
one_warp() {
    local n
    n=$(printf '%s\n' "$2" | grep -c .)
    { printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = %d\n%s\n' $((n + 1)) "$2"
      printf '0100 ffffffff 0 EXIT 0 0\n#END_TB\n'; } | mktrace "$1" 1 32
}
# run NAME DIR ARGS...: the run's JSON in $T/NAME.json, instructions executing as
# they issue (sm.pipeline=issue: the cycle counts below are by hand;
# tests/sim_pipe_tests.sh checks GPGPU-Sim's pipeline)
run() {
    local name=$1 dir=$2
    shift 2
    "$M" sim --workload "$dir" --check-dram --quiet --json "$T/$name.json" --set sm.pipeline=issue "$@" 2>"$T/$name.err" ||
        bad "$name: the run" "$(head -2 "$T/$name.err")"
}
S='[.sm.coalesced_lines, .icnt.packets_simt_to_mem, .icnt.bytes_simt_to_mem, .icnt.icnt_total_pkts_simt_to_mem] | map(tostring) | join(",")'

# A scattered 4-byte store, every lane in its own line: with Fermi's
# coalescer each lane is a 32 B segment, a 40 B packet (8 B header + 32 B),
# one 40 B flit; a line per lane, 136 B and 4 flits each.
one_warp "$T/scatter" "0000 ffffffff 0 STG.E 2 R2 R0 4 0$(lanes 0x100000 4096 32)"
run scatter-fermi "$T/scatter" --set sm.coalesce=fermi --set icnt.flit=40
expect "a scattered store (fermi): 32 segments, 32 packets of 40 B, one flit each" "$(stat "$S" "$T/scatter-fermi.json")" \
    "32,32,1280,32"
run scatter-line "$T/scatter" --set sm.coalesce=line --set icnt.flit=40
expect "a scattered store (line): 32 lines, 32 packets of 136 B, 4 flits each" "$(stat "$S" "$T/scatter-line.json")" \
    "32,32,4352,128"

# A coalesced 4-byte store of 128 B: one 128 B request under every coalescer
# but sector, which makes one per 32 B sector.
one_warp "$T/store128" "0000 ffffffff 0 STG.E 2 R2 R0 4 0$(lanes 0x100000 4 32)"
for co in line fermi; do
    run store128-$co "$T/store128" --set sm.coalesce=$co
    expect "a coalesced 128 B store ($co): one request of 136 B" "$(stat "$S" "$T/store128-$co.json")" "1,1,136,5"
done
run store128-sector "$T/store128" --set sm.coalesce=sector
expect "a coalesced 128 B store (sector): four 32 B requests" "$(stat "$S" "$T/store128-sector.json")" "4,4,160,8"

# A byte load of 32 consecutive bytes: one 32 B segment. Through the L1D it
# fetches the line (136 B reply); bypassing it (l1.bypass=1) the reply is the
# segment, 40 B. A 2-byte store of 64 bytes at 0x100040: one 64 B segment,
# the line's upper half, a 72 B packet (with l1.bypass=1, 32 B segments for
# every width, as GPGPU-Sim's -gpgpu_gmem_skip_L1D: two).
one_warp "$T/byte" "0000 ffffffff 1 R2 LDG.E.U8 1 R0 1 0$(lanes 0x100020 1 32)"
R='[.sm.coalesced_lines, .icnt.bytes_mem_to_simt] | map(tostring) | join(",")'
run byte-l1 "$T/byte" --set sm.coalesce=fermi
expect "a byte load of 32 B (fermi, L1D): one segment, the line's 136 B reply" "$(stat "$R" "$T/byte-l1.json")" "1,136"
run byte-byp "$T/byte" --set sm.coalesce=fermi --set l1.bypass=1
expect "a byte load of 32 B (fermi, bypassing the L1D): one segment, a 40 B reply" "$(stat "$R" "$T/byte-byp.json")" "1,40"
one_warp "$T/half" "0000 ffffffff 0 STG.E.U16 2 R2 R0 2 0$(lanes 0x100040 2 32)"
run half "$T/half" --set sm.coalesce=fermi
expect "a 2-byte store of 64 B at the line's upper half: one 64 B segment, a 72 B packet" "$(stat "$S" "$T/half.json")" \
    "1,1,72,3"
run half-byp "$T/half" --set sm.coalesce=fermi --set l1.bypass=1
expect "the same bypassing the L1D: two 32 B segments" "$(stat "$S" "$T/half-byp.json")" "2,2,80,4"
# 4-byte loads of lanes 0 and 31 only, 124 B apart: through the L1D, both
# quarters of one 128 B segment are touched, so it is not shrunk (one
# request); bypassing it, two 32 B segments.
one_warp "$T/ends" "0000 80000001 1 R2 LDG.E 1 R0 4 0 0x100000 0x10007c"
run ends-byp "$T/ends" --set sm.coalesce=fermi --set l1.bypass=1
expect "4-byte loads at a segment's two ends (bypass; 32 B segments): two 32 B requests, two 40 B replies" \
    "$(stat "$R" "$T/ends-byp.json")" "2,80"
run ends-l1 "$T/ends" --set sm.coalesce=fermi
expect "4-byte loads at a 128 B segment's two ends (L1D): one request" "$(stat "$R" "$T/ends-l1.json")" "1,136"
# Two 32 B segments of one line in one instruction (1-byte lanes 0-15 at the
# line's start, 16-31 at its end): two L1D accesses, the second merges into
# the first's MSHR entry (a pending hit), one fetch.
one_warp "$T/two" "0000 ffffffff 1 R2 LDG.E.U8 1 R0 1 0$(lanes 0x100000 1 16)$(lanes 0x100070 1 16)"
run two "$T/two" --set sm.coalesce=fermi
expect "two byte segments of one line: requests, L1D read accesses, pending hits, replies" \
    "$(stat '[.sm.coalesced_lines, .l1d.L1D_read_accesses, .l1d.L1D_total_cache_pending_hits, .icnt.packets_mem_to_simt] | map(tostring) | join(",")' "$T/two.json")" \
    "2,2,1,1"

# Store acknowledgements (sm.store_ack=1, GPGPU-Sim): the L2 answers a store
# with an 8 B reply; the warp's block ends only when it has it (the kernel
# lasts a round trip more, nothing is left to drain), and MEMBAR waits for
# it. Without them a store is fire and forget: the kernel ends at once and
# the store is drained after it.
ICNT=$(key icnt.latency) L2=$(key l2.latency)
one_warp "$T/st" "0000 ffffffff 0 STG.E 2 R2 R0 4 0$(lanes 0x100000 4 32)"
A='[.gpu.gpu_tot_sim_cycle, .gpu.drain_cycles, .l1d.L1D_requests_wanting_reply, .l1d.L1D_replies_received, .icnt.bytes_mem_to_simt] | map(tostring) | join(",")'
run st-noack "$T/st" --set sm.store_ack=0
expect "a store without acknowledgements: kernel cycles 2 (STG, EXIT), drained after, no reply" \
    "$(stat "$A" "$T/st-noack.json" | cut -d, -f1,3-)" "2,0,0,0"
run st-ack "$T/st" --set sm.store_ack=1
IFS=, read -r cyc drain want got bytes <<<"$(stat "$A" "$T/st-ack.json")"
expect "a store acknowledged: wanting a reply, replies, reply bytes, drain" "$want,$got,$bytes,$drain" "1,1,8,0"
[ "$cyc" -gt $((2 + 2 * ICNT + L2)) ] && ok "the warp's block waits for its store's acknowledgement ($cyc > 2 + round trip $((2 * ICNT + L2)))" ||
    bad "store acknowledgement" "kernel cycles $cyc, not beyond a round trip"
# MEMBAR: STG; MEMBAR; LDG (an L1D miss); use it; EXIT. With acknowledgements
# the load waits for the store's, so the kernel lasts about an acknowledgement
# longer than without the MEMBAR (where the two overlap).
LD="0010 00000001 1 R4 LDG.E 1 R0 4 0 0x200000
0018 00000001 1 R5 FADD 2 R4 R4 0"
one_warp "$T/mb" "0000 ffffffff 0 STG.E 2 R2 R0 4 0$(lanes 0x100000 4 32)
0008 ffffffff 0 MEMBAR.SC.GPU 0 0
$LD"
one_warp "$T/nomb" "0000 ffffffff 0 STG.E 2 R2 R0 4 0$(lanes 0x100000 4 32)
0008 ffffffff 0 NOP 0 0
$LD"
for d in mb nomb; do run $d-ack "$T/$d" --set sm.store_ack=1; run $d-noack "$T/$d" --set sm.store_ack=0; done
C=.gpu.gpu_tot_sim_cycle
mb=$(stat $C "$T/mb-ack.json") nomb=$(stat $C "$T/nomb-ack.json")
[ $((mb - nomb)) -gt $((2 * ICNT + L2)) ] && ok "MEMBAR waits for the store's acknowledgement ($mb vs $nomb cycles without it)" ||
    bad "MEMBAR and acknowledgements" "$mb vs $nomb cycles"
expect "without acknowledgements MEMBAR waits for nothing a store sent" "$(stat $C "$T/mb-noack.json")" "$(stat $C "$T/nomb-noack.json")"

# l1.miss_latency=1 (GPGPU-Sim 4's -gpgpu_l1_latency): a miss spends the
# L1's latency before it leaves for the L2, so one load miss takes
# l1.latency - 1 cycles more than when it leaves the next cycle.
L1=$(key l1.latency)
one_warp "$T/ld" "0000 00000001 1 R4 LDG.E 1 R0 4 0 0x200000
0008 00000001 1 R5 FADD 2 R4 R4 0"
EQ=(--set clock.core=1000 --set clock.icnt=1000 --set clock.l2=1000 --set clock.dram=1000)
run ld-0 "$T/ld" "${EQ[@]}" --set l1.miss_latency=0 --set l1.latency=20
run ld-1 "$T/ld" "${EQ[@]}" --set l1.miss_latency=1 --set l1.latency=20
L='.memory_latency.load_latency_max'
expect "l1.miss_latency=1: a load miss takes l1.latency - 1 cycles more" \
    "$(($(stat $L "$T/ld-1.json") - $(stat $L "$T/ld-0.json")))" 19

# l1.flush=1 (-gpgpu_flush_l1_cache): the L1D is invalidated when its SM runs
# no block, so a second kernel loading the line the first one loaded misses
# in the L1D again; without the flush it hits (one SM: both blocks on it).
mkdir -p "$T/k2"
cp "$T/ld/kernel-1.traceg" "$T/k2/kernel-1.traceg"
sed 's/^-kernel id = 1/-kernel id = 2/' "$T/ld/kernel-1.traceg" >"$T/k2/kernel-2.traceg"
printf 'kernel-1.traceg\nkernel-2.traceg\n' >"$T/k2/kernelslist.g"
H='[.l1d.L1D_read_accesses, .l1d.L1D_read_misses] | map(tostring) | join(",")'
run k2-keep "$T/k2" --set sm.count=1 --set l1.flush=0
expect "two kernels load one line, no flush: L1D read accesses, misses" "$(stat "$H" "$T/k2-keep.json")" "2,1"
run k2-flush "$T/k2" --set sm.count=1 --set l1.flush=1
expect "two kernels load one line, L1D flushed between them: accesses, misses" "$(stat "$H" "$T/k2-flush.json")" "2,2"

# l2.memcpy_fill=1 (-gpgpu_perf_sim_memcpy): vectoradd of 4096 elements
# copies a, b, c (16 KB each, 384 lines) to the GPU first; the copies put
# their lines in the L2, so the kernel's 256 read lines of a and b hit;
# without it they all miss.
M2='[.l2.memcpy_filled_lines, .l2.L2_read_misses, .l2.L2_read_accesses] | map(tostring) | join(",")'
run mc-on vectoradd --size 4096 --set l2.memcpy_fill=1
expect "memcpy into the L2: lines filled, L2 read misses, L2 read accesses" "$(stat "$M2" "$T/mc-on.json")" "384,0,256"
run mc-off vectoradd --size 4096 --set l2.memcpy_fill=0
expect "no memcpy into the L2: lines filled (none), read misses, read accesses" "$(stat "$M2" "$T/mc-off.json")" "null,256,256"

# l2.write_alloc (docs/sim.md "L2"): one warp on each of 6 SMs stores 4 B to
# one line (after one another through the crossbar).
#   naive (GPGPU-Sim's W): every store goes on to the DRAM (6 DRAM writes,
#     each acknowledged by the DRAM); the first fetches the line (1 read)
#     through an MSHR entry the other five merge into (pending hits);
#   none (N): every store goes on, nothing is allocated or fetched;
#   lazy (L): the line is allocated and written, nothing fetched;
#   fetch (F): the partial store fetches the line, the rest merge.
for ((b = 0; b < 6; b++)); do
    printf '#BEGIN_TB\nthread block = %d,0,0\nwarp = 0\ninsts = 2\n' $b
    printf '0000 00000001 0 STG.E 2 R2 R0 4 0 0x200000\n0010 00000001 0 EXIT 0 0\n#END_TB\n'
done | mktrace "$T/wr6" 6 32
W='[.dram.read_requests, .dram.write_requests, (.l2.mshr_merge_length_hist | add), .l2.L2_write_misses, .l2.L2_total_cache_pending_hits, .l1d.L1D_replies_received] | map(tostring) | join(",")'
for wa in naive:1,6,1,1,5,6 none:0,6,0,6,0,6 lazy:0,0,0,1,0,6 fetch:1,0,1,1,5,6 whole:0,0,0,1,0,6; do
    run "wr6-${wa%%:*}" "$T/wr6" --set l2.write_alloc=${wa%%:*}
    expect "l2.write_alloc=${wa%%:*}: 6 SMs store to a line: DRAM reads, writes, MSHR entries, write misses, pending hits, acks" \
        "$(stat "$W" "$T/wr6-${wa%%:*}.json")" "${wa#*:}"
done
# fetch: a store writing the whole line (32 lanes x 4 B) fetches nothing.
one_warp "$T/wfull" "0000 ffffffff 0 STG.E 2 R2 R0 4 0$(lanes 0x200000 4 32)"
run wfull "$T/wfull" --set l2.write_alloc=fetch
expect "l2.write_alloc=fetch: a store of the whole line: DRAM reads, L2 write misses" \
    "$(stat '[.dram.read_requests, .l2.L2_write_misses] | map(tostring) | join(",")' "$T/wfull.json")" "0,1"
# lazy: a line partly written, then read: the read fetches it (an L2 read
# miss, a DRAM read); whole counts the line written and the read hits.
one_warp "$T/wr" "0000 00000001 0 STG.E 2 R2 R0 4 0 0x200000
0008 ffffffff 0 MEMBAR.SC.GPU 0 0
0010 00000001 1 R4 LDG.E 1 R0 4 0 0x200000
0018 00000001 1 R5 FADD 2 R4 R4 0"
R2='[.l2.L2_read_misses, .dram.read_requests] | map(tostring) | join(",")'
run wr-lazy "$T/wr" --set l2.write_alloc=lazy
expect "l2.write_alloc=lazy: a read of a partly written line: L2 read misses, DRAM reads" "$(stat "$R2" "$T/wr-lazy.json")" "1,1"
run wr-whole "$T/wr" --set l2.write_alloc=whole
expect "l2.write_alloc=whole: the same read hits" "$(stat "$R2" "$T/wr-whole.json")" "0,0"

# l2.sectored=1 (GPGPU-Sim's S): a one-lane load missing in the L1D fetches
# the line, which the L2 splits into its 4 sectors: 4 accesses (a miss and
# 3 sector misses), 4 DRAM reads of 32 B (one column command each: a burst
# is 64 B), 4 replies of 40 B, one L1D fill. Bypassing the L1D, the load is
# one 32 B sector: one access, one read, one 40 B reply; a second load of
# another sector of that line is a sector miss.
one_warp "$T/s1" "0000 00000001 1 R4 LDG.E 1 R0 4 0 0x200000
0008 00000001 1 R5 FADD 2 R4 R4 0"
SQ='[.l2.L2_total_cache_accesses, .l2.L2_sector_misses, .dram.read_requests, .dram.n_rd, .icnt.packets_mem_to_simt, .icnt.bytes_mem_to_simt, .l1d.L1D_replies_received] | map(tostring) | join(",")'
run s1 "$T/s1" --set l2.sectored=1
expect "sectored L2, a line fetch: L2 accesses, sector misses, DRAM reads, RD commands, replies, reply bytes, L1D replies" \
    "$(stat "$SQ" "$T/s1.json")" "4,3,4,4,4,160,4"
run s1-line "$T/s1" --set l2.sectored=0
expect "line L2, the same: one access, one read of two bursts, one 136 B reply" "$(stat "$SQ" "$T/s1-line.json")" \
    "1,null,1,2,1,136,1"
run s1-byp "$T/s1" --set l2.sectored=1 --set l1.bypass=1
expect "sectored L2, a one-lane load bypassing the L1D: one sector" "$(stat "$SQ" "$T/s1-byp.json")" "1,0,1,1,1,40,1"
one_warp "$T/s2" "0000 00000001 1 R4 LDG.E 1 R0 4 0 0x200000
0008 00000001 1 R5 FADD 2 R4 R4 0
0010 00000001 1 R6 LDG.E 1 R0 4 0 0x200020
0018 00000001 1 R7 FADD 2 R6 R6 0"
run s2-byp "$T/s2" --set l2.sectored=1 --set l1.bypass=1
expect "sectored L2: a second sector of a line that is there is a sector miss" "$(stat "$SQ" "$T/s2-byp.json")" "2,1,2,2,2,80,2"

# Local memory (sm.local_map; docs/sim.md "Local memory"): every lane of a
# warp stores its own local word 4 (address 0x10, the same for every thread,
# as the tracer writes it). GPGPU-Sim places word d of hardware thread t of
# SM s at 0x3fc00000 + 4 (d N + base), base = nTpC (s + S (t / nTpC)) +
# t mod nTpC, N = nTpC x blocks per SM x S: here nTpC 32, 8 blocks, S 15
# SMs, N = 3840, so block 0 (SM 0) writes the 128 B at 0x3fc0f000 and block 1
# (SM 1) the next 128 B: two whole-line stores of 136 B. As given, every lane
# writes the same 4 B: two 32 B segments of 40 B.
stl_block() { # stl_block BLOCK WIDTH [WARPS]: one STL of WIDTH bytes at 0x10 by every lane of each warp
    local w
    printf '#BEGIN_TB\nthread block = %d,0,0\n' "$1"
    for ((w = 0; w < ${3:-1}; w++)); do
        printf 'warp = %d\ninsts = 2\n0000 ffffffff 0 STL 2 R2 R0 %d 0%s\n0100 ffffffff 0 EXIT 0 0\n' \
            "$w" "$2" "$(lanes 0x10 0 32)"
    done
    printf '#END_TB\n'
}
# lines_of NAME: the request lines the run's decision trace shows, by SM then address
lines_of() { grep -o '"sm":[0-9]*,"warp":[0-9]*,"pc":"[^"]*","addr":"[^"]*","line":"[^"]*"' "$T/$1.dtrace" |
    sed 's/.*"sm":\([0-9]*\),"warp":\([0-9]*\).*"line":"\([^"]*\)"/\1:\2:\3/' | sort | tr '\n' ' '; }
{ stl_block 0 4; stl_block 1 4; } | mktrace "$T/local" 2 32
run local-map "$T/local" --trace-decisions "$T/local-map.dtrace" --trace-sms all
expect "local memory (gpgpusim): each block's 32 words side by side, a whole line each" \
    "$(stat "$S" "$T/local-map.json")" "2,2,272,10"
expect "local memory (gpgpusim): SM 0's line at 0x3fc0f000, SM 1's the next" "$(lines_of local-map)" \
    "0:0:0x7f81e0 1:0:0x7f81e1 "
run local-none "$T/local" --set sm.local_map=none
expect "local memory (none): every lane the same 4 B, a 32 B segment a warp" "$(stat "$S" "$T/local-none.json")" \
    "2,2,80,4"
# One SM: the two blocks are its slots 0 and 1 (t / nTpC), N = 32 x 8 x 1: 0x3fc01000 and the next line
run local-1sm "$T/local" --set sm.count=1 --trace-decisions "$T/local-1sm.dtrace" --trace-sms all
expect "local memory (gpgpusim): two blocks of one SM, by block slot" "$(lines_of local-1sm)" "0:0:0x7f8020 0:1:0x7f8021 "
# legacy (-gpgpu_local_mem_map 0): base = sm.threads x s + t, N = sm.threads x S = 1536 x 15:
# word 4 of SM 0 at 0x3fc5a000, of SM 1 6 KB further (0x3fc5b800)
printf -- '-gpgpu_local_mem_map 0\n' >"$T/local-legacy.config"
run local-legacy "$T/local" --config "$T/local-legacy.config" --trace-decisions "$T/local-legacy.dtrace" --trace-sms all
expect "local memory (legacy, from -gpgpu_local_mem_map 0): by hardware thread" "$(lines_of local-legacy)" \
    "0:0:0x7f8b40 1:0:0x7f8b70 "
# A block of two warps: warp 1's threads are 32..63 (nTpC 64, N = 7680): word 4 at 0x3fc1e080.
# An 8 B access is two 4 B words N x 4 B apart: two lines for each warp.
stl_block 0 8 2 | mktrace "$T/local2" 1 64
run local-wide "$T/local2" --trace-decisions "$T/local-wide.dtrace" --trace-sms all
expect "local memory: an 8 B access is two words (two lines a warp); warp 1 follows warp 0" "$(lines_of local-wide)" \
    "0:0:0x7f83c0 0:0:0x7f84b0 0:1:0x7f83c1 0:1:0x7f84b1 "

exit $status
