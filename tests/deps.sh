#!/usr/bin/env bash
# deps.sh - install the Debian packages memsched needs when a tool is missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
set -u
need=()
have() { command -v "$1" >/dev/null 2>&1; }
have verilator   || need+=(verilator)
have yosys       || need+=(yosys)
have yosys-smtbmc || need+=(yosys)
have sta         || need+=(opensta)
have gtkwave     || need+=(gtkwave)
have z3          || need+=(z3)
have iverilog    || need+=(iverilog)
have xvfb-run    || need+=(xvfb xauth)
have g++         || need+=(g++)
have make        || need+=(make)
[ -f /usr/share/qflow/tech/osu018/osu018_stdcells.lib ] || need+=(qflow-tech-osu018)
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
[ -f /usr/include/cmocka.h ] || need+=(libcmocka-dev)
[ -f /usr/include/lzma.h ] || need+=(liblzma-dev)          # .xz traces
[ -f /usr/include/cjson/cJSON.h ] || need+=(libcjson-dev)  # statistics as JSON
have gnuplot     || need+=(gnuplot-nox)                     # compare's bar charts
have jq          || need+=(jq)                              # the tests check the JSON with it
have ccache      || need+=(ccache)                          # rebuilds of the Verilated models
# clang: the compiler of the C side and of the Verilated models (Makefile, CC),
# with its libFuzzer, sanitizer and profile runtimes (make fuzz, the sanitizer
# stage of make test, the profile-guided build) and LLVM's profile merger
have clang       || need+=(clang)
have llvm-profdata || need+=(llvm)
# (and LLVM's linker plugin beside the clang that runs, for the link-time
# optimised build: Debian's clang and llvm packages depend on it)
if have clang; then
    [ -f "$(dirname "$(readlink -f "$(command -v clang)")")/../lib/LLVMgold.so" ] || need+=(llvm)
fi
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || need+=(libclang-rt-14-dev)
[ ${#need[@]} -eq 0 ] && exit 0
pkgs=$(printf '%s\n' "${need[@]}" | sort -u | tr '\n' ' ')
cmd="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $pkgs"
if [ "$(id -u)" -ne 0 ]; then
    echo "memsched needs these Debian packages: $pkgs"
    echo "run as root:  $cmd"
    exit 1
fi
echo "make deps: installing $pkgs"
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
