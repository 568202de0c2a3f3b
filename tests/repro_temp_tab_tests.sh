#!/usr/bin/env bash
# repro_temp_tab_tests.sh - the TEMP/TBAS paper's claim tabulator
# (repro/temp/claims.jq) fed fabricated runs with known answers: the
# geometric mean of per-benchmark speedups (not the arithmetic), a claim per
# category, floors (local access ratio), ratios of DRAM statistics, an order
# claim, the two statements of the energy saving, the noise deciding flat.
# It cannot check the model's results; it checks that no row is decided by
# anything but the runs' numbers.
set -u
cd "$(dirname "$0")/.."
# shellcheck source=tests/simlib.sh
. tests/simlib.sh
T=build/tests/repro_temp_tab
rm -rf "$T"
mkdir -p "$T"

# C1 kmeans backprop, C2 nn, C3 cfd; every run the same unless a label changes it
jq -n '
  def k: {ipc: 1, blp: 2, rbhr: 0.5, delay: 100, cong: 10, energy: 1000, lar: null};
  def all: {kmeans: k, backprop: k, nn: k, cfd: k};
  {noise: 0.01,
   sets: {c1: ["kmeans", "backprop"], c2: ["nn"], c3: ["cfd"], all: ["kmeans", "backprop", "nn", "cfd"]},
   runs: {
     base: all,
     # TEMP: x1.1 on C1, x1.057 on nn, x1.005 on cfd (within the noise); C1 BLP x2 on kmeans only;
     # local access 1.0 and 0.98 on C1 (mean 0.99), 0.9 on nn; cfd: a longer DRAM delay
     temp: (all | .kmeans.ipc = 1.1 | .backprop.ipc = 1.1 | .nn.ipc = 1.057 | .cfd.ipc = 1.005
            | .kmeans.blp = 4 | .kmeans.lar = 1.0 | .backprop.lar = 0.98 | .nn.lar = 0.9 | .cfd.lar = 0.5
            | .cfd.delay = 110),
     # TEMP+TBAS: x2 and x0.5 on C1 (gmean 1, arithmetic 1.25), x1.1 on nn, cfd 1; energy x0.75
     "temp-tbas": (all | .kmeans.ipc = 2 | .backprop.ipc = 0.5 | .nn.ipc = 1.1
                   | .kmeans.energy = 750 | .backprop.energy = 750 | .nn.energy = 750 | .cfd.energy = 750)
   }}' >"$T/runs.json"
jq -L repro/mrpb -L repro/mib -f repro/temp/claims.jq "$T/runs.json" >"$T/claims.json" 2>"$T/jq.err" ||
    bad "tabulator runs" "$(head -3 "$T/jq.err")"
cls() { jq -r --arg id "$1" '.[] | select(.id == $id) | "\(.class) \(.ours // "null" | if type == "number" then (. * 10000 | round / 10000) else . end)"' "$T/claims.json"; }
# (1.1 x 1.1 x 1.057 x 1.005)^(1/4) = 1.0648
expect "f10-temp: the geometric mean over all four, 1.0648 against +5.7 %: reproduced" "$(cls f10-temp)" "reproduced 1.0648"
# (2 x 0.5 x 1.1 x 1)^(1/4) = 1.0241 (the arithmetic mean would be 1.15): ln 1.0241 / ln 1.103 = 0.24
expect "f10-tbas: the geometric mean 1.0241, not the arithmetic 1.15: weaker than +10.3 %" "$(cls f10-tbas)" "weaker 1.0241"
expect "f10-c1-temp: x1.1 on both: reproduced against +11.1 %" "$(cls f10-c1-temp)" "reproduced 1.1"
expect "f10-c1-tbas: x2 and x0.5: the geometric mean 1.0, flat" "$(cls f10-c1-tbas)" "flat 1"
expect "f10-c2-temp: x1.057 where the paper has -1 %: opposite" "$(cls f10-c2-temp)" "opposite 1.057"
expect "f10-c2-tbas: x1.1 against +2 % (ln ratio 4.8): stronger" "$(cls f10-c2-tbas)" "stronger 1.1"
expect "f10-c3-temp: x1.005, inside the noise (1 %): flat" "$(cls f10-c3-temp)" "flat 1.005"
expect "f11-c1: local access 1.0 and 0.98, mean 0.99: at the 99 % floor, reproduced" "$(cls f11-c1)" "reproduced 0.99"
expect "f11-c2: local access 0.9 under the 93 % floor: weaker" "$(cls f11-c2)" "weaker 0.9"
expect "f11-c3: C1's 0.99 over C3's 0.5: reproduced" "$(cls f11-c3)" "reproduced 1.98"
# BLP: kmeans x2, backprop x1: sqrt 2 = 1.4142; ln 1.4142 / ln 1.583 = 0.75
expect "f12-c1-blp: the geometric mean of x2 and x1, 1.4142 against +58.3 %: reproduced" "$(cls f12-c1-blp)" "reproduced 1.4142"
expect "f12-c3-delay: cfd's delay x1.1 under TEMP: reproduced (an order)" "$(cls f12-c3-delay)" "reproduced 1.1"
expect "f12-c1-cong-tbas: no change: flat" "$(cls f12-c1-cong-tbas)" "flat 1"
# energy x0.75: ln 0.75 / ln 0.793 = 1.24 (reproduced); / ln 0.887 = 2.4 (stronger)
expect "f13-tbas: energy x0.75 against Section 6.1.2's -20.7 %: reproduced" "$(cls f13-tbas)" "reproduced 0.75"
expect "abs-energy: the same x0.75 against the abstract's -11.3 %: stronger" "$(cls abs-energy)" "stronger 0.75"
# a missing run makes its claims missing
jq 'del(.runs["temp-tbas"].nn)' "$T/runs.json" >"$T/runs-miss.json"
jq -L repro/mrpb -L repro/mib -f repro/temp/claims.jq "$T/runs-miss.json" >"$T/claims-miss.json"
expect "a missing run: the claims that need it are missing (f10-c2-tbas, f10-tbas), the others not (f10-c1-tbas)" \
    "$(jq -r '[.[] | select(.id == "f10-c2-tbas" or .id == "f10-tbas" or .id == "f10-c1-tbas") | .class] | join(" ")' "$T/claims-miss.json")" \
    "missing flat missing"
expect "every claim has a class of the seven" \
    "$(jq -r '[.[] | select(.class | IN("reproduced", "weaker", "stronger", "flat", "opposite", "partly", "missing") | not)] | length' "$T/claims.json")" 0
exit $status
