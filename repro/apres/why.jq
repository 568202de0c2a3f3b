# why.jq - the APRES report's "What the runs show" section: the statistics
# behind the claim table (where the speedups come from and how cache-sensitive
# the benchmarks are; what LAWS' groups and SAP's prefetches do), computed
# from the claims' input (run.sh's input.json: per label and workload the
# STATS). Markdown on stdout; a statistic a run lacks prints "-".
# `jq -r -L repro/mrpb -f repro/apres/why.jq input.json`.
include "claims_lib";
.runs as $r | .sets as $S |
def x: if . == null then "-" else . * 100 | round / 100 | "x" + tostring end;
def share: if . == null then "-" else . * 1000 | round / 10 | tostring + " %" end;
def gain: if . == null then "-" else (. - 1) * 1000 | round / 10 | (if . > 0 then "+" + tostring elif . == 0 then "0" else tostring end) + " %" end;
def cls($w): if any($S.cs[]; . == $w) then "CS" elif any($S.ci[]; . == $w) then "CI" else "CO" end;
def sp($a; $w): div($r[$a][$w].ipc; $r.base[$w].ipc);
def gsp($a; $ws): [ $ws[] as $w | sp($a; $w) ] | gmean;
def hah($a; $w): $r[$a][$w] | if . == null then null else div(.hah; .hah + .ham + .cold + .cc) end;
# a prefetcher's fates, of the prefetches the L1D took: useful or late; evicted and never demanded
def used($a; $w): $r[$a][$w] | if . == null then null else div(.pf_useful + .pf_late; .pf_issued) end;
def never($a; $w): $r[$a][$w] | if . == null or .pf_evicted == null then null else div(.pf_evicted - .pf_early; .pf_issued) end;
($S.all - ["kmeans"]) as $nokm |

"### Where the speedups come from (speedups over the baseline, LRR without prefetching)",
"",
"| benchmark | paper's class | an 8x L1D | CCWS | LAWS | CCWS+STR | APRES | hit after hit: baseline | LAWS | CCWS |",
"|---|---|---|---|---|---|---|---|---|---|",
($S.all[] as $w |
 "| \($w) | \(cls($w)) | \(sp("base-l1x8"; $w) | x) | \(sp("ccws"; $w) | gain) | \(sp("laws"; $w) | gain) | \(sp("ccws-str"; $w) | gain) | \(sp("apres"; $w) | gain) | \(hah("base"; $w) | share) | \(hah("laws"; $w) | share) | \(hah("ccws"; $w) | share) |"),
"| geomean, all | | \(gsp("base-l1x8"; $S.all) | x) | \(gsp("ccws"; $S.all) | gain) | \(gsp("laws"; $S.all) | gain) | \(gsp("ccws-str"; $S.all) | gain) | \(gsp("apres"; $S.all) | gain) | | | |",
(if ($nokm | length) < ($S.all | length) then
 "| geomean, all but kmeans | | \(gsp("base-l1x8"; $nokm) | x) | \(gsp("ccws"; $nokm) | gain) | \(gsp("laws"; $nokm) | gain) | \(gsp("ccws-str"; $nokm) | gain) | \(gsp("apres"; $nokm) | gain) | | | |" else empty end),
"",
"*An 8x L1D*: the baseline with 256 sets instead of 32 (256 KB, Table III's 8 ways), how much the benchmark waits on the L1D's capacity, the most a scheduler that keeps lines longer in it could win. *Hit after hit*: the share of the L1D's reads that hit a line an earlier read had hit (Figure 11), what LAWS raises by running a group that hit.",
"",
"### What LAWS' groups and SAP's prefetches do (LAWS+STR and APRES, the same scheduler)",
"",
"| benchmark | loads without a group (WGT full) | SAP: grouped misses lost | checks that matched | prefetches lost at the port queue | prefetches the L1D took | useful or late | evicted, never demanded | STR: prefetches the L1D took | useful or late | evicted, never demanded |",
"|---|---|---|---|---|---|---|---|---|---|---|",
($S.all[] as $w | $r.apres[$w] as $a |
 "| \($w) | \($a | if . == null then null else div(.laws_no_group; .laws_loads) end | share) | \($a | if . == null then null else div(.sap_lost; .sap_lost + .sap_checks) end | share) | \($a | if . == null then null else div(.sap_match; .sap_checks) end | share) | \($a | if . == null then null else div(.sap_qfull; .sap_pf) end | share) | \($a.pf_issued // "-") | \(used("apres"; $w) | share) | \(never("apres"; $w) | share) | \($r["laws-str"][$w].pf_issued // "-") | \(used("laws-str"; $w) | share) | \(never("laws-str"; $w) | share) |"),
"",
"SAP's prefetch for a warp of the missing warp's group is the missing warp's address plus the warps' distance times the stride learnt between two warps of the same load (docs/apres.md). *Evicted, never demanded*: prefetched lines that left the L1D without any demand for them, wrong or too early; *useful or late*: a demand hit the line or merged into its fetch. A prefetch that finds SAP's 8-entry queue in front of the L1D's port full is lost there; the queue drains only in cycles the demand leaves the port free."
