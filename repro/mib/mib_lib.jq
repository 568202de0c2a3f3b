# mib_lib.jq - the functions of claims.jq beyond the MRPB reproduction's
# (claims_lib.jq: div, anynull, classify, pct, xf); `jq -L repro/mrpb -L
# repro/mib`, `include "mib_lib";`.
include "claims_lib";

# the thesis averages with the harmonic mean ("We use the harmonic mean when computing average
# results", Chapter 6) of the per-benchmark values normalised to FR-FCFS; a zero gives zero
def hmean: if length == 0 or anynull then null elif any(.[]; . == 0) then 0 else length / (map(1 / .) | add) end;
# the per-benchmark ratio of statistic $s, label $a over label $b (both zero: no change)
def nratio($r; $a; $b; $w; $s): ($r[$a][$w][$s]) as $x | ($r[$b][$w][$s]) as $y
  | if $x == null or $y == null then null elif $x == 0 and $y == 0 then 1 elif $y == 0 then null else $x / $y end;
def hratio($r; $a; $b; $ws; $s): [ $ws[] as $w | nratio($r; $a; $b; $w; $s) ] | hmean;
def hspeed($r; $a; $b; $ws): hratio($r; $a; $b; $ws; "ipc");
# of a count (reservation fails): a benchmark with none under $b has no normalised value and is
# left out of the mean (the report says so)
def hcount($r; $a; $b; $ws; $s): [ $ws[] as $w | select(($r[$b][$w][$s] // 1) != 0 or ($r[$a][$w][$s] // 1) == 0) | nratio($r; $a; $b; $w; $s) ] | hmean;
# Figure 5.2: the share of the L2 slice-cycles (idle ones included) with a live MSHR entry of
# merge length > 1 (l2.mshr_max_merge_length_cycles[k]: slice-cycles whose largest live merge
# length is k; 0: idle)
def icl: if . == null then null else (add) as $t | if $t > 0 then ($t - .[0] - .[1]) / $t else 0 end end;
# a benchmark's class by the thesis' two metrics: its perfect-DRAM speedup $p (under x1.20:
# memory insensitive) and its Figure 5.2 share $m (over 10 %: HIL); "-" when either is missing
def mibclass($p; $m): if $p == null or $m == null then "-" elif $p < 1.2 then "INS" elif $m > 0.1 then "HIL" else "LIL" end;
# the bins of Figure 5.2 as this reproduction draws them: idle, 1, 2, 3-4, 5-8, 9-16
def bins: if . == null then null else (add) as $t | if $t == 0 then null else
  [ .[0], .[1], .[2], ((.[3:5] | add) // 0), ((.[5:9] | add) // 0), ((.[9:] | add) // 0) ] | map(. / $t) end end;

# "all" claims (the thesis: every benchmark of a set does X): ours is the share of the set that
# does (1: all); reproduced when all do, "partly" when some do, "opposite" when none does. Other
# kinds as the MRPB reproduction classifies them (claims_lib.jq classify).
def classify_mib($noise):
  if .kind == "all" then
    . + {class: (if .ours == null then "missing" elif .ours == 1 then "reproduced" elif .ours > 0 then "partly" else "opposite" end)}
  else classify($noise) end;
