# claims.jq - the MIB thesis' quantitative claims (Chapters 5 and 6, the
# abstract and the conclusion), computed from runs' statistics and classified
# as the MRPB reproduction classifies its claims (docs/reproduction.md).
# Input (repro/mib/run.sh gathers it from the runs' JSON):
#   {"noise": N, "sets": {"hil": [...], "lil": [...], "ins": [...], "sens": [...], "all": [...]},
#    "lats": ["0", ...],
#    "runs": {"LABEL": {"WORKLOAD": {"ipc", "resfail", "resfail_mshr", "lat", "latmax", "rbl",
#             "bw", "sb", "mlc", "dummies", ...}}}}
# Labels: fcfs fr m s sa perfect (Table 5.1), fr-qN sa-qN (read queue N), fr-lN sa-lN (L2 to
# DRAM latency N). Output: one object per claim: id, fig, claim, paper, kind, pfactor, ours,
# text, class.
#
# Averages are harmonic means of the per-benchmark values normalised to FR-FCFS, as the thesis
# averages. Kinds: "x" a factor the thesis reports (1 = no change); "order" the thesis says
# A > B, ours is A / B; "atleast" A is never below B (ours: the lowest A / B); "none" little or
# no effect; "all" every benchmark of a set does X (ours: the share that does). The thesis'
# statistics that the model does not produce give null: "missing".

include "claims_lib";
include "mib_lib";

. as $in | .sets as $S | .runs as $r | .noise as $n |
def c($id; $fig; $claim; $paper; $kind; $pf; $ours): {id: $id, fig: $fig, claim: $claim, paper: $paper, kind: $kind, pfactor: $pf, ours: $ours};
# share of the set $ws for which f (given the workload) is true; null if any is null
def share($ws; f): [ $ws[] | f ] | if length == 0 or anynull then null else (map(select(.)) | length) / length end;
def perfect($w): nratio($r; "perfect"; "fr"; $w; "ipc");
def iclof($w): $r.fr[$w].mlc | icl;
# the gain of MSHR-S+A over FR-FCFS at the same setting ($sfx: "" for Table 5.1, "-q16", "-l100")
def gain($sfx; $ws): hspeed($r; "sa" + $sfx; "fr" + $sfx; $ws);
def pols: ["m", "s", "sa"];
[
  # Chapter 5: the classification (Figure 5.1: perfect DRAM; Figure 5.2: merge length > 1)
  c("f51-ins"; "Fig. 5.1a"; "memory-insensitive benchmarks gain less than 20 % from a perfect DRAM"; "all < x1.20"; "all"; null;
    share($S.ins; perfect(.) | if . == null then null else . < 1.2 end)),
  c("f51-sens"; "Fig. 5.1b"; "memory-sensitive benchmarks (HIL and LIL) gain at least 20 % from a perfect DRAM"; "all >= x1.20"; "all"; null;
    share($S.sens; perfect(.) | if . == null then null else . >= 1.2 end)),
  c("f52-lil"; "Fig. 5.2"; "LIL benchmarks: under 10 % of the cycles with an L2 MSHR merge length > 1"; "all < 10 %"; "all"; null;
    share($S.lil; iclof(.) | if . == null then null else . < 0.1 end)),
  c("f52-hil"; "Fig. 5.2"; "HIL benchmarks: over 10 % of the cycles with an L2 MSHR merge length > 1"; "all > 10 %"; "all"; null;
    share($S.hil; iclof(.) | if . == null then null else . > 0.1 end)),
  c("vadd-none"; "Sec. 6.3.1"; "VADD has no inter-core locality: no MSHR information reaches the DRAM (MSHR-S+A)"; "none sent"; "all"; null;
    share([$S.lil[] | select(. == "vectoradd")]; $r.sa[.].dummies | if . == null then null else . == 0 end)),
  # Section 6.1: performance
  c("f61-hil"; "Fig. 6.1"; "MSHR-S+A vs FR-FCFS, hmean IPC, HIL"; "+10.9 %"; "x"; 1.109; gain(""; $S.hil)),
  c("f62-lil"; "Fig. 6.2"; "MSHR-S+A vs FR-FCFS, hmean IPC, LIL"; "+2.6 %"; "x"; 1.026; gain(""; $S.lil)),
  c("f62-best"; "Fig. 6.2"; "LIL: MSHR-S+A has the best hmean IPC of the four policies (over the best other)"; "S+A best"; "order"; null;
    div(gain(""; $S.lil); [hspeed($r; "m"; "fr"; $S.lil), hspeed($r; "s"; "fr"; $S.lil), 1] | if anynull then null else max end)),
  c("f62-none-slower"; "Fig. 6.2"; "LIL: no benchmark slower under MSHR-S+A (the lowest IPC ratio)"; ">= x1.00"; "atleast"; null;
    [ $S.lil[] as $w | nratio($r; "sa"; "fr"; $w; "ipc") ] | if length == 0 or anynull then null else min end),
  c("f62-s-lil"; "Sec. 6.1"; "LIL: MSHR-S still improves on FR-FCFS"; "S > FR-FCFS"; "order"; null; hspeed($r; "s"; "fr"; $S.lil)),
  c("f63-ins"; "Fig. 6.3"; "MSHR-S+A vs FR-FCFS, hmean IPC, memory-insensitive"; "+0.7 %"; "x"; 1.007; gain(""; $S.ins)),
  c("f63-kmn"; "Fig. 6.3"; "KMN: less than 1 % slower under MSHR-S+A"; "-1 % < KMN < 0"; "none"; null;
    [$S.ins[] | select(. == "kmeans")] as $k | if ($k | length) == 0 then null else nratio($r; "sa"; "fr"; "kmeans"; "ipc") end),
  c("f63-others"; "Fig. 6.3"; "memory-insensitive benchmarks other than KMN: none slower (the lowest IPC ratio)"; ">= x1.00"; "atleast"; null;
    [ $S.ins[] | select(. != "kmeans") as $w | nratio($r; "sa"; "fr"; $w; "ipc") ] | if length == 0 or anynull then null else min end),
  c("order-s-m"; "Sec. 4.2, Ch. 9"; "MSHR-S > MSHR-M, hmean IPC, HIL (implied by the design, not measured in the thesis)"; "S > M"; "order"; null;
    div(hspeed($r; "s"; "fr"; $S.hil); hspeed($r; "m"; "fr"; $S.hil))),
  c("order-sa-s"; "Ch. 9"; "MSHR-S+A > MSHR-S, hmean IPC, HIL"; "S+A > S"; "order"; null;
    div(gain(""; $S.hil); hspeed($r; "s"; "fr"; $S.hil))),
  # Section 6.2: why
  c("f64-hil"; "Fig. 6.4"; "L2 reservation fails, MSHR-S+A vs FR-FCFS, hmean, HIL"; "-35 %"; "x"; 0.65; hcount($r; "sa"; "fr"; $S.hil; "resfail")),
  c("f64-lil"; "Fig. 6.4"; "L2 reservation fails, MSHR-S+A vs FR-FCFS, hmean, LIL"; "-10.5 %"; "x"; 0.895; hcount($r; "sa"; "fr"; $S.lil; "resfail")),
  c("f64-reason"; "Sec. 6.2"; "the fails removed are MSHR-full fails (their share of the reduction, HIL and LIL summed, over one half)"; "MSHR-full"; "order"; null;
    ([ $S.sens[] | $r.fr[.].resfail_mshr - $r.sa[.].resfail_mshr ] | add) as $dm | ([ $S.sens[] | $r.fr[.].resfail - $r.sa[.].resfail ] | add) as $dt
    | if $dm == null or $dt == null then null elif $dt <= 0 then 0 else ($dm / $dt) / 0.5 end),
  c("f65-max-up"; "Fig. 6.5"; "every MIB policy raises the maximum memory latency (the lowest hmean ratio of the three)"; "all raise"; "order"; null;
    [ pols[] as $p | hratio($r; $p; "fr"; $S.sens; "latmax") ] | if anynull then null else min end),
  c("f65-sa-lowest"; "Fig. 6.5"; "MSHR-S+A has a lower maximum latency than MSHR-M and MSHR-S"; "S+A < M, S"; "order"; null;
    div([ hratio($r; "m"; "fr"; $S.sens; "latmax"), hratio($r; "s"; "fr"; $S.sens; "latmax") ] | if anynull then null else min end;
        hratio($r; "sa"; "fr"; $S.sens; "latmax"))),
  c("f66-s"; "Fig. 6.6"; "MSHR-S lowers the average memory latency (FR-FCFS over MSHR-S, hmean of ratios)"; "S < FR-FCFS"; "order"; null;
    div(1; hratio($r; "s"; "fr"; $S.sens; "lat"))),
  c("f66-sa-s"; "Fig. 6.6"; "MSHR-S+A lowers the average memory latency further than MSHR-S"; "S+A < S"; "order"; null;
    div(hratio($r; "s"; "fr"; $S.sens; "lat"); hratio($r; "sa"; "fr"; $S.sens; "lat"))),
  c("abstract-lat"; "Abstract"; "average memory latency, MSHR-S+A vs FR-FCFS, hmean, HIL"; "-28 %"; "x"; 0.72; hratio($r; "sa"; "fr"; $S.hil; "lat")),
  c("f67-lil"; "Fig. 6.7"; "data-dependency (scoreboard) stalls, MSHR-S+A vs FR-FCFS, LIL"; "-2 %"; "x"; 0.98; hcount($r; "sa"; "fr"; $S.lil; "sb")),
  c("f67-hil"; "Fig. 6.7"; "data-dependency (scoreboard) stalls, MSHR-S+A vs FR-FCFS, HIL"; "-18 %"; "x"; 0.82; hcount($r; "sa"; "fr"; $S.hil; "sb")),
  c("f67-s-best"; "Fig. 6.7"; "HIL: MSHR-S reduces scoreboard stalls the most"; "S fewest"; "order"; null;
    div([ hratio($r; "m"; "fr"; $S.hil; "sb"), hcount($r; "sa"; "fr"; $S.hil; "sb") ] | if anynull then null else min end;
        hratio($r; "s"; "fr"; $S.hil; "sb"))),
  c("f68-s-lil"; "Fig. 6.8"; "LIL: MSHR-S raises row locality (row hits per activation)"; "S > FR-FCFS"; "order"; null; hratio($r; "s"; "fr"; $S.lil; "rbl")),
  c("f68-vadd"; "Fig. 6.8"; "VADD: a high row-locality gain (MSHR-S)"; "VADD gains"; "order"; null;
    if ([$S.lil[] | select(. == "vectoradd")] | length) == 0 then null else nratio($r; "s"; "fr"; "vectoradd"; "rbl") end),
  c("f68-others"; "Fig. 6.8"; "the other memory-sensitive benchmarks: no big row-locality change (MSHR-S+A)"; "little change"; "none"; null;
    hratio($r; "sa"; "fr"; [$S.sens[] | select(. != "vectoradd")]; "rbl")),
  c("f69-bw"; "Fig. 6.9"; "similar DRAM bandwidth utilisation, MSHR-S+A vs FR-FCFS, memory-sensitive"; "similar"; "none"; null;
    hratio($r; "sa"; "fr"; $S.sens; "bw")),
  # Section 6.3: sensitivity
  c("f610-shrinks"; "Sec. 6.3.1"; "HIL: the gain at 20 cycles L2-to-DRAM is larger than at 100"; "20 > 100"; "order"; null;
    div(gain(""; $S.hil); gain("-l100"; $S.hil))),
  c("f610-hil"; "Fig. 6.10"; "MSHR-S+A vs FR-FCFS at 100 cycles L2-to-DRAM, hmean IPC, HIL"; "+6 %"; "x"; 1.06; gain("-l100"; $S.hil)),
  c("f610-lil"; "Fig. 6.10"; "MSHR-S+A vs FR-FCFS at 100 cycles L2-to-DRAM, hmean IPC, LIL"; "+2 %"; "x"; 1.02; gain("-l100"; $S.lil)),
  c("f611-grows"; "Fig. 6.11"; "HIL: the gain grows with the read queue (16 < 64 < 128; the smaller step)"; "16 < 64 < 128"; "order"; null;
    [ div(gain(""; $S.hil); gain("-q16"; $S.hil)), div(gain("-q128"; $S.hil); gain(""; $S.hil)) ] | if anynull then null else min end),
  c("f611-16-hil"; "Fig. 6.11"; "read queue 16: MSHR-S+A vs FR-FCFS, HIL"; "+4 %"; "x"; 1.04; gain("-q16"; $S.hil)),
  c("f611-16-lil"; "Sec. 6.3.2"; "read queue 16: MSHR-S+A vs FR-FCFS, LIL"; "+1 %"; "x"; 1.01; gain("-q16"; $S.lil)),
  c("f611-128-hil"; "Fig. 6.11"; "read queue 128: MSHR-S+A vs FR-FCFS, HIL"; "+11 %"; "x"; 1.11; gain("-q128"; $S.hil)),
  c("f611-128-lil"; "Sec. 6.3.2"; "read queue 128: MSHR-S+A vs FR-FCFS, LIL"; "+4 %"; "x"; 1.04; gain("-q128"; $S.lil)),
  c("f611-128-64"; "Sec. 6.3.2"; "HIL: 128 entries gain little over 64"; "small"; "none"; null; div(gain("-q128"; $S.hil); gain(""; $S.hil)))
]
| map(.text = (if .ours == null then "-"
               elif .kind == "all" then ((.ours * 100 | round | tostring) + " % hold")
               elif .kind == "x" and (.pfactor < 1 or (.paper | test("%"))) then (.ours | pct) else (.ours | xf) end))
| map(classify_mib($n))
