# claims.jq - the APRES paper's quantitative claims (Sections III-C and V,
# the abstract), computed from runs' statistics and classified as the MRPB
# reproduction classifies its claims (docs/reproduction.md).
# Input (repro/apres/run.sh gathers it from the runs' JSON):
#   {"noise": N, "sets": {"cs": [...], "ci": [...], "co": [...], "mem": [...], "all": [...]},
#    "runs": {"LABEL": {"WORKLOAD": {"ipc", "acc", "miss", "hah", "ham", "cold", "cc", "pending",
#             "pf_useful", "pf_late", "pf_early", "lat", "bytes", ...}}}}
# Labels: base (LRR, no prefetching), ccws, laws, ccws-str, laws-str, apres (LAWS+SAP), gto,
# gto-str, gto-sld, ccws-sld. Output: one object per claim: id, fig, claim, paper, kind, pfactor,
# ours, text, class.
#
# The paper does not say how it averages; speedups and other per-benchmark ratios are averaged
# here with the geometric mean (as the MRPB reproduction), ratios of shares (hit-after-hit, miss
# rate, early eviction) as arithmetic means of the per-benchmark shares. Kinds: "x" a factor the
# paper reports (1 = no change); "order" the paper says A > B, ours is A / B; "all" every
# benchmark of a set does X (ours: the share that does). A benchmark not built makes its claims
# "missing"; so do techniques not built (PA, MASCAR).

include "claims_lib";
include "mib_lib";

. as $in | .sets as $S | .runs as $r | .noise as $n |
def c($id; $fig; $claim; $paper; $kind; $pf; $ours): {id: $id, fig: $fig, claim: $claim, paper: $paper, kind: $kind, pfactor: $pf, ours: $ours};
def one($w): [$S.all[] | select(. == $w)];
def sp($a; $ws): if ($ws | length) == 0 then null else [ $ws[] as $w | div($r[$a][$w].ipc; $r.base[$w].ipc) ] | gmean end;
def sp2($a; $b; $ws): div(sp($a; $ws); sp($b; $ws));
# the gmean over $ws of the per-benchmark ratio of statistic $s, $a over $b
def rat($a; $b; $ws; $s): if ($ws | length) == 0 then null else [ $ws[] as $w | div($r[$a][$w][$s]; $r[$b][$w][$s]) ] | gmean end;
# the arithmetic mean over $ws of a per-benchmark share f (given the run's statistics)
def avg($a; $ws; f): if ($ws | length) == 0 then null else [ $ws[] as $w | $r[$a][$w] | if . == null then null else f end ] | mean end;
def hah: div(.hah; .acc);
def missrate: div(.miss; .acc);
# APRES' early eviction ratio: of the prefetches that guessed right, those evicted before the demand
def early: div(.pf_early; .pf_useful + .pf_late + .pf_early);
# the arithmetic mean of early eviction ratios over the benchmarks where it is defined (a
# benchmark without a right prefetch has none); null when none has one or a run is missing
def avgdef($a; $ws; f): if ($ws | length) == 0 then null else [ $ws[] as $w | $r[$a][$w] ] as $x
  | if ($x | anynull) then null else [ $x[] | f | select(. != null) ] | if length == 0 then null else add / length end end end;
def share($ws; f): [ $ws[] | f ] | if length == 0 or anynull then null else (map(select(.)) | length) / length end;
def exist: ["ccws", "ccws-str", "ccws-sld", "gto", "gto-str", "gto-sld"];   # the existing techniques built
[
  # Section V-B, Figure 10: IPC over the baseline, all 15
  c("f10-ccws"; "Fig. 10"; "CCWS over the baseline (LRR), all"; "+12.8 %"; "x"; 1.128; sp("ccws"; $S.all)),
  c("f10-laws"; "Fig. 10"; "LAWS over the baseline, all"; "+14.0 %"; "x"; 1.140; sp("laws"; $S.all)),
  c("f10-ccws-str"; "Fig. 10"; "CCWS+STR over the baseline, all"; "+17.5 %"; "x"; 1.175; sp("ccws-str"; $S.all)),
  c("f10-laws-str"; "Fig. 10"; "LAWS+STR over the baseline, all"; "+18.8 %"; "x"; 1.188; sp("laws-str"; $S.all)),
  c("f10-apres"; "Fig. 10"; "APRES (LAWS+SAP) over the baseline, all"; "+24.2 %"; "x"; 1.242; sp("apres"; $S.all)),
  c("f10-order"; "Fig. 10"; "APRES > LAWS+STR > CCWS+STR (the smaller step)"; "APRES best"; "order"; null;
    [ sp2("apres"; "laws-str"; $S.all), sp2("laws-str"; "ccws-str"; $S.all) ] | if anynull then null else min end),
  c("abs-mem"; "Abstract"; "APRES over the baseline, memory-intensive (CS and CI)"; "+31.7 %"; "x"; 1.317; sp("apres"; $S.mem)),
  c("abs-best"; "Abstract"; "APRES over the best existing scheduler and prefetcher combination, memory-intensive"; "+7.2 %"; "x"; 1.072;
    [ exist[] as $e | sp($e; $S.mem) ] as $b | if ($b | anynull) or ($b | length) == 0 then null else div(sp("apres"; $S.mem); $b | max) end),
  c("f10-cs"; "Sec. V-B"; "APRES over the baseline, cache-sensitive"; "+44.0 %"; "x"; 1.44; sp("apres"; $S.cs)),
  c("f10-cs-ccws-str"; "Sec. V-B"; "CCWS+STR over the baseline, cache-sensitive"; "+38.3 %"; "x"; 1.383; sp("ccws-str"; $S.cs)),
  c("f10-cs-all"; "Sec. V-B"; "APRES beats CCWS+STR on every cache-sensitive benchmark but KM"; "all but KM"; "all"; null;
    share([$S.cs[] | select(. != "kmeans")]; div($r.apres[.].ipc; $r["ccws-str"][.].ipc) | if . == null then null else . > 1 end)),
  c("f10-km-apres"; "Sec. V-B"; "KM: APRES over the baseline"; "x2.196"; "x"; 2.196; sp("apres"; one("kmeans"))),
  c("f10-km-ccws"; "Sec. V-B"; "KM: CCWS over the baseline"; "x2.320"; "x"; 2.32; sp("ccws"; one("kmeans"))),
  c("f10-km-ccws-str"; "Sec. V-B"; "KM: CCWS+STR over the baseline"; "x2.448"; "x"; 2.448; sp("ccws-str"; one("kmeans"))),
  c("f10-km-order"; "Sec. V-B"; "KM: CCWS+STR > APRES (throttling beats grouping)"; "CCWS+STR > APRES"; "order"; null; sp2("ccws-str"; "apres"; one("kmeans"))),
  c("f10-ci"; "Sec. V-B"; "APRES over the baseline, cache-insensitive"; "+20.4 %"; "x"; 1.204; sp("apres"; $S.ci)),
  c("f10-ci-ccws-str"; "Sec. V-B"; "APRES over CCWS+STR, cache-insensitive"; "+8.5 %"; "x"; 1.085; sp2("apres"; "ccws-str"; $S.ci)),
  c("f10-srad-laws"; "Sec. V-B"; "SRAD: LAWS over the baseline"; "+31.1 %"; "x"; 1.311; sp("laws"; one("srad"))),
  c("f10-srad-apres"; "Sec. V-B"; "SRAD: APRES over the baseline"; "+40.0 %"; "x"; 1.40; sp("apres"; one("srad"))),
  c("f10-laws-wins"; "Sec. V-B"; "LAWS alone beats CCWS+STR on LUD, SRAD, PF and CS"; "all four"; "all"; null;
    share([$S.all[] | select(. == "lud" or . == "srad" or . == "pathfinder" or . == "convsep")];
          div($r.laws[.].ipc; $r["ccws-str"][.].ipc) | if . == null then null else . > 1 end)),
  c("f10-co-apres"; "Sec. V-B"; "CS and SP: APRES over 15 % above the baseline"; "both > +15 %"; "all"; null;
    share([$S.co[] | select(. == "convsep" or . == "scalarprod")]; div($r.apres[.].ipc; $r.base[.].ipc) | if . == null then null else . > 1.15 end)),
  c("f10-co-laws"; "Sec. V-B"; "CS and SP: LAWS alone over the baseline"; "+8.0 %"; "x"; 1.08;
    sp("laws"; [$S.co[] | select(. == "convsep" or . == "scalarprod")])),
  # Section III-C, Figures 3 and 4: existing schedulers with STR and SLD (PA and MASCAR not built)
  c("f3-ccws-str-best"; "Fig. 3"; "CCWS+STR is the best existing combination (over the next best built)"; "CCWS+STR best"; "order"; null;
    [ exist[] | select(. != "ccws-str") as $e | sp($e; $S.all) ] as $b | if ($b | anynull) then null else div(sp("ccws-str"; $S.all); $b | max) end),
  c("f3-str-sld"; "Fig. 3"; "STR beats SLD under GTO and CCWS (the smaller margin)"; "STR > SLD"; "order"; null;
    [ sp2("gto-str"; "gto-sld"; $S.all), sp2("ccws-str"; "ccws-sld"; $S.all) ] | if anynull then null else min end),
  c("f3-pa-sld"; "Fig. 3"; "PA+SLD over the baseline (PA: not built)"; "+9.4 %"; "x"; 1.094; null),
  c("f4-ccws-str"; "Fig. 4"; "early eviction ratio, CCWS+STR (13.0 %) vs GTO+STR (16.0 %)"; "x0.81"; "x"; 0.8125;
    div(avgdef("ccws-str"; $S.all; early); avgdef("gto-str"; $S.all; early))),
  # Section V-C, Figure 11: the L1D's hits and misses
  c("f11-hah-laws"; "Fig. 11"; "hit-after-hit share of reads: LAWS above CCWS (the paper: +3.0 points)"; "LAWS > CCWS"; "order"; null;
    div(avg("laws"; $S.all; hah); avg("ccws"; $S.all; hah))),
  c("f11-hah-apres"; "Fig. 11"; "hit-after-hit share: APRES above CCWS+STR (the paper: +4.1 points)"; "APRES > CCWS+STR"; "order"; null;
    div(avg("apres"; $S.all; hah); avg("ccws-str"; $S.all; hah))),
  c("f11-miss"; "Sec. V-C"; "L1D miss rate, APRES vs the baseline, all"; "-10.3 %"; "x"; 0.897; div(avg("apres"; $S.all; missrate); avg("base"; $S.all; missrate))),
  c("f11-miss-str"; "Sec. V-C"; "L1D miss rate, APRES vs CCWS+STR, all"; "-5.9 %"; "x"; 0.941; div(avg("apres"; $S.all; missrate); avg("ccws-str"; $S.all; missrate))),
  c("f11-miss-cs"; "Sec. V-C"; "L1D miss rate, APRES vs the baseline, cache-sensitive"; "-14.5 %"; "x"; 0.855; div(avg("apres"; $S.cs; missrate); avg("base"; $S.cs; missrate))),
  c("f11-miss-cs-str"; "Sec. V-C"; "L1D miss rate, APRES vs CCWS+STR, cache-sensitive"; "-3.9 %"; "x"; 0.961; div(avg("apres"; $S.cs; missrate); avg("ccws-str"; $S.cs; missrate))),
  c("f11-bfs-miss"; "Sec. V-C"; "BFS: L1D misses, APRES vs the baseline"; "-19.0 %"; "x"; 0.81; rat("apres"; "base"; one("bfs"); "miss")),
  c("f11-bfs-sp"; "Sec. V-C"; "BFS: APRES over the baseline"; "+46.0 %"; "x"; 1.46; sp("apres"; one("bfs"))),
  c("f11-bfs-cold"; "Sec. V-C"; "BFS: cold misses, APRES vs the baseline (less than half)"; "< x0.5"; "x"; 0.5; rat("apres"; "base"; one("bfs"); "cold")),
  # Section V-D, Figure 12: early eviction
  c("f12-avg"; "Fig. 12"; "early eviction ratio, APRES (8.6 %) vs CCWS+STR (13.0 %), all"; "x0.66"; "x"; 0.6615;
    div(avgdef("apres"; $S.all; early); avgdef("ccws-str"; $S.all; early))),
  c("f12-ci"; "Sec. V-D"; "early eviction ratio, APRES (9.9 %) vs CCWS+STR (15.3 %), cache-insensitive"; "x0.65"; "x"; 0.647;
    div(avgdef("apres"; $S.ci; early); avgdef("ccws-str"; $S.ci; early))),
  c("f12-bfs"; "Sec. V-D"; "BFS: early eviction ratio, APRES (5.9 %) vs CCWS+STR (18.4 %)"; "x0.32"; "x"; 0.3207;
    div(avgdef("apres"; one("bfs"); early); avgdef("ccws-str"; one("bfs"); early))),
  # Section V-E, Figures 13 and 14: memory latency and traffic
  c("f13-lat"; "Fig. 13"; "average memory latency, APRES vs the baseline"; "-16.5 %"; "x"; 0.835; rat("apres"; "base"; $S.all; "lat")),
  c("f13-lat-str"; "Fig. 13"; "average memory latency, APRES vs CCWS+STR"; "-9.7 %"; "x"; 0.903; rat("apres"; "ccws-str"; $S.all; "lat")),
  c("f13-bfs"; "Sec. V-E"; "BFS: memory latency, APRES vs the baseline"; "-22.0 %"; "x"; 0.78; rat("apres"; "base"; one("bfs"); "lat")),
  c("f13-km"; "Sec. V-E"; "KM: memory latency, APRES vs the baseline"; "-19.2 %"; "x"; 0.808; rat("apres"; "base"; one("kmeans"); "lat")),
  c("f13-spmv"; "Sec. V-E"; "SPMV: memory latency, APRES vs the baseline"; "-31.8 %"; "x"; 0.682; rat("apres"; "base"; one("spmv"); "lat")),
  c("f14-str"; "Fig. 14"; "data traffic from memory to the SMs, CCWS+STR vs the baseline"; "-3.8 %"; "x"; 0.962; rat("ccws-str"; "base"; $S.all; "bytes")),
  c("f14-apres"; "Fig. 14"; "data traffic from memory to the SMs, APRES vs the baseline"; "-2.1 %"; "x"; 0.979; rat("apres"; "base"; $S.all; "bytes")),
  c("f14-bp"; "Sec. V-E"; "BP: data traffic, APRES vs the baseline"; "+16.4 %"; "x"; 1.164; rat("apres"; "base"; one("backprop"); "bytes"))
]
| map(.text = (if .ours == null then "-"
               elif .kind == "all" then ((.ours * 100 | round | tostring) + " % hold")
               elif .kind == "x" and (.pfactor < 1 or (.paper | test("%"))) then (.ours | pct) else (.ours | xf) end))
| map(classify_mib($n))
