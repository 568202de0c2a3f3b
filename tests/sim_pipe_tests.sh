#!/usr/bin/env bash
# sim_pipe_tests.sh - GPGPU-Sim's issue pipeline (sm.pipeline=gpgpusim;
# docs/sim.md "Issue pipeline"), on tiny traces whose cycle counts are worked
# out by hand from the pipeline's stages: each check compares two runs that
# differ in one thing, so the fixed costs (launch, fetch, drain) cancel. One
# SM, one warp scheduler. One PASS/FAIL line per check.
# Usage: tests/sim_pipe_tests.sh [MEMSCHED]
set -u
cd "$(dirname "$0")/.."
M=${1:-build/memsched}
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/sim_pipe
rm -rf "$T"
mkdir -p "$T"

# warps DIR W "LINE" N: a block of W warps, each running LINE N times, then
# EXIT; a %d in LINE becomes 4 + i mod 16 in the i-th (sixteen destinations
# in turn: no instruction waits for one ten back)
warps() {
    local w i
    {
        printf '#BEGIN_TB\nthread block = 0,0,0\n'
        for ((w = 0; w < $2; w++)); do
            printf 'warp = %d\ninsts = %d\n' "$w" $(($4 + 1))
            # shellcheck disable=SC2059
            for ((i = 0; i < $4; i++)); do printf "$3\n" $((4 + i % 16)); done
            printf '0020 ffffffff 0 EXIT 0 0\n'
        done
        printf '#END_TB\n'
    } | mktrace "$1" 1 $((32 * $2))
}
LAT=$(key sm.lat_int)
P=(--set sm.pipeline=gpgpusim)

# A chain of dependent IADDs in one warp: the next issues when the last is
# written back. Issue t; ID_OC -> collector t+1; its register read t+2; to
# OC_EX t+3; into an SP unit t+4; written back lat + 2 later, when the
# dependent issues: one every lat + 6 cycles (lat without the pipeline).
CH='0010 ffffffff 1 R2 IADD 1 R2 0'
warps "$T/ch10" 1 "$CH" 10
warps "$T/ch20" 1 "$CH" 20
d=$(($(cycles "$T/ch20" "${P[@]}") - $(cycles "$T/ch10" "${P[@]}")))
expect "a dependent chain: one IADD every sm.lat_int + 6 cycles (10 more: 10 x $((LAT + 6)))" "$d" $((10 * (LAT + 6)))
d=$(($(cycles "$T/ch20" --set sm.pipeline=issue) - $(cycles "$T/ch10" --set sm.pipeline=issue)))
expect "the same chain with sm.pipeline=issue: one every sm.lat_int cycles" "$d" $((10 * LAT))

# Independent IADDs in one warp (no sources, a destination each): its
# instruction buffer holds two; the last one issued (cycle c) is fetched
# again in c, decoded in c + 1, issued from c + 2: two instructions every
# three cycles. (A destination is held until its writeback: one written
# again at once would wait for it.)
IN='0010 ffffffff 1 R%d IADD 0 0'
warps "$T/in20" 1 "$IN" 20
warps "$T/in40" 1 "$IN" 40
d=$(($(cycles "$T/in40" "${P[@]}") - $(cycles "$T/in20" "${P[@]}")))
expect "one warp's independent instructions: two every three cycles (20 more: 30 cycles)" "$d" 30

# Register banks: register r of warp w is in bank (r + w) mod sm.reg_banks,
# one read per bank and cycle. R2 and R18 share a bank of 16, so each
# instruction of a chain reading both takes one cycle more to collect (ten
# more instructions: ten cycles more than a chain reading R2 and R3); with
# 32 banks they do not.
for n in 10 20; do
    warps "$T/b18-$n" 1 '0010 ffffffff 1 R2 IADD 2 R2 R18 0' $n
    warps "$T/b3-$n" 1 '0010 ffffffff 1 R2 IADD 2 R2 R3 0' $n
done
span() { echo $(($(cycles "$T/$1-20" "${P[@]}" "${@:2}") - $(cycles "$T/$1-10" "${P[@]}" "${@:2}"))); }
d=$(($(span b18 --set sm.reg_banks=16) - $(span b3 --set sm.reg_banks=16)))
expect "a bank conflict (R2, R18 in 16 banks): one cycle more per instruction (10 more: 10)" "$d" 10
d=$(($(span b18 --set sm.reg_banks=32) - $(span b3 --set sm.reg_banks=32)))
expect "no conflict in 32 banks: the same cycles" "$d" 0
j=$(ls "$T"/b18-10-*reg_banks=16*.json)
v=$(stat '.sm.reg_bank_conflicts' "$j")
[ "$v" -ge 10 ] 2>/dev/null && ok "sm.reg_bank_conflicts counts them ($v >= 10)" || bad "sm.reg_bank_conflicts" "got '$v'"

# SP units: eight warps of independent IADDs and two schedulers; the fetch
# brings two instructions a cycle, so one SP unit (one instruction a
# cycle) takes at least the instruction count in cycles, and two take
# fewer than three quarters of it.
warps "$T/sp" 8 "$IN" 40
u1=$(cycles "$T/sp" "${P[@]}" --set sm.schedulers=2 --set sm.units_sp=1)
u2=$(cycles "$T/sp" "${P[@]}" --set sm.schedulers=2 --set sm.units_sp=2)
N=$((8 * 41))
if [[ $u1 =~ ^[0-9]+$ && $u2 =~ ^[0-9]+$ ]]; then
    [ "$u1" -ge "$N" ] && ok "sm.units_sp=1: one instruction a cycle ($u1 cycles >= $N instructions)" ||
        bad "sm.units_sp=1" "$u1 cycles < $N instructions"
    [ $((4 * u2)) -lt $((3 * N)) ] && ok "sm.units_sp=2: two a cycle ($u2 cycles < 3/4 x $N)" ||
        bad "sm.units_sp=2" "$u2 cycles, not below 3/4 x $N"
else
    bad "sm.units_sp runs" "$u1 / $u2"
fi

# The result buses: with sm.ex_wb=1 only one instruction a cycle can be
# written back, so two SP units do no better than one.
w1=$(cycles "$T/sp" "${P[@]}" --set sm.schedulers=2 --set sm.units_sp=2 --set sm.ex_wb=1)
[[ $w1 =~ ^[0-9]+$ ]] && [ "$w1" -ge "$N" ] && ok "sm.ex_wb=1: one writeback a cycle ($w1 cycles >= $N)" ||
    bad "sm.ex_wb=1" "got '$w1', expected at least $N"

# FP64 runs on the SFU (Fermi has no FP64 units): an independent DADD after a
# MUFU waits until the SFU is free again, sm.ii_sfu cycles after the MUFU
# entered it, where after an IADD it enters the cycle after. (sm.lat_dp=30:
# the DADD's result is the last one.)
for first in 'MUFU.RCP' 'IADD'; do
    { printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n'
      printf '0000 ffffffff 1 R4 %s 0 0\n0008 ffffffff 1 R6 DADD 0 0\n0010 ffffffff 0 EXIT 0 0\n#END_TB\n' "$first"
    } | mktrace "$T/dp-${first%%.*}" 1 32
done
IISFU=$(key sm.ii_sfu)
d=$(($(cycles "$T/dp-MUFU" "${P[@]}" --set sm.lat_dp=30) - $(cycles "$T/dp-IADD" "${P[@]}" --set sm.lat_dp=30)))
expect "FP64 shares the SFU: a DADD after a MUFU waits sm.ii_sfu - 1 = $((IISFU - 1)) cycles more" "$d" $((IISFU - 1))

# The memory pipeline: shared-memory stores of eight warps go through the
# ID_OC_MEM register (one wide), the MEM collectors and the LD/ST unit one a
# cycle: at least the store count in cycles.
warps "$T/sts" 8 "0010 ffffffff 0 STS 2 R1 R2 4 0$(for i in $(seq 0 31); do printf ' 0x%x' $((i * 4)); done)" 20
s=$(cycles "$T/sts" "${P[@]}" --set sm.schedulers=2)
[[ $s =~ ^[0-9]+$ ]] && [ "$s" -ge 160 ] && ok "the LD/ST unit takes one access a cycle ($s cycles >= 160 stores)" ||
    bad "the LD/ST unit" "got '$s', expected at least 160"

# A load goes the MEM way: issued in t, in a MEM collector in t + 1, its
# address register read in t + 2, in OC_EX_MEM in t + 3, taken by the LD/ST
# unit in t + 4, into the L1D in t + 5: four cycles later than when it
# executes as it issues (its L1D access in t + 1).
warps "$T/ld" 1 '0000 00000001 1 R%d LDG.E 1 R0 4 0 0x200000' 1
lat() {
    cycles "$T/ld" --set sm.pipeline="$1" >/dev/null
    stat .memory_latency.load_latency_max "$(ls "$T"/ld-*pipeline="$1"*.json)"
}
expect "a load's issue to result: four cycles of collector and LD/ST unit more" $(($(lat gpgpusim) - $(lat issue))) 4

# GPGPU-Sim's GTX480 file sets the pipeline as its options say.
"$M" sim --config tests/configs/gtx480-gpgpusim.config --list-keys 2>/dev/null >"$T/k480"
v=$(awk '$1 ~ /^sm\.(pipeline|units_sp|id_oc_|oc_ex_|oc_units_|oc_in_sp|oc_out_sp|ex_wb|reg_banks)/ {printf "%s=%s ", $1, $2}' "$T/k480")
expect "GPGPU-Sim's GTX480 file: widths, units, collectors, banks" "$v" \
    "sm.pipeline=gpgpusim sm.units_sp=2 sm.id_oc_sp=2 sm.oc_ex_sp=2 sm.oc_units_sp=6 sm.oc_in_sp=2 sm.oc_out_sp=2 sm.id_oc_sfu=1 sm.oc_ex_sfu=1 sm.oc_units_sfu=8 sm.id_oc_mem=1 sm.oc_ex_mem=1 sm.oc_units_mem=2 sm.ex_wb=2 sm.reg_banks=16 "
printf -- '-gpgpu_pipeline_widths 3,1,1,3,1,1,4\n-gpgpu_num_sp_units 3\n-gpgpu_num_reg_banks 8\n' >"$T/w7.config"
"$M" sim --config "$T/w7.config" --list-keys 2>/dev/null >"$T/kw7"
v=$(awk '$1 ~ /^sm\.(units_sp|id_oc_sp|oc_ex_sp|ex_wb|reg_banks)$/ {printf "%s=%s ", $1, $2}' "$T/kw7")
expect "GPGPU-Sim 3's seven widths" "$v" "sm.units_sp=3 sm.id_oc_sp=3 sm.oc_ex_sp=3 sm.ex_wb=4 sm.reg_banks=8 "
# GPGPU-Sim 4's eleven: ID_OC_SP,_DP,_INT,_SFU,_MEM, OC_EX_SP,_DP,_INT,_SFU,_MEM, EX_WB;
# a DP register the model has no unit for is noted
printf -- '-gpgpu_pipeline_widths 3,1,0,1,2,3,0,0,1,2,4\n' >"$T/w11.config"
"$M" sim --config "$T/w11.config" --list-keys 2>"$T/w11.err" >"$T/kw11"
v=$(awk '$1 ~ /^sm\.(id_oc_|oc_ex_|ex_wb)/ {printf "%s=%s ", $1, $2}' "$T/kw11")
expect "GPGPU-Sim 4's eleven widths" "$v" "sm.id_oc_sp=3 sm.oc_ex_sp=3 sm.id_oc_sfu=1 sm.oc_ex_sfu=1 sm.id_oc_mem=2 sm.oc_ex_mem=2 sm.ex_wb=4 "
grep -q 'w11.config:1: note: -gpgpu_pipeline_widths: field 2 (DP) is 1' "$T/w11.err" &&
    ok "a DP pipeline register is noted (no FP64 units)" || bad "the DP field's note" "$(head -2 "$T/w11.err")"
printf -- '-gpgpu_pipeline_widths 2,1,1\n' >"$T/wbad.config"
bad_input "a widths list of the wrong length is refused" "wbad.config:1: expected 7 widths" "$M" sim --config "$T/wbad.config"

exit $status
