# claims.jq - the MRPB paper's quantitative claims, computed from runs'
# statistics and classified (docs/reproduction.md, "How a claim is
# classified"). Input (repro/mrpb/run.sh gathers it from the runs' JSON):
#   {"noise": N,                      the model's own sensitivity, as |ln ratio|
#    "sets": {"poly": [...], "rodinia": [...], "iw": [...], "xw": [...], "ci": [...],
#             "unshared": [...], "shared": [...]},   /U programs and their originals, in order
#    "runs": {"LABEL": {"WORKLOAD": {"ipc": x, "miss": x, "bypass": x, "l2l1": x}}}}
# Output: one object per claim: id, fig, claim, paper, kind, pfactor, ours, text, class.
#
# Kinds: "x" a factor (1 = no change) the paper reports; "order" the paper
# says A > B, ours is A / B; "atleast" the paper says A is never below B;
# "none" the paper says there is little or no effect.
# Effects are compared in log space (a speedup of x2 and a halving are
# effects of the same size): e = ln(factor).
#   x:     flat if |e_ours| <= noise; opposite if the signs differ;
#          weaker if e_ours / e_paper < 1/2, stronger if > 2, else reproduced
#   order: reproduced if e_ours > noise, flat if |e_ours| <= noise, else opposite
#   atleast: reproduced if e_ours >= -noise, else opposite
#   none:  reproduced if |e_ours| <= max(noise, ln 1.05), else stronger (an effect the paper did not see)
# Averages are geometric means of per-program ratios, as the paper's (Section 5: "All average
# numbers are geometric means"). No noise measured, or a run missing: "missing".

include "claims_lib";

. as $in | .sets as $S | .noise as $n |
def c($id; $fig; $claim; $paper; $kind; $pf; $ours; $text): {id: $id, fig: $fig, claim: $claim, paper: $paper, kind: $kind, pfactor: $pf, ours: $ours, text: $text};
[
  # Figure 14, Section 5.5: the final design over the two baselines
  c("f14-poly-s"; "Fig. 14"; "MRPB final vs Base-S, geomean IPC, PolyBench (12)"; "x2.65"; "x"; 2.65; speedup("mrpb"; "base"; $S.poly); null),
  c("f14-poly-l"; "Fig. 14"; "MRPB final vs Base-L, geomean IPC, PolyBench (12)"; "x2.23"; "x"; 2.23; speedup("mrpb-l"; "base-l"; $S.poly); null),
  c("f14-rod-s"; "Fig. 14"; "MRPB final vs Base-S, geomean IPC, Rodinia (16)"; "x1.27"; "x"; 1.27; speedup("mrpb"; "base"; $S.rodinia); null),
  c("f14-rod-l"; "Fig. 14"; "MRPB final vs Base-L, geomean IPC, Rodinia (16)"; "x1.15"; "x"; 1.15; speedup("mrpb-l"; "base-l"; $S.rodinia); null),
  c("f14-max"; "Fig. 14"; "the largest speedup of one program (any of the four)"; "x17.2"; "x"; 17.2;
    ([ratios("mrpb"; "base"; $S.poly + $S.rodinia; "ipc")[], ratios("mrpb-l"; "base-l"; $S.poly + $S.rodinia; "ipc")[]] | maxall); null),
  c("traffic-poly"; "Sec. 5.5"; "L2-to-L1 packets, MRPB vs Base-S, geomean over PolyBench"; "-26.7 %"; "x"; 0.733; ratios("mrpb"; "base"; $S.poly; "l2l1") | gmean; null),
  c("traffic-rod"; "Sec. 5.5"; "L2-to-L1 packets, MRPB vs Base-S, geomean over Rodinia"; "-15.4 %"; "x"; 0.846; ratios("mrpb"; "base"; $S.rodinia; "l2l1") | gmean; null),
  c("miss-poly"; "Sec. 5.5"; "L1 misses (GPGPU-Sim's count: a bypassed read is no L1 access), geomean over PolyBench"; "-54.6 %"; "x"; 0.454;
    (ratios("mrpb"; "base"; $S.poly; "miss") | gmean); null),
  c("missbp-poly"; "Sec. 5.5"; "L1 misses + bypassed reads (reads sent to the L2), geomean over PolyBench"; "-54.6 %"; "x"; 0.454;
    ([ $S.poly[] as $w | div($in.runs.mrpb[$w] | .miss + .bypass; $in.runs.base[$w] | .miss + .bypass) ] | gmean); null),
  c("miss-rod"; "Sec. 5.5"; "L1 misses (GPGPU-Sim's count), geomean over Rodinia"; "-37.9 %"; "x"; 0.621;
    (ratios("mrpb"; "base"; $S.rodinia; "miss") | gmean); null),
  c("missbp-rod"; "Sec. 5.5"; "L1 misses + bypassed reads, geomean over Rodinia"; "-37.9 %"; "x"; 0.621;
    ([ $S.rodinia[] as $w | div($in.runs.mrpb[$w] | .miss + .bypass; $in.runs.base[$w] | .miss + .bypass) ] | gmean); null),
  c("never-worse-s"; "Sec. 5.5"; "MRPB never below Base-S: the lowest per-program speedup"; ">= x1.00"; "atleast"; null;
    (ratios("mrpb"; "base"; $S.poly + $S.rodinia; "ipc") | if anynull or length == 0 then null else min end); null),
  c("never-worse-l"; "Sec. 5.5"; "MRPB never below Base-L: the lowest per-program speedup"; ">= x1.00"; "atleast"; null;
    (ratios("mrpb-l"; "base-l"; $S.poly + $S.rodinia; "ipc") | if anynull or length == 0 then null else min end); null),
  c("over-10x"; "Sec. 5.5"; "some programs gain more than x10 (the largest speedup over 10)"; "> x10"; "order"; null;
    div([ratios("mrpb"; "base"; $S.poly + $S.rodinia; "ipc")[], ratios("mrpb-l"; "base-l"; $S.poly + $S.rodinia; "ipc")[]] | maxall; 10); null),
  c("s-over-l"; "Sec. 5.5"; "Base-S gains more than Base-L, PolyBench geomeans"; "S > L"; "order"; null;
    div(speedup("mrpb"; "base"; $S.poly); speedup("mrpb-l"; "base-l"; $S.poly)); null),
  c("swl-poly-s"; "Fig. 14"; "MRPB > best CCWS-SWL (per program), PolyBench, Base-S"; "MRPB > SWL"; "order"; null;
    div(speedup("mrpb"; "base"; $S.poly); swlbest("swl"; "base"; $S.poly) | gmean); null),
  c("swl-rod-s"; "Fig. 14"; "MRPB > best CCWS-SWL, Rodinia, Base-S"; "MRPB > SWL"; "order"; null;
    div(speedup("mrpb"; "base"; $S.rodinia); swlbest("swl"; "base"; $S.rodinia) | gmean); null),
  c("swl-poly-l"; "Fig. 14"; "MRPB > best CCWS-SWL, PolyBench, Base-L"; "MRPB > SWL"; "order"; null;
    div(speedup("mrpb-l"; "base-l"; $S.poly); swlbest("lswl"; "base-l"; $S.poly) | gmean); null),
  c("swl-rod-l"; "Fig. 14"; "MRPB > best CCWS-SWL, Rodinia, Base-L"; "MRPB > SWL"; "order"; null;
    div(speedup("mrpb-l"; "base-l"; $S.rodinia); swlbest("lswl"; "base-l"; $S.rodinia) | gmean); null),
  c("both-bypass"; "Fig. 14"; "bypass and reorder > bypass only, geomean PolyBench"; "both > either"; "order"; null;
    speedup("mrpb"; "bypass"; $S.poly); null),
  c("both-reorder"; "Fig. 14"; "bypass and reorder > reorder only, geomean PolyBench"; "both > either"; "order"; null;
    speedup("mrpb"; "reorder"; $S.poly); null),
  c("reorder-xw"; "Fig. 14"; "reorder only improves the XW programs (cross-warp contention)"; "reorder > base (XW)"; "order"; null;
    speedup("reorder"; "base"; $S.xw); null),
  # Figure 13: bypassing
  c("f13-iw"; "Fig. 13"; "bypass only (associativity stalls) helps IW programs"; "IW gain"; "order"; null; speedup("bypass"; "base"; $S.iw); null),
  c("f13-iw-xw"; "Fig. 13"; "bypassing helps IW more than XW"; "IW > XW"; "order"; null;
    div(speedup("bypass"; "base"; $S.iw); speedup("bypass"; "base"; $S.xw)); null),
  c("f13-ci-all"; "Fig. 13"; "bypass on all stalls degrades CI programs"; "base > bypass-all"; "order"; null;
    speedup("base"; "bypass-all"; $S.ci); null),
  c("f13-ci-assoc"; "Fig. 13"; "bypass on associativity stalls degrades CI less than on all stalls"; "assoc > all"; "order"; null;
    speedup("bypass"; "bypass-all"; $S.ci); null),
  c("f13-xw"; "Fig. 13"; "bypassing is ineffective for cross-warp contention: bypass only vs Base-S, XW"; "little gain"; "none"; null;
    speedup("bypass"; "base"; $S.xw); null),
  # Figure 8: signatures (Section 5.1: unlimited queues, 3-cycle latency, no flush, no bypassing)
  c("f8-iw-warp"; "Fig. 8"; "IW: the warp signature beats the block signature"; "warp > block"; "order"; null;
    speedup("sig-warp"; "sig-block"; $S.iw); null),
  c("f8-iw-inblock"; "Fig. 8"; "IW: the in-block warp signature beats the block signature"; "in-block > block"; "order"; null;
    speedup("sig-inblock"; "sig-block"; $S.iw); null),
  c("f8-xw-block"; "Fig. 8"; "XW: the block signature improves IPC over Base-S"; "block > base"; "order"; null;
    speedup("sig-block"; "base"; $S.xw); null),
  c("f8-xw-warp"; "Fig. 8"; "XW: the warp signature improves IPC over Base-S"; "warp > base"; "order"; null;
    speedup("sig-warp"; "base"; $S.xw); null),
  c("f8-ci"; "Fig. 8"; "CI: the warp signature has minimal impact"; "minimal"; "none"; null;
    speedup("sig-warp"; "base"; $S.ci); null),
  # Figure 9: drain policies (warp signature, unlimited queues, no flush)
  (["sig-warp", "drain-longest", "drain-rr", "drain-fixed-g", "drain-longest-g", "drain-rr-g"][1:][] as $d |
    c("f9-fixed-" + ($d | ltrimstr("drain-")); "Fig. 9"; "fixed-order drain beats \($d | ltrimstr("drain-")), geomean PolyBench"; "fixed best"; "order"; null;
      speedup("sig-warp"; $d; $S.poly); null)),
  # Figures 10-12: queue depth, flush, latency
  c("f10-depth"; "Fig. 10"; "without flush, 8 entries a queue vs unlimited (64): little change, XW and CI"; "insensitive"; "none"; null;
    speedup("noflush-8"; "sig-warp"; $S.xw + $S.ci); null),
  c("f10-depth-iw"; "Fig. 10"; "without flush, IW programs benefit from longer queues (64 vs 8 entries)"; "64 > 8 (IW)"; "order"; null;
    speedup("sig-warp"; "noflush-8"; $S.iw); null),
  c("f11-flush"; "Fig. 11"; "at 8 entries a queue, flush on does not hurt (flush vs no flush), geomean PolyBench"; "flush >= no flush"; "atleast"; null;
    speedup("lat-3"; "noflush-8"; $S.poly); null),
  c("f11-flush-iw"; "Fig. 11"; "at 8 entries, flush improves atax, bicg, mvt (IW)"; "flush > no flush (IW)"; "order"; null;
    speedup("lat-3"; "noflush-8"; $S.iw); null),
  c("f12-latency"; "Fig. 12"; "18-cycle vs 3-cycle buffer latency, geomean PolyBench"; "insensitive"; "none"; null;
    speedup("lat-18"; "lat-3"; $S.poly); null),
  # Figure 15, Section 5.6: unshared versions
  c("f15-srad-u-s"; "Fig. 15"; "SRAD/U vs SRAD on Base-S without MRPB"; "-18 %"; "x"; 0.82;
    div($in.runs.base["srad-u"].ipc; $in.runs.base.srad.ipc); null),
  c("f15-srad-u-l"; "Fig. 15"; "SRAD/U > SRAD on Base-L without MRPB"; "SRAD/U > SRAD"; "order"; null;
    div($in.runs["base-l"]["srad-u"].ipc; $in.runs["base-l"].srad.ipc); null),
  c("f15-mrpb-s"; "Fig. 15"; "with MRPB on Base-S both SRAD versions do much better: the lower of the two gains"; "both gain"; "order"; null;
    ([div($in.runs.mrpb.srad.ipc; $in.runs.base.srad.ipc), div($in.runs.mrpb["srad-u"].ipc; $in.runs.base["srad-u"].ipc)] | if anynull then null else min end); null),
  c("f15-best"; "Fig. 15"; "of the 8 SRAD runs, SRAD/U on Base-L with MRPB is the best"; "SRAD/U-L-MRPB best"; "order"; null;
    div($in.runs["mrpb-l"]["srad-u"].ipc; [ ("base", "mrpb", "base-l", "mrpb-l") as $l | ("srad", "srad-u") as $w
      | select([$l, $w] != ["mrpb-l", "srad-u"]) | $in.runs[$l][$w].ipc ] | maxall); null),
  c("unshared-base"; "Sec. 5.6"; "the six /U programs vs their originals, Base-S, geomean"; "-37 %"; "x"; 0.63;
    ([ range($S.unshared | length) as $i | div($in.runs.base[$S.unshared[$i]].ipc; $in.runs.base[$S.shared[$i]].ipc) ] | gmean); null),
  c("unshared-mrpb"; "Sec. 5.6"; "the /U programs with MRPB vs the originals without, Base-S, geomean"; "-9 %"; "x"; 0.91;
    ([ range($S.unshared | length) as $i | div($in.runs.mrpb[$S.unshared[$i]].ipc; $in.runs.base[$S.shared[$i]].ipc) ] | gmean); null),
  # Figure 16: warp schedulers
  c("f16-gto"; "Fig. 16"; "GTO beats round-robin, Base-S, all programs"; "GTO > RR"; "order"; null;
    speedup("gto"; "base"; $S.poly + $S.rodinia); null),
  c("f16-mrpb-gto"; "Fig. 16"; "MRPB improves IPC over GTO"; "MRPB+GTO > GTO"; "order"; null;
    speedup("mrpb-gto"; "gto"; $S.poly + $S.rodinia); null),
  c("f16-swl-gto"; "Fig. 16"; "MRPB beats SWL on top of GTO"; "MRPB > SWL (GTO)"; "order"; null;
    div(speedup("mrpb-gto"; "gto"; $S.poly + $S.rodinia); swlbest("gswl"; "gto"; $S.poly + $S.rodinia) | gmean); null),
  # Section 5.8, Section 6: larger or more associative L1s
  c("l1-64way"; "Sec. 5.8"; "MRPB vs a 64-way 16 KB L1 with a 1-cycle hit, all -S programs"; "+4 %"; "x"; 1.04;
    speedup("mrpb"; "l1-64way"; $S.poly + $S.rodinia); null),
  c("l1-20kb-poly"; "Sec. 6"; "a 20 KB 5-way L1 vs Base-S, PolyBench"; "x1.2"; "x"; 1.2; speedup("l1-20kb"; "base"; $S.poly); null),
  c("l1-20kb-rod"; "Sec. 6"; "a 20 KB 5-way L1 vs Base-S, Rodinia"; "x1.06"; "x"; 1.06; speedup("l1-20kb"; "base"; $S.rodinia); null),
  c("l1-20kb-mrpb"; "Sec. 6"; "MRPB considerably outperforms a 20 KB L1, PolyBench and Rodinia"; "MRPB > 20 KB"; "order"; null;
    speedup("mrpb"; "l1-20kb"; $S.poly + $S.rodinia); null)
]
| map(.text = (if .ours == null then "-" elif .kind == "x" and (.pfactor < 1 or (.paper | test("%"))) then (.ours | pct) else (.ours | xf) end))
| map(classify($n))
