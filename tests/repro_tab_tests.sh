#!/usr/bin/env bash
# repro_tab_tests.sh - the MRPB claim tabulator (repro/mrpb/claims.jq) fed
# fabricated runs with known answers: every class (reproduced, weaker,
# stronger, flat, opposite, missing) for factor claims, order claims and
# no-effect claims, the two L1-miss counts, the best-SWL rule and the /U
# pairing. It cannot check the model's results; it checks that no row is
# decided by anything but the runs' numbers.
set -u
cd "$(dirname "$0")/.."
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/repro_tab
rm -rf "$T"
mkdir -p "$T"

# Fabricated runs: two PolyBench kernels (p1 IW, p2 XW, p3 CI), two Rodinia (r1, r2 = srad, srad-u).
jq -n '
  def k($ipc; $miss; $bp; $l2l1): {ipc: $ipc, miss: $miss, bypass: $bp, l2l1: $l2l1};
  def all($ipc): {p1: k($ipc; 100; 0; 1000), p2: k($ipc; 100; 0; 1000), p3: k($ipc; 100; 0; 1000),
                  srad: k($ipc; 100; 0; 1000), "srad-u": k($ipc; 100; 0; 1000)};
  {noise: 0.02,
   sets: {poly: ["p1", "p2", "p3"], rodinia: ["srad", "srad-u"], iw: ["p1"], xw: ["p2"], ci: ["p3"],
          unshared: ["srad-u"], shared: ["srad"]},
   runs: {
     # srad-u at half srad'"'"'s IPC on Base-S: the /U pairing gives 0.5, a mispairing 1 or 2
     base: (all(1) | .["srad-u"].ipc = 0.5),
     # PolyBench x2.65 exactly (reproduced); Rodinia x1.01 (flat at noise 0.02); misses: GPGPU-Sim
     # count 0.4 of base (reproduced vs 0.454), misses + bypassed reads 0.9 (weaker)
     # L2-to-L1 packets 0.5, 0.8, 1.0 of base: geomean 0.7368 (a sum would give 0.7667)
     mrpb: {p1: k(2.65; 40; 50; 500), p2: k(2.65; 40; 50; 800), p3: k(2.65; 40; 50; 1000),
            srad: k(1.01; 100; 0; 1000), "srad-u": k(0.505; 100; 0; 1000)},
     # Base-L: PolyBench x10 (stronger: ln 10 / ln 2.23 > 2), Rodinia x0.9 (opposite)
     "base-l": all(1),
     "mrpb-l": {p1: k(10; 1; 0; 1), p2: k(10; 1; 0; 1), p3: k(10; 1; 0; 1),
                srad: k(0.9; 1; 0; 1), "srad-u": k(0.9; 1; 0; 1)},
     # SWL: the best limit per kernel, x3 on p1 only: geomean 3^(1/3) = 1.442 < 2.65 (reproduced order)
     swl1: {p1: k(3; 1; 0; 1), p2: k(0.5; 1; 0; 1), p3: k(0.5; 1; 0; 1), srad: k(1; 1; 0; 1), "srad-u": k(1; 1; 0; 1)},
     swl2: all(0.8),
     bypass: all(1), reorder: all(1), "bypass-all": all(1),
     # latency: 18 vs 3 within noise (none -> reproduced); depth 8 vs 64 without flush x1.5 (none -> stronger)
     "lat-3": all(1), "lat-18": all(1.01), "sig-warp": all(1), "noflush-8": all(1.5)
   }}' >"$T/runs.json"
jq -L repro/mrpb -f repro/mrpb/claims.jq "$T/runs.json" >"$T/claims.json" 2>"$T/jq.err" || bad "tabulator runs" "$(head -3 "$T/jq.err")"
cls() { jq -r --arg id "$1" '.[] | select(.id == $id) | .class' "$T/claims.json"; }
ours() { jq -r --arg id "$1" '.[] | select(.id == $id) | .ours' "$T/claims.json"; }
expect "factor claim at the paper's value: reproduced" "$(cls f14-poly-s)" reproduced
expect "factor claim within the noise: flat" "$(cls f14-rod-s)" flat
expect "factor claim over 2x the paper's effect (log space): stronger" "$(cls f14-poly-l)" stronger
expect "factor claim of the other sign: opposite" "$(cls f14-rod-l)" opposite
expect "misses, GPGPU-Sim's count (0.4 vs 0.454): reproduced" "$(cls miss-poly)" reproduced
expect "misses + bypassed reads (0.9 vs 0.454): weaker" "$(cls missbp-poly)" weaker
expect "misses + bypassed reads: the ratio counts the bypassed reads" "$(ours missbp-poly)" 0.9
expect "the largest single speedup: 10 of the four scenarios" "$(ours f14-max)" 10
expect "L2-to-L1 packets: the geomean of the per-program ratios (0.5, 0.8, 1)" \
    "$(jq -r '.[] | select(.id == "traffic-poly") | .ours * 10000 | round' "$T/claims.json")" 7368
expect "order claim MRPB > best SWL per kernel: reproduced" "$(cls swl-poly-s)" reproduced
expect "best SWL: per kernel max(base, limits), geomean" "$(jq -r '.[] | select(.id == "swl-poly-s") | .ours * 10000 | round' "$T/claims.json")" \
    "$(awk 'BEGIN {printf "%d", 2.65 / exp(log(3) / 3) * 10000 + 0.5}')"
expect "order claim holding (x2.65 over bypass only): reproduced" "$(cls both-bypass)" reproduced
expect "order claim with no difference: flat" "$(cls f13-ci-assoc)" flat
expect "no-effect claim within the noise: reproduced" "$(cls f12-latency)" reproduced
expect "no-effect claim with an effect: stronger" "$(cls f10-depth)" stronger
expect "a claim whose runs are missing: missing, never a class" "$(cls f16-gto)" missing
expect "unshared pairing: srad-u over srad on Base-S (0.5 / 1)" "$(ours unshared-base)" 0.5
expect "an SWL claim with no SWL runs (GTO): missing, not MRPB against the baseline" "$(cls f16-swl-gto)" missing
expect "the lowest per-program speedup (Rodinia x1.01 on Base-S): at least x1, reproduced" "$(cls never-worse-s)" reproduced
expect "the lowest per-program speedup on Base-L (x0.9): opposite" "$(cls never-worse-l)" opposite
# no noise measured: no claim can be classified
jq '.noise = null' "$T/runs.json" | jq -L repro/mrpb -f repro/mrpb/claims.jq >"$T/nonoise.json"
expect "without a measured noise every claim is missing" "$(jq -r '[.[].class] | unique | join(",")' "$T/nonoise.json")" missing
# the classification rules on hand-made rows
row() { jq -L repro/mrpb -nr --argjson n "$1" --arg k "$2" --argjson p "$3" --argjson o "$4" \
    'include "claims_lib"; {kind: $k, pfactor: $p, ours: $o} | classify($n) | .class'; }
expect "x: 0.5 of the paper's effect exactly is reproduced" "$(row 0.01 x 4 2)" reproduced
expect "x: just under half the effect is weaker" "$(row 0.01 x 4 1.98)" weaker
expect "x: a reduction reproduced" "$(row 0.01 x 0.5 0.6)" reproduced
expect "x: a reduction where ours rises: opposite" "$(row 0.01 x 0.5 1.2)" opposite
expect "order: a 1 % margin under a 2 % noise is flat" "$(row 0.02 order null 1.01)" flat
expect "order: below one beyond the noise is opposite" "$(row 0.02 order null 0.95)" opposite
expect "x: a paper factor of exactly 1 and an effect: stronger, no division by zero" "$(row 0.01 x 1 1.5)" stronger
expect "x: ours exactly 0 (a reduction to nothing) against -50 %: stronger" "$(row 0.01 x 0.5 0)" stronger
expect "atleast: 1 % below one under a 2 % noise holds" "$(row 0.02 atleast null 0.99)" reproduced
expect "atleast: 5 % below one is opposite" "$(row 0.02 atleast null 0.95)" opposite
expect "none: 4 % is within the 5 % reading of 'little effect'" "$(row 0.01 none null 1.04)" reproduced
exit $status
