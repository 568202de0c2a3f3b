# claims_lib.jq - the functions of claims.jq (aggregates over kernels, the
# classification of a claim); `jq -L repro/mrpb`, `include "claims_lib";`.

# null wherever a run (or a statistic) is missing: a claim without its runs is "missing"
def div($a; $b): if $a == null or $b == null or $b == 0 then null else $a / $b end;
def anynull: any(.[]; . == null);
def gmean: if length == 0 or anynull then null else (map(log) | add / length | exp) end;
def mean: if length == 0 or anynull then null else add / length end;
def maxall: if length == 0 or anynull then null else max end;
# the per-kernel ratios of statistic $s, label $a over label $b
def ratios($a; $b; $ws; $s): [ $ws[] as $w | div(.runs[$a][$w][$s]; .runs[$b][$w][$s]) ];
def speedup($a; $b; $ws): ratios($a; $b; $ws; "ipc") | gmean;
# the statistic summed over the kernels, $a over $b
def sumratio($a; $b; $ws; f): [ $ws[] as $w | .runs[$a][$w] | f ] as $x | [ $ws[] as $w | .runs[$b][$w] | f ] as $y
  | if ($x + $y) | anynull then null else div($x | add; $y | add) end;
# per kernel the best of the baseline and every label starting with $pre (CCWS-SWL's limits:
# the best limit per program), over the baseline
def swlbest($pre; $base; $ws): ([ .runs | keys[] | select(startswith($pre)) ] | length) as $n
  | [ $ws[] as $w | [ .runs[$base][$w].ipc, (.runs | to_entries[] | select(.key | startswith($pre)) | .value[$w].ipc) ]
      | if $n == 0 or anynull then null else div(max; .[0]) end ];

# $noise: the measured noise (null: not measured -> every claim "missing"); a
# "none" claim (the paper: little or no effect) is read as within 5 % or the
# noise if larger; "atleast" (the paper: never below) holds down to -noise.
def classify($noise):
  (if .ours == null or $noise == null or .ours < 0 then "missing"
   else (.ours | log) as $e
   | if .kind == "order" then (if $e > $noise then "reproduced" elif $e >= -$noise then "flat" else "opposite" end)
     elif .kind == "atleast" then (if $e >= -$noise then "reproduced" else "opposite" end)
     elif .kind == "none" then (if ($e | fabs) <= ([$noise, (1.05 | log)] | max) then "reproduced" else "stronger" end)
     else (.pfactor | log) as $p
       | if ($e | fabs) <= $noise then "flat"
         elif $p == 0 then "stronger"
         elif $e * $p < 0 then "opposite"
         elif $e / $p < 0.5 then "weaker"
         elif $e / $p > 2 then "stronger"
         else "reproduced" end
     end
   end) as $c | . + {class: $c};

def pct: ((. - 1) * 1000 | round / 10 | tostring) as $s | (if . >= 1 then "+" else "" end) + $s + " %";
def xf: (. * 100 | round) as $c | "x\($c / 100 | floor).\($c % 100 | if . < 10 then "0\(.)" else tostring end)";

