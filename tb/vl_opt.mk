# Read after a Verilated model's own makefile (the Makefile's PSET_RULES):
# the waveform-dump classes (__Trace__N, the per-cycle change functions) are
# compiled with $(OPT_TRACE), not $(OPT_FAST). They run only when a run asks
# for waves (cosim --fst), and at -O2 they were a quarter of the build.
TRACE_OBJS := $(foreach c,$(VM_CLASSES_FAST),$(if $(findstring __Trace__,$c),$c.o))
$(TRACE_OBJS): OPT_FAST := $(OPT_TRACE)

# POPCNT=-mpopcnt (the Makefile, when the CPU has the instruction): ones are
# counted with it, through tb/vl_popcnt.h read before the model's code.
VL_OPT_DIR := $(dir $(lastword $(MAKEFILE_LIST)))
ifneq ($(POPCNT),)
USER_CPPFLAGS += $(POPCNT) -include $(VL_OPT_DIR)vl_popcnt.h
endif
