# why.jq - the MIB report's "What the runs show" section: the statistics that explain the
# classes the claim table gives (what the MIB has to act on, where the reservation fails come
# from, why a benchmark's class differs from the thesis'), computed from the claims' input
# (run.sh's input.json: per label and workload the MIB_STATS). Markdown on stdout; a statistic
# a run lacks prints "-". `jq -r -L repro/mrpb -L repro/mib -f repro/mib/why.jq input.json`.
include "claims_lib";
include "mib_lib";
.runs as $r | .sets as $S |
def cls($w): if any($S.hil[]; . == $w) then "HIL" elif any($S.lil[]; . == $w) then "LIL" else "INS" end;
# our class by the thesis' two metrics (report.sh's classification table)
def ours($w): nratio($r; "perfect"; "fr"; $w; "ipc") as $p | ($r.fr[$w].mlc | icl) as $m
  | mibclass($p; $m);
def x: if . == null then "-" else . * 100 | round / 100 | "x" + tostring end;
def share: if . == null then "-" else . * 1000 | round / 10 | tostring + " %" end;
def gain: if . == null then "-" else (. - 1) * 1000 | round / 10 | (if . > 0 then "+" else "" end) + tostring + " %" end;
def num: if . == null then "-" else . * 10 | round / 10 | tostring end;
def per($n; $d; $k): div($n; $d) | if . == null then null else . * $k end;
# the reads merged into a live L2 MSHR entry from another SM than its first request's
def xreads($l; $w): $r[$l][$w].merges.ro // null;
# over a set: the sums of two statistics, one over the other
def tot($l; $ws; f): [ $ws[] as $w | $r[$l][$w] // empty | f // empty ] | add;

"### What the MIB has to act on (memory-sensitive benchmarks; FR-FCFS unless named)",
"",
"| benchmark | thesis | ours | perfect DRAM | MSHR-S+A | DRAM bandwidth used | row hits per access | L2 miss rate | other-SM merges per 100 DRAM reads | MSHR-S+A's reads chosen by row score | read-queue wait, FR-FCFS | with MSHR-S+A |",
"|---|---|---|---|---|---|---|---|---|---|---|---|",
($S.sens[] as $w | $r.fr[$w] as $f | $r.sa[$w] as $s |
 "| \($w) | \(cls($w)) | \(ours($w)) | \(nratio($r; "perfect"; "fr"; $w; "ipc") | x) | \(nratio($r; "sa"; "fr"; $w; "ipc") | gain) | \($f.bw | share) | \($f.rbl | share) | \(div($f.miss; $f.acc) | share) | \(per(xreads("fr"; $w); $f.rd; 100) | num) | \(div($s.rowsc; $s.rd) | share) | \($f.rql | num) | \($s.rql | num) |"),
(["hil", "lil"][] as $set | $S[$set] as $ws |
 "| all \($set | ascii_upcase) (MSHR-S+A: harmonic mean; the rest: the set's totals) | | | | \(hspeed($r; "sa"; "fr"; $ws) | gain) | | | \(div(tot("fr"; $ws; .miss); tot("fr"; $ws; .acc)) | share) | \(per(tot("fr"; $ws; .merges.ro); tot("fr"; $ws; .rd); 100) | num) | \(div(tot("sa"; $ws; .rowsc); tot("sa"; $ws; .rd)) | share) | | |"),
"",
"MSHR-S+A scores a read by its age, to which the MIB adds the age of every request merged into it in the L2 (docs/dram_sched.md), and a row by the sum of its reads' scores. Among row hits it serves the highest score, where FR-FCFS serves the oldest: the two differ only when merged ages reorder them. With no row hit it opens the row with the highest sum, where FR-FCFS opens the oldest read's row: the two can differ without any merge, and the column *MSHR-S+A's reads chosen by row score* counts how often that rule decided. The MIB's information is the merges, and the other-SM ones are the inter-core locality the thesis builds on; the column *other-SM merges per 100 DRAM reads* gives how much of it there is (a read may carry several). Where the DRAM runs near its peak bandwidth, any order of the same reads finishes in about the same time. Row hits per access count reads and writes. The read-queue wait is in DRAM cycles, from a read's arrival at the scheduler until the scheduler hands it to its bank (before its activate and column command).",
"",
"### Where the L2 reservation fails come from (per 1000 L2 accesses; the share that found every MSHR entry taken)",
"",
"| benchmark | FR-FCFS | MSHR-S+A | MSHR-S+A over FR-FCFS | MSHR full, FR-FCFS | MSHR full, MSHR-S+A |",
"|---|---|---|---|---|---|",
($S.sens[] as $w | $r.fr[$w] as $f | $r.sa[$w] as $s |
 "| \($w) | \(per($f.resfail; $f.acc; 1000) | num) | \(per($s.resfail; $s.acc; 1000) | num) | \(nratio($r; "sa"; "fr"; $w; "resfail") | x) | \(div($f.resfail_mshr; $f.resfail) | share) | \(div($s.resfail_mshr; $s.resfail) | share) |"),
"",
"The claim table's means are harmonic means of each benchmark's ratio, so a benchmark with few fails moves them as much as one with many; the first two columns say how many there are.",
"",
"### The benchmarks whose class differs from the thesis' (FR-FCFS unless named)",
"",
"| benchmark | thesis | ours | perfect DRAM | L2 miss rate | DRAM reads per 1000 instructions | DRAM bandwidth used | memory latency, FR-FCFS | with a perfect DRAM | merge length > 1 (share of slice-cycles) |",
"|---|---|---|---|---|---|---|---|---|---|",
([$S.all[] | select(cls(.) != ours(.))] | if length == 0 then "| none | | | | | | | | | |" else empty end),
($S.all[] as $w | select(cls($w) != ours($w)) | $r.fr[$w] as $f |
 "| \($w) | \(cls($w)) | \(ours($w)) | \(nratio($r; "perfect"; "fr"; $w; "ipc") | x) | \(div($f.miss; $f.acc) | share) | \(per($f.rd; $f.insn; 1000) | num) | \($f.bw | share) | \($f.lat | num) | \($r.perfect[$w].lat | num) | \($f.mlc | icl | share) |"),
"",
"A perfect DRAM removes only the DRAM's share of a request's latency: where the L2 holds the working set (a low miss rate, few DRAM reads) the latency left with a perfect DRAM is the interconnect's and the L2's, and the benchmark is memory insensitive by Figure 5.1's test at this input whatever it is at the thesis' (which the thesis does not give). A benchmark the thesis calls insensitive but a perfect DRAM speeds up here waits on the DRAM at this input on this configuration; its bandwidth use says whether on its bandwidth or on its latency."
,
"",
"### A benchmark at a larger input (run.sh's XSIZES: an explanation of the class differences, not a claim)",
"",
"| benchmark | input | at | perfect DRAM | merge length > 1 | class by the thesis' metrics | MSHR-S+A | DRAM bandwidth used | L2 miss rate | other-SM merges per 100 DRAM reads |",
"|---|---|---|---|---|---|---|---|---|---|",
(if ((.larger // {}).fr // {}) == {} then "| none run | | | | | | | | | |" else empty end),
((.larger // {}) as $x | ($x.fr // {}) | keys[] as $w | $x.fr[$w] as $f |
 nratio($x; "perfect"; "fr"; $w; "ipc") as $p | ($f.mlc | icl) as $m |
 mibclass($p; $m) as $o |
 ([ {l: $x, s: ($f.size // "-"), at: "larger"}, {l: $r, s: ($r.fr[$w].size // "-"), at: "the report's"} ][]) as $c |
 if $c.at == "larger" then
   "| \($w) | \($c.s) | larger | \($p | x) | \($m | share) | \($o) | \(nratio($x; "sa"; "fr"; $w; "ipc") | gain) | \($f.bw | share) | \(div($f.miss; $f.acc) | share) | \(per($f.merges.ro; $f.rd; 100) | num) |"
 else
   "| \($w) | \($c.s) | the report's size | \(nratio($r; "perfect"; "fr"; $w; "ipc") | x) | \($r.fr[$w].mlc | icl | share) | \(ours($w)) | \(nratio($r; "sa"; "fr"; $w; "ipc") | gain) | \($r.fr[$w].bw | share) | \(div($r.fr[$w].miss; $r.fr[$w].acc) | share) | \(per($r.fr[$w].merges.ro; $r.fr[$w].rd; 100) | num) |"
 end)
