#!/usr/bin/env bash
# pgo_train.sh BIN - the training run of the profile-guided build (make,
# PGO=1): BIN, the C side compiled with -fprofile-generate, runs the system
# model on the memory-bound built-in kernels issue 52 benchmarks and a few
# more (quick sizes, every configuration family the papers use), so that the
# per-cycle code of the SMs, caches, crossbar, DRAM and the blocks' C models
# is measured on the paths a simulation takes. About eight seconds. Each
# run's results are thrown away; a run that fails fails the build.
set -u
B=${1:-}
if [ -z "$B" ] || [ ! -x "$B" ]; then
    echo "usage: tests/pgo_train.sh BIN: BIN, a memsched-c built with -fprofile-generate (got '$B')" >&2
    exit 2
fi
runs=(
    "--config gtx480-mib --workload gesummv"
    "--config gtx480-mib --workload atax"
    "--config gtx480-mib --workload transpose"
    "--config gtx480-mib --workload stream"
    "--config gtx480-mib --workload bfs"
    "--config gtx480-mib --workload srad"
    "--config gtx480-mib --workload kmeans"
    "--config base-s --workload bfs --set mrpb=final"
    "--config apres --workload bfs"
    "--config temp --workload bfs"
)
for r in "${runs[@]}"; do
    # shellcheck disable=SC2086
    if ! "$B" sim $r --size quick --quiet >/dev/null 2>/tmp/pgo_train.$$; then
        echo "pgo_train: '$B sim $r --size quick' failed:" >&2
        head -5 /tmp/pgo_train.$$ >&2
        rm -f /tmp/pgo_train.$$
        exit 1
    fi
done
rm -f /tmp/pgo_train.$$
echo "pgo: trained on ${#runs[@]} runs"
