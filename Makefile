# memsched - one entry point. `make help` lists the targets.
#
#   make            build the C models, the Verilated models and build/memsched (BIG=1: the largest sets too;
#                   PGO=0: the C side without profile-guided optimisation, and without link-time
#                   optimisation, which needs the profile; LTO=0: without link-time optimisation)
#   make run        co-simulate every block (default parameters) + area/timing table
#   make test       every test; ends with "N passed, N failed"
#   make test-long  what make test samples, in full: every run.skip=0 pair, formal.sh --long (an hour or more)
#   make lint       verilator --lint-only -Wall and a Yosys read of every RTL file
#   make area       synthesis (Yosys, liberty-mapped) + static timing (OpenSTA)
#   make waves      BLOCK=b: a short co-simulation with an FST and a GTKWave save file
#   make mutate     BLOCK=b: mutation testing of the lockstep run
#   make bench      simulated cycles per second, C model alone and in lockstep
#   make golden     rewrite the digests of the system model's results make test holds (tests/golden)
#   make repro      the MRPB paper, the MIB thesis, APRES, TEMP/TBAS and S-L1 reproduced (out/repro/*/report.md; hours)
#   make repro-mrpb the MRPB paper alone
#   make repro-mib  the MIB thesis alone
#   make repro-apres the APRES paper alone
#   make repro-temp the TEMP/TBAS paper alone
#   make repro-sl1  the S-L1 paper alone
#   make cosim-long every mode combination at every parameter set (BIG=1), 10^6 cycles each
#   make asan       the C side built with ASan + UBSan (build/asan)
#   make fuzz       libFuzzer on the stimulus parser and the command line (FUZZ_TIME=s)
#   make coverage   Verilator line/toggle/branch coverage of the lockstep runs (BLOCK=b)
#   make deps       install the Debian packages the project needs

SHELL := /bin/bash
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:

BUILD   := build
OUT     := out
BLOCK   ?=
LIBERTY ?= /usr/share/qflow/tech/osu018/osu018_stdcells.lib

# clang for everything compiled here, the Verilated models included (make
# deps installs it): against GCC 12 at the same levels, with each compiler's
# profile-guided build of the C side, the system model ran gesummv and atax
# 1.13-1.16x faster (fastest of 3-4 alternating runs), the models' lockstep
# (tbas, apres_laws, mrpb) 1.11-1.18x and the blocks' `--rtl` in the system
# 1.2-1.5x (docs/sim.md, "Issue 52: clang"); the JSON of every run is the
# same (make test's digests).
CC  := clang
CXX := clang++
# LLVM's profile merger, for the profile-guided build (PGO below).
PROFDATA := llvm-profdata
# ccache for the C++ of the Verilated models and the shims, and the C side's
# objects, when it is there (make deps installs it): a rebuild, or CI on the
# same machine, compiles only what changed, and make test's fresh-machine
# `make run` (tests/fresh_make.sh) reuses the objects its build just made.
CCACHE := $(shell command -v ccache 2>/dev/null)
# cmodel/ sees only itself; tb/ sees cmodel/; sim/ sees both (sim -> tb -> cmodel).
SAN      ?=
# The CPU's population-count instruction when this machine has it (x86-64:
# every CPU since 2008; without it the compiler calls a bit-twiddling
# library routine, 1.3 % of gesummv's time): the build runs where it is built.
POPCNT   := $(shell grep -qw popcnt /proc/cpuinfo 2>/dev/null && echo -mpopcnt)
# -ffp-contract=off: a * b + c is two roundings, as written, whatever the
# instruction set (the built-in kernels' arithmetic; clang's default contracts
# where the target has FMA).
CWARN    := -std=c11 -D_GNU_SOURCE -O2 -g $(POPCNT) -ffp-contract=off -Wall -Wextra -Werror $(SAN)
CMODEL_CFLAGS := $(CWARN) -Icmodel
CFLAGS   := $(CWARN) -Icmodel -Itb -Isim
VROOT    ?= /usr/share/verilator
# The command that installs the Debian packages (tests/fresh_make.sh replaces it).
DEPS_CMD ?= tests/deps.sh
CXXFLAGS := -std=gnu++17 -O2 -g -Wall -Wno-unused-parameter -Icmodel -Itb \
            -I$(VROOT)/include -I$(VROOT)/include/vltstd \
            -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_COVERAGE=0 -DVM_SC=0 -faligned-new
# liblzma: .xz traces; libcjson: the statistics as JSON
SIM_LIBS := -llzma -lcjson -lm
LDLIBS   := -lz -pthread -latomic $(SIM_LIBS)

# ---------------------------------------------------------------------------
# Blocks: one manifest each, tb/BLOCK.manifest (its RTL files, dependencies
# first; its parameter sets, the first its default; the system model's sets;
# the largest sets; its mutation and area settings). Every list of blocks and
# sets below, and the C registries (build/gen/blocks.c, psets.c, defaults.c),
# derive from them; adding a block is adding its manifest (docs/cosim.md).
BLOCKS :=
include $(sort $(wildcard tb/*.manifest))
# The system model's sets (sim --rtl BLOCK): derived from its default
# configuration by the C side (`memsched sim --rtl-psets`, the same
# derivation the units open their instances with) into PSETS_SIM_<block>;
# `make build` writes the file first (sim-psets), then builds with it.
SIM_PSETS_MK := $(BUILD)/gen/sim_psets.mk
-include $(SIM_PSETS_MK)

# Parameter sets Verilated for the lockstep engine, as block:Param=value,...
# The first set of each block is its default (make run, cosim without --set);
# the system model's sets (sim --rtl) follow each block's own.
PSETS := $(foreach b,$(BLOCKS),$(addprefix $b:,$(PSETS_$b) $(filter-out $(PSETS_$b),$(PSETS_SIM_$b))))
PSETS_SIM := $(foreach b,$(BLOCKS),$(addprefix $b:,$(PSETS_SIM_$b)))

# The largest sets (a 128-read DRAM scheduler, 32-deep MRPB queues): 100 MB of
# generated C++ between them, two fifths of the whole build, so make test does
# not Verilate them; `make cosim-long` does (BIG=1), and `make lint` reads them.
PSETS_BIG := $(foreach b,$(BLOCKS),$(addprefix $b:,$(PSETS_BIG_$b)))
# Wrappers that are not co-simulated blocks of their own (area only), linted too.
WRAPPERS := $(strip $(foreach b,$(BLOCKS),$(WRAPPERS_$b)))
BIG ?= 0
ifeq ($(BIG),1)
PSETS += $(PSETS_BIG)
endif
# `make run` builds only the sets it runs, each block's default (SETS=default):
# a third of the build; `make`, `make test` build every set.
SETS ?= all
ifeq ($(SETS),default)
PSETS := $(foreach b,$(BLOCKS),$(word 1,$(filter $b:%,$(PSETS))))
endif

# Verilator, one flag per line (STYLE.md).
VFLAGS := --cc                  # C++ model
VFLAGS += -Wall                 # every lint warning is an error
VFLAGS += --assert              # immediate assertions run in every co-simulation
VFLAGS += --trace-fst           # FST waveforms on request
VFLAGS += --trace-max-array 64  # arrays up to 64 elements in waveforms (apres_laws' queue probes: one per warp)
VFLAGS += --x-assign unique     # X assignments become random values, not zeros
VFLAGS += --x-initial unique    # initial values follow +verilator+rand+reset
# The counting primitives' simulation bodies (rtl/popcnt.sv, rtl/cnt_ge.sv;
# docs/formal.md, "Simulation bodies"): not in coverage builds, which measure
# the structure, nor in `make lint`, which reads it.
FAST_SIM := +define+FAST_SIM_PRIMS
VFLAGS += $(FAST_SIM)
# Per block (its manifest): VFLAGS_<block>, extra flags; VOPT_<block>,
# Verilator's own optimisations, -O3 unless the manifest says otherwise.
VOPT := -O3
vopt = $(if $(filter undefined,$(origin VOPT_$1)),$(VOPT),$(VOPT_$1))
# C++ optimisation of the generated model (Verilator 5.006 overrides -CFLAGS -O3
# with -Os). The per-cycle code of each block's default set and of the system
# model's set at -O2: they are the ones benchmarked and run 10^6 cycles (at -O1
# dram_sched's lockstep ran 39 % slower, mrpb's 18 %). The other sets' at -O1:
# 2.3x less compile time, and they run a few 10^4 cycles each in make test. The
# code that runs once (initial values, settle: Verilator's "slow" classes) and
# the waveform dump (tb/vl_opt.mk) at -O0 everywhere.
FAST_PSETS = $(foreach b,$(BLOCKS),$(call first_of,$b)) $(PSETS_SIM)
# (tests/mutate.sh builds its mutant model with VMAKE_OPT_FAST too.)
# POPCNT (the CPU's population count, as the C side): the models count ones
# with it (tb/vl_popcnt.h, read by tb/vl_opt.mk).
# Per block (its manifest): VCXX_<block>, its fast sets' level, -O2 unless the
# manifest says otherwise (dram_sched: -Os, its per-cycle code larger than the
# CPU's L2 cache).
VCXX := -O2
vcxx = $(if $(filter undefined,$(origin VCXX_$1)),$(VCXX),$(VCXX_$1))
VMAKE_OPT_SLOW := CXX=$(CXX) OPT_SLOW=-O0 OPT_TRACE=-O0 OPT_GLOBAL=-O2 $(if $(POPCNT),POPCNT=$(POPCNT))
VMAKE_OPT_FAST := OPT_FAST=$(VCXX) $(VMAKE_OPT_SLOW)
VMAKE_OPT_REST := OPT_FAST=-O1 $(VMAKE_OPT_SLOW)
vmake_opt = $(if $(filter $1,$(FAST_PSETS)),OPT_FAST=$(call vcxx,$(call pset_block,$1)) $(VMAKE_OPT_SLOW),$(VMAKE_OPT_REST))

comma := ,
empty :=
space := $(empty) $(empty)
pset_block  = $(word 1,$(subst :, ,$1))
pset_params = $(subst $(comma), ,$(word 2,$(subst :, ,$1)))
pset_tag    = $(call pset_block,$1)_$(subst $(space),_,$(subst =,,$(call pset_params,$1)))
pset_values = $(subst $(space),$(comma),$(foreach p,$(call pset_params,$1),$(word 2,$(subst =, ,$p))))
first_of    = $(word 1,$(filter $1:%,$(PSETS)))

TAGS := $(foreach p,$(PSETS),$(call pset_tag,$p))

CMODEL_SRC := $(wildcard cmodel/*.c)
TB_C_SRC   := tb/engine.c tb/lockstep.c tb/stim.c tb/gtkw.c $(foreach b,$(BLOCKS),tb/$(b)_tb.c)
# The system model (sim/, a library: the GPU and clocks at the top, its rooms
# workload/ core/ mem/ io/ below) and the command line (sim/cli/).
SIM_SRC    := $(wildcard sim/*.c sim/workload/*.c sim/core/*.c sim/mem/*.c sim/io/*.c)
SIM_H      := $(wildcard sim/*.h sim/*/*.h)
CLI_SRC    := $(wildcard sim/cli/*.c) $(SIM_SRC)
CMODEL_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(CMODEL_SRC))
TB_C_OBJ   := $(patsubst %.c,$(BUILD)/obj/%.o,$(TB_C_SRC)) $(BUILD)/obj/gen/blocks.o
CLI_OBJ    := $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRC))
LIBCMODEL  := $(BUILD)/libmemsched.a
VRT_OBJ    := $(BUILD)/vrt/verilated.o $(BUILD)/vrt/verilated_fst_c.o $(BUILD)/vrt/verilated_threads.o
SHIM_OBJ   := $(foreach t,$(TAGS),$(BUILD)/obj/shim_$t.o)
MODEL_LIBS := $(foreach t,$(TAGS),$(BUILD)/vl/$t/V$t__ALL.a)
PORTCHECKS := $(foreach t,$(TAGS),$(BUILD)/vl/$t/ports.ok)
# COVERAGE=1 (make coverage, into build/cov): Verilator line and toggle
# coverage in every model, written by each run (tests/coverage.sh).
COVERAGE ?= 0
ifeq ($(COVERAGE),1)
VFLAGS   := $(filter-out $(FAST_SIM),$(VFLAGS)) --coverage
CXXFLAGS := $(subst -DVM_COVERAGE=0,-DVM_COVERAGE=1,$(CXXFLAGS))
VRT_OBJ  += $(BUILD)/vrt/verilated_cov.o
endif
MUT_TAGS   :=
MUT_OBJ    :=
MUT_LIBS   :=
-include $(BUILD)/mutants.mk

.PHONY: all build sim-psets deps lint test test-long run area waves bench golden repro repro-mrpb repro-mib repro-apres repro-temp repro-sl1 mutate clean help cosim-long asan fuzz fuzzers coverage docs-tables FORCE

# `all`, `run` and `test` install the packages first, then build in a new make:
# make reads which files exist (Verilator's verilated.cpp among them) once,
# when it starts, so a build in the make that ran the install would not see
# them (tests/fresh_make.sh checks this).
# The build uses every core unless make was given -j.
NPROC := $(shell nproc 2>/dev/null || echo 2)
JOBS   = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(NPROC))
all: deps
	@+$(MAKE) --no-print-directory $(JOBS) build

# The system's parameter sets first (they decide what is Verilated), then
# everything with them.
build:
	@+$(MAKE) --no-print-directory sim-psets
	@+$(MAKE) --no-print-directory $(BUILD)/memsched

sim-psets: $(BUILD)/memsched-c
	@mkdir -p $(dir $(SIM_PSETS_MK))
	@$(BUILD)/memsched-c sim --rtl-psets >$(SIM_PSETS_MK).tmp
	@if cmp -s $(SIM_PSETS_MK).tmp $(SIM_PSETS_MK); then rm -f $(SIM_PSETS_MK).tmp; else mv $(SIM_PSETS_MK).tmp $(SIM_PSETS_MK); fi

# The tables docs/sim.md copies from the program (tests compare them).
docs-tables: $(BUILD)/memsched-c
	M=$(BUILD)/memsched-c tests/docs_tables.sh

help:
	@sed -n '2,/^$$/p' Makefile | sed '/^$$/d; s/^# \{0,1\}//'

# --- dependencies ----------------------------------------------------------
deps:
	@$(DEPS_CMD)

# --- C library and CLI -----------------------------------------------------
# cmodel/ is compiled with CMODEL_CFLAGS, the rest with CFLAGS. A stamp of
# the compiler and flags (rewritten only when they change) recompiles every
# object when they do (CC, PGO=0/1, SAN).
cflags_of = $(if $(filter $(BUILD)/obj/cmodel/% $(PGO_DIR)/obj/cmodel/%,$1),$(CMODEL_CFLAGS),$(CFLAGS))
C_DEPS := $(wildcard cmodel/*.h) $(wildcard tb/*.h) $(SIM_H) $(BUILD)/flags/cflags
$(BUILD)/flags/cflags: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' '$(CC)' '$(CFLAGS)' '$(CMODEL_CFLAGS)' 'PGO=$(PGO) $(PGO_USE)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/obj/%.o: %.c $(C_DEPS)
	@mkdir -p $(@D)
	$(CCACHE) $(CC) $(call cflags_of,$@) -c $< -o $@

# Profile-guided optimisation (PGO=1, the default; PGO=0: none). The code a
# simulation runs every cycle (PGO_SRC: the GPU and its clocks, the SMs,
# caches, crossbar and DRAM, the blocks' C models and their lockstep glue,
# the built-in kernels' warp packing) is compiled with the counts of a
# training run: compiled once instrumented into build/pgo (-fprofile-generate;
# without debug information, and without ccache), linked with the other
# objects into build/pgo/memsched-c, which runs tests/pgo_train.sh (built-in
# kernels at quick sizes, about ten seconds) with a raw profile per run;
# llvm-profdata merges them into build/pgo/memsched.profdata, and each object
# is then compiled with it (-fprofile-use; ccache hashes the profile with
# the source). 10-20 % less time per simulated cycle (docs/sim.md, "Speed");
# the results are the same (make test's digests). Left out: the command line
# and the kernels' thread programs (once per warp or block; instrumenting
# them took four fifths of the instrumented compile). A file the training
# never entered (a block's testbench) is compiled as without a profile.
PGO ?= 1
ifneq ($(filter-out 0 1,$(PGO)),)
$(error PGO must be 0 or 1, got "$(PGO)")
endif
PGO_DIR := $(BUILD)/pgo
PGO_SRC := $(CMODEL_SRC) $(TB_C_SRC) $(wildcard sim/*.c sim/core/*.c sim/mem/*.c sim/io/*.c) \
           sim/workload/kernel.c sim/workload/kernels.c
ifeq ($(PGO),1)
PGO_PROFILE := $(PGO_DIR)/memsched.profdata
PGO_USE     := -fprofile-use=$(PGO_PROFILE) -Wno-profile-instr-unprofiled
PGO_FINAL   := $(patsubst %.c,$(BUILD)/obj/%.o,$(PGO_SRC))
PGO_INST    := $(patsubst %.c,$(PGO_DIR)/obj/%.o,$(PGO_SRC))

$(PGO_FINAL): $(BUILD)/obj/%.o: %.c $(C_DEPS) $(PGO_PROFILE)
	@mkdir -p $(@D)
	$(CCACHE) $(CC) $(call cflags_of,$@) $(PGO_USE) -c $< -o $@

$(PGO_INST): $(PGO_DIR)/obj/%.o: %.c $(C_DEPS)
	@mkdir -p $(@D)
	$(CCACHE) $(CC) $(filter-out -g,$(call cflags_of,$@)) -fprofile-generate -c $< -o $@

# (a version of its own: a commit relinks it only if the code changed)
$(PGO_DIR)/version.c:
	@mkdir -p $(@D)
	@printf '/* generated by the Makefile: the training program (PGO) */\nconst char memsched_version[] = "pgo-training";\n' >$@
$(PGO_DIR)/version.o: $(PGO_DIR)/version.c
	$(CC) $(CFLAGS) -c $< -o $@

$(PGO_DIR)/memsched-c: $(PGO_INST) $(filter-out $(PGO_FINAL),$(CLI_OBJ) $(TB_C_OBJ)) $(BUILD)/obj/gen/defaults.o \
                       $(BUILD)/obj/gen/no_rtl.o $(PGO_DIR)/version.o
	$(CC) $(SAN) -fprofile-generate -o $@ $^ $(SIM_LIBS)

# (each training run writes its own raw profile: %p, its process id)
$(PGO_PROFILE): $(PGO_DIR)/memsched-c tests/pgo_train.sh
	@rm -rf $(PGO_DIR)/raw
	@LLVM_PROFILE_FILE=$(abspath $(PGO_DIR))/raw/%p.profraw tests/pgo_train.sh $<
	@$(PROFDATA) merge -o $@ $(PGO_DIR)/raw/*.profraw
endif

# Link-time optimisation of the two programs (LTO=1, the default with PGO=1;
# LTO=0: none). The profiled objects are compiled a second time, into
# build/lto, as LLVM bitcode with the same profile (ThinLTO: -flto=thin),
# and build/memsched and build/memsched-c are linked from those: the linker
# (through LLVM's plugin, which clang's packages install) optimises across
# the files, inlining a block's C model into its lockstep glue and the
# caches, pipeline and scheduler into the SM's cycle: 4-6 % fewer
# instructions on the memory-bound kernels (docs/sim.md, "Issue 52:
# link-time optimisation"). The unit tests link the plain
# objects: a link-time optimised link costs about 40 s of CPU, once per
# program (the code generated is cached in build/lto/cache). The results
# are the same (make test's digests run build/memsched).
LTO ?= $(PGO)
ifneq ($(filter-out 0 1,$(LTO)),)
$(error LTO must be 0 or 1, got "$(LTO)")
endif
# (the programs' link options in a stamp of their own: LTO=0/1 relinks them, and recompiles nothing)
$(BUILD)/flags/link: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' 'PGO=$(PGO) LTO=$(LTO)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
ifeq ($(PGO)$(LTO),11)
LTO_DIR  := $(BUILD)/lto
LTO_LINK := -flto=thin -Wl,-plugin-opt=cache-dir=$(abspath $(LTO_DIR))/cache
# The objects of a link as linked here: each profiled one from build/lto, the
# C models' archive as their objects, the rest as they are, in their order.
lto_obj = $(if $(filter $1,$(PGO_FINAL)),$(patsubst $(BUILD)/obj/%,$(LTO_DIR)/%,$1),$1)
lto_of  = $(foreach o,$(patsubst $(LIBCMODEL),$(CMODEL_OBJ),$1),$(call lto_obj,$o))
$(call lto_of,$(PGO_FINAL)): $(LTO_DIR)/%.o: %.c $(C_DEPS) $(PGO_PROFILE)
	@mkdir -p $(@D)
	$(CCACHE) $(CC) $(call cflags_of,$(BUILD)/obj/$*.o) $(PGO_USE) -flto=thin -c $< -o $@
else
LTO_LINK :=
lto_of    = $1
endif

$(LIBCMODEL): $(CMODEL_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/vrt/%.o: $(VROOT)/include/%.cpp
	@mkdir -p $(@D)
	$(CCACHE) $(CXX) $(CXXFLAGS) -c $< -o $@

# The Verilated parameter sets (the RTL registry) and each block's default
# parameters (its first set in PSETS), generated from PSETS.
# A stamp of the list of sets: a build with another list (BIG=1, PSETS=...)
# regenerates the registry and relinks.
$(BUILD)/flags/psets: FORCE
	@mkdir -p $(@D)
	@printf '%s\n' $(TAGS) $(MUT_TAGS) >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/gen/psets.c: Makefile $(wildcard tb/*.manifest) $(BUILD)/flags/psets $(wildcard $(BUILD)/mutants.mk)
	@mkdir -p $(@D)
	@{ echo '/* generated by the Makefile: the Verilated parameter sets */'; \
	   echo '#include "engine.h"'; \
	   for t in $(TAGS) $(MUT_TAGS); do echo "extern const rtl_t rtl_$$t;"; done; \
	   echo 'const rtl_t *const memsched_rtls[] = {'; \
	   for t in $(TAGS) $(MUT_TAGS); do echo "    &rtl_$$t,"; done; \
	   echo '    NULL,'; echo '};'; } > $@

# The blocks known to the engine and the CLI (their manifests).
$(BUILD)/gen/blocks.c: Makefile $(wildcard tb/*.manifest)
	@mkdir -p $(@D)
	@{ echo '/* generated by the Makefile from the block manifests (tb/BLOCK.manifest) */'; \
	   echo '#include "engine.h"'; \
	   for b in $(BLOCKS); do echo "extern const block_t block_$$b;"; done; \
	   echo 'const block_t *const memsched_blocks[] = {'; \
	   for b in $(BLOCKS); do echo "    &block_$$b,"; done; \
	   echo '    NULL,'; echo '};'; } > $@

$(BUILD)/gen/defaults.c: Makefile $(wildcard tb/*.manifest)
	@mkdir -p $(@D)
	@{ echo '/* generated by the Makefile: the default parameters of each block (its first PSETS entry) */'; \
	   echo '#include "engine.h"'; \
	   echo 'const pdefault_t memsched_defaults[] = {'; \
	   $(foreach b,$(BLOCKS),$(if $(call first_of,$b),echo '    {"$b"$(comma) {$(call pset_values,$(call first_of,$b))}}$(comma)';)) \
	   echo '    {NULL, {0}},'; echo '};'; } > $@

# Builds without RTL (the portlist, sanitizer and fuzz builds) link an empty registry.
$(BUILD)/gen/no_rtl.c:
	@mkdir -p $(@D)
	@printf '%s\n' '/* generated: no Verilated parameter sets */' '#include "engine.h"' \
	    'const rtl_t *const memsched_rtls[] = {NULL};' > $@

# The tool's version (git describe), baked into the one object that holds
# it: the stamp is rewritten only when the version changes, so a commit
# recompiles that object and relinks, nothing else.
$(BUILD)/flags/version: FORCE
	@mkdir -p $(@D)
	@echo "$$(git describe --always --dirty 2>/dev/null || echo unknown)" >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/gen/version.c: $(BUILD)/flags/version
	@mkdir -p $(@D)
	@printf '/* generated by the Makefile: git describe --always --dirty */\nconst char memsched_version[] = "%s";\n' \
	    "$$(cat $<)" >$@

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c tb/engine.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c $< -o $@

GEN_OBJ := $(BUILD)/obj/gen/psets.o $(BUILD)/obj/gen/defaults.o
# Everything of the RTL side but the command line (build/memsched, test_lockstep).
LS_LINK := $(TB_C_OBJ) $(GEN_OBJ) $(SHIM_OBJ) $(MUT_OBJ) $(LIBCMODEL) $(MODEL_LIBS) $(MUT_LIBS) $(VRT_OBJ)

MEMSCHED_OBJ := $(call lto_of,$(CLI_OBJ) $(BUILD)/obj/gen/version.o $(LS_LINK))
$(BUILD)/memsched: $(MEMSCHED_OBJ) $(PORTCHECKS) $(BUILD)/flags/link
	$(CXX) $(LTO_LINK) -o $@ $(MEMSCHED_OBJ) $(LDLIBS)

# The C side alone (no Verilated model): `ports` for the port check, `ref`.
MEMSCHED_C_OBJ := $(call lto_of,$(CLI_OBJ) $(BUILD)/obj/gen/version.o $(TB_C_OBJ) $(BUILD)/obj/gen/defaults.o \
                  $(BUILD)/obj/gen/no_rtl.o $(LIBCMODEL))
$(BUILD)/memsched-c: $(MEMSCHED_C_OBJ) $(BUILD)/flags/link
	$(CC) $(SAN) $(LTO_LINK) -o $@ $(MEMSCHED_C_OBJ) $(SIM_LIBS)

# --- one Verilated model + shim per parameter set --------------------------
# $1 tag, $2 block, $3 parameters (P=V ...), $4 values (a,b), $5 C++ options
# A stamp per set holds its Verilator and C++ options; it is rewritten only
# when they change, so an edit elsewhere in the Makefile rebuilds nothing.
define PSET_RULES
$(BUILD)/flags/$1: FORCE
	@mkdir -p $$(@D)
	@printf '%s\n' 'verilator $(VFLAGS) $(VFLAGS_$2) $(call vopt,$2) --top-module $2 $(foreach p,$3,-G$p) $(RTL_$2)' '$5' >$$@.tmp
	@if cmp -s $$@.tmp $$@; then rm -f $$@.tmp; else mv $$@.tmp $$@; fi

$(BUILD)/vl/$1/V$1__ALL.a: $(RTL_$2) $(BUILD)/flags/$1 tb/vl_opt.mk tb/vl_popcnt.h
	@rm -rf $(BUILD)/vl/$1 && mkdir -p $(BUILD)/vl/$1
	verilator $(VFLAGS) $(VFLAGS_$2) $(call vopt,$2) --prefix V$1 --Mdir $(BUILD)/vl/$1 --top-module $2 $(foreach p,$3,-G$p) $(RTL_$2)
	+$(MAKE) -s -C $(BUILD)/vl/$1 -f V$1.mk -f $(CURDIR)/tb/vl_opt.mk V$1__ALL.a $5 $(if $(CCACHE),OBJCACHE=ccache) >/dev/null

# The port table against the Verilated model's ports (names, directions, widths).
$(BUILD)/vl/$1/ports.ok: $(BUILD)/vl/$1/V$1__ALL.a tb/$2_ports.h $(BUILD)/memsched-c tests/portcheck.sh
	@tests/portcheck.sh $(BUILD)/memsched-c $2 $(BUILD)/vl/$1/V$1.h '$3' && touch $$@

$(BUILD)/obj/shim_$1.o: tb/shim.cpp tb/$2_ports.h tb/engine.h $(BUILD)/vl/$1/V$1__ALL.a $(BUILD)/vl/$1/ports.ok
	$(CCACHE) $(CXX) $(CXXFLAGS) -I$(BUILD)/vl/$1 -DVTOP=V$1 '-DVTOP_H="V$1.h"' '-DPORTS_H="$2_ports.h"' -DPSET_TAG=$1 \
	    -DPSET_BLOCK=$2 -DPSET_PARAMS=$4 -c $$< -o $$@
endef
$(foreach p,$(PSETS),$(eval $(call PSET_RULES,$(call pset_tag,$p),$(call pset_block,$p),$(call pset_params,$p),$(call pset_values,$p),$(call vmake_opt,$p))))

# --- checks ----------------------------------------------------------------
# LINT_BIG=0 (make test) leaves out the largest sets (PSETS_BIG: about a
# quarter of the lint's CPU, none of them built by make test); `make lint` and
# make test-long read them.
LINT_BIG ?= 1
lint:
	@tests/lint.sh $(PSETS) $(if $(filter 0,$(LINT_BIG)),,$(filter-out $(PSETS),$(PSETS_BIG))) $(WRAPPERS)

test: deps
	@tests/run_tests.sh

# What make test samples to stay within 30 minutes, in full: every run of
# tests/skip_tests.sh with its run.skip=0 twin (make test: each kernel at two
# presets, one of them paired), tests/formal.sh --long, and the lint of the
# largest sets.
test-long: deps
	@+$(MAKE) --no-print-directory $(JOBS) all
	@mkdir -p $(BUILD)/tests
	@{ PAIRS=all tests/skip_tests.sh $(BUILD)/memsched; tests/formal.sh --long; \
	   tests/lint.sh $(filter-out $(PSETS),$(PSETS_BIG)); } 2>&1 | tee $(BUILD)/tests/long.log | grep -v '^PASS'; \
	    p=$$(grep -c '^PASS' $(BUILD)/tests/long.log); f=$$(grep -c '^FAIL' $(BUILD)/tests/long.log); \
	    echo "$$p passed, $$f failed"; [ "$$f" = 0 ]

run: deps
	@+$(MAKE) --no-print-directory $(JOBS) build SETS=default
	@M=$(BUILD)/memsched tests/run_main.sh

# The papers' results reproduced (docs/reproduction.md): the MRPB paper in full
# (repro/mrpb/run.sh: out/repro/mrpb/report.md, hours on 2 cores), then the MIB
# thesis (repro/mib/run.sh: out/repro/mib/report.md), then the APRES paper
# (repro/apres/run.sh: out/repro/apres/report.md), then the TEMP/TBAS paper
# (repro/temp/run.sh: out/repro/temp/report.md), then the S-L1 paper
# (repro/sl1/run.sh: out/repro/sl1/report.md). `make repro-mrpb`, `make
# repro-mib`, `make repro-apres`, `make repro-temp` and `make repro-sl1` run
# one each.
repro: repro-mrpb repro-mib repro-apres repro-temp repro-sl1

repro-apres: deps
	@+$(MAKE) --no-print-directory $(JOBS) build
	@M=$(BUILD)/memsched LIBERTY='$(LIBERTY)' RTL_apres_laws='$(RTL_apres_laws)' RTL_apres_sap='$(RTL_apres_sap)' repro/apres/run.sh

repro-temp: deps
	@+$(MAKE) --no-print-directory $(JOBS) build
	@M=$(BUILD)/memsched repro/temp/run.sh

repro-sl1: deps
	@+$(MAKE) --no-print-directory $(JOBS) build
	@M=$(BUILD)/memsched repro/sl1/run.sh

repro-mib: deps
	@+$(MAKE) --no-print-directory $(JOBS) build
	@M=$(BUILD)/memsched repro/mib/run.sh

repro-mrpb: deps
	@+$(MAKE) --no-print-directory $(JOBS) build
	@M=$(BUILD)/memsched repro/mrpb/run.sh

# --- area/timing table (constraints/area_table.sh; docs/area.md) ---------------
# Each block at its default set (AREA_SET_<block> in its manifest: another),
# with AREA_EXTRA_<block> (mrpb: mrpb_final, the paper's final design).
area_set = $(or $(AREA_SET_$1),$(call first_of,$1),$1)
# AREA_QUICK=1 (make run): ABC's fast script, one recipe, no repair, into
# out/area-quick, and a block whose manifest names AREA_QUICK_SET_<block> (one
# too large to synthesise in a few minutes) at that set, said under the table.
AREA_QUICK ?= 0
area_quick_set = $(if $(AREA_QUICK_SET_$1),$1:$(AREA_QUICK_SET_$1),$(call area_set,$1))
area_sets = $(if $(filter 1,$(AREA_QUICK)),$(call area_quick_set,$1),$(call area_set,$1)) $(AREA_EXTRA_$1)
area:
	@constraints/area_table.sh --liberty '$(LIBERTY)' $(if $(filter 1,$(AREA_QUICK)),--quick --out $(OUT)/area-quick,--out $(OUT)/area) \
	    $(foreach b,$(BLOCKS) $(foreach w,$(WRAPPERS),$(call pset_block,$w)),--rtl '$b=$(RTL_$b)') \
	    $(if $(BLOCK),$(call area_sets,$(BLOCK)),$(foreach b,$(BLOCKS),$(call area_sets,$b)))
	@$(if $(filter 1,$(AREA_QUICK)),$(foreach b,$(or $(BLOCK),$(BLOCKS)),$(if $(AREA_QUICK_SET_$b),\
	    echo '$b: at $(AREA_QUICK_SET_$b) here instead of its default $(call pset_params,$(call area_set,$b)): its synthesis takes $(AREA_QUICK_WHY_$b) (make area BLOCK=$b)';)) true)

# --- waveforms and benchmarks ----------------------------------------------------
WAVE_CYCLES ?= 400
waves: build
	@if [ -z "$(BLOCK)" ]; then echo "make waves: say which block, e.g. make waves BLOCK=fifo (one of: $(BLOCKS))"; exit 2; fi
	@mkdir -p $(OUT)/waves
	@$(BUILD)/memsched cosim $(BLOCK) --cycles $(WAVE_CYCLES) --fst $(OUT)/waves/$(BLOCK).fst --gtkw $(OUT)/waves/$(BLOCK).gtkw
	@echo "waves: $(OUT)/waves/$(BLOCK).fst; view with: gtkwave -a $(OUT)/waves/$(BLOCK).gtkw"

# The system model's results as make test holds them (tests/skip_tests.sh):
# every built-in kernel at every preset and the traces, one digest each, in
# tests/golden/stats.sha256. Rewrite it only for a change meant to alter
# results, and say why in the commit (docs/sim.md, "Speed").
golden: build
	@GOLDEN=write tests/skip_tests.sh $(BUILD)/memsched

BENCH_CYCLES ?= 1000000
# The blocks' C models and lockstep runs, then the system model (tests/bench_sim.sh;
# SIZES=quick skips the default kernel sizes, which take several minutes).
# BEFORE=PATH (a memsched binary of an earlier build): instead, that build and
# this one back to back on issue 52's kernels, with MEM=1 every built-in
# kernel's memory, with AT_ONCE=1 the two at the same time, one per CPU
# (tests/bench_compare.sh).
bench: build
ifeq ($(BEFORE),)
	@$(BUILD)/memsched bench --cycles $(BENCH_CYCLES) $(BLOCK)
	@echo
	@M=$(BUILD)/memsched tests/bench_sim.sh
else
	@tests/bench_compare.sh $(BEFORE) $(BUILD)/memsched
endif

# Every mode combination at every built parameter set, 10^6 cycles each: mrpb's
# 216, dram_sched's five policies, mib_l2, apres_laws, apres_sap, tbas,
# temp_dispatch (about 2 h on
# two cores, nearly all of it mrpb's; not part of make test, which runs a few
# thousand cycles each).
LONG_CYCLES ?= 1000000
LONG_JOBS   ?= 2
LONG_BLOCKS ?= mrpb dram_sched mib_l2 apres_laws apres_sap tbas temp_dispatch
cosim-long: deps
	@+$(MAKE) --no-print-directory $(JOBS) build BIG=1
	@st=0; for b in $(LONG_BLOCKS); do tests/modes.sh $$b --cycles $(LONG_CYCLES) --jobs $(LONG_JOBS) || st=1; done; exit $$st

clean:
	rm -rf $(BUILD) $(OUT)

# --- sanitizers and fuzzing ---------------------------------------------------------
# The C side (models, lockstep object, stimulus parser, CLI; no Verilated
# model) built with AddressSanitizer and UndefinedBehaviorSanitizer into
# build/asan: `ref` and the C unit tests run there in make test (tests/sanitize.sh).
# At -O1 (after CWARN's -O2), the sanitizers' usual level: two thirds of -O2's
# compile time, its checks run a little slower.
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -O1
asan:
	@+$(MAKE) --no-print-directory BUILD=$(BUILD)/asan SAN='$(SAN_FLAGS)' PGO=0 \
	    $(BUILD)/asan/memsched-c $(patsubst tests/unit/%.c,$(BUILD)/asan/tests/%,$(filter-out %/test_lockstep.c,$(wildcard tests/unit/test_*.c)))

# libFuzzer targets (tests/fuzz/fuzz_*.c) on the stimulus parser and the
# command line, built by clang with ASan and UBSan. `make fuzz` runs each for
# FUZZ_TIME seconds; make test runs a short round.
FUZZ_TIME ?= 300
# The C side is compiled once for all of them (build/fuzz/obj, with libFuzzer's
# coverage but not its main), each target's own file with it.
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -Icmodel -Itb -Isim
FUZZ_FLAGS := $(FUZZ_CFLAGS) -fsanitize=fuzzer
FUZZ_OBJ   := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(CMODEL_SRC) $(TB_C_SRC) $(SIM_SRC)) \
              $(patsubst %,$(BUILD)/fuzz/obj/gen/%.o,blocks defaults no_rtl)
# A target that #includes the source it fuzzes (for its static functions) does not link it again.
FUZZ_INCLUDES_trace := sim/workload/trace.c
FUZZERS    := $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(wildcard tests/fuzz/fuzz_*.c))
# (through ccache like the rest: make test builds them on every run)
$(BUILD)/fuzz/obj/gen/%.o: $(BUILD)/gen/%.c tb/engine.h
	@mkdir -p $(@D)
	$(CCACHE) clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(BUILD)/fuzz/obj/%.o: %.c $(wildcard cmodel/*.h) $(wildcard tb/*.h) $(SIM_H)
	@mkdir -p $(@D)
	$(CCACHE) clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ) sim/cli/main.c $(wildcard cmodel/*.h) $(wildcard tb/*.h) $(SIM_H)
	@mkdir -p $(@D)
	clang $(FUZZ_FLAGS) -o $@ $< $(filter-out $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(FUZZ_INCLUDES_$*)),$(FUZZ_OBJ)) $(SIM_LIBS)
fuzzers: $(FUZZERS)

# Verilator line / toggle / branch coverage of the lockstep random runs that
# make test runs, per block (BLOCK=b: one block), into out/coverage.
coverage: deps
	@tests/coverage.sh $(BLOCK)
fuzz: deps
	@+$(MAKE) --no-print-directory fuzzers
	@tests/fuzz.sh $(FUZZ_TIME)

# --- C unit tests ------------------------------------------------------------
# (each compiled through ccache, then linked: make test builds them, and
# their ASan twins, on every run)
$(BUILD)/tests/test_%: tests/unit/test_%.c $(LIBCMODEL) $(wildcard cmodel/*.h)
	@mkdir -p $(@D)
	$(CCACHE) $(CC) $(CMODEL_CFLAGS) -c $< -o $@.o
	$(CC) $(CMODEL_CFLAGS) $@.o $(LIBCMODEL) -lcmocka -o $@

# Unit tests of the system model's parts (tests/unit/test_X.c for X in
# SIM_UNITS) link the C side without any Verilated model.
SIM_UNITS := $(patsubst tests/unit/test_%.c,%,$(wildcard $(foreach f,$(SIM_SRC),tests/unit/test_$(notdir $(basename $f)).c))) \
             $(patsubst tests/unit/test_%.c,%,$(wildcard tests/unit/test_gpgpusim_config.c))
SIM_OBJ   := $(patsubst %.c,$(BUILD)/obj/%.o,$(SIM_SRC))
SIM_C_LINK := $(SIM_OBJ) $(TB_C_OBJ) $(BUILD)/obj/gen/defaults.o $(BUILD)/obj/gen/no_rtl.o $(LIBCMODEL)
define SIM_UNIT_RULE
$(BUILD)/tests/test_$1: tests/unit/test_$1.c $(SIM_C_LINK) $(SIM_H) $(wildcard cmodel/*.h) $(wildcard tests/unit/*.h)
	@mkdir -p $$(@D)
	$(CCACHE) $(CC) $(CFLAGS) -c $$< -o $$@.o
	$(CC) $(CFLAGS) $$@.o $(SIM_C_LINK) -lcmocka $(SIM_LIBS) -o $$@
endef
$(foreach u,$(sort $(SIM_UNITS)),$(eval $(call SIM_UNIT_RULE,$u)))

# The lockstep object driven by a C program, C model alone and with the RTL.
$(BUILD)/tests/test_lockstep: tests/unit/test_lockstep.c $(LS_LINK) $(wildcard tb/*.h) $(wildcard cmodel/*.h)
	@mkdir -p $(@D)
	$(CCACHE) $(CC) $(CFLAGS) -c $< -o $@.o
	$(CXX) -o $@ $@.o $(LS_LINK) -lcmocka $(LDLIBS)

# --- mutation testing ------------------------------------------------------------
# Per block (its manifest): MUTATE_PSET_<block> (the set mutated, default: its
# default set), MUTATE_MODES_<block> (mode combinations each mutant runs in),
# MUTATE_CYCLES_<block> (default 20000).
mutate: deps
	@+$(MAKE) --no-print-directory $(JOBS) build
	@if [ -z "$(BLOCK)" ]; then echo "make mutate: say which block, e.g. make mutate BLOCK=fifo (one of: $(BLOCKS))"; exit 2; fi
	@PSET='$(MUTATE_PSET_$(BLOCK))' MODES='$(MUTATE_MODES_$(BLOCK))' CYCLES='$(or $(MUTATE_CYCLES_$(BLOCK)),20000)' \
	    tests/mutate.sh $(BLOCK) $(MUTANTS)
