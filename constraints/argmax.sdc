# argmax.sdc - timing constraints of argmax for `make area` (constraints/area.sh).
#
# Clock target. DESIGN.md: the modelled GPU runs its cores at 1.4 GHz in a
# 40-45 nm process, about 44 FO4 per cycle; the same target is 2.9 ns in
# osu018 and 2.0 ns in sky130hd. ::ms_period (ns) defaults to 2.9 (osu018, the
# default library). constraints/area.sh sets it before reading this file from
# the library it maps to: 2.0 for sky130hd, and for any other library the
# value given with --period, else 44 x the FO4 delay it measures in that
# library. Every delay below is a fraction of the period, so it scales too.
#
# Cycle budget shared by every block's .sdc, so that blocks compose: a
# signal launched by a register (clk->Q, a small decode, wiring) reaches a
# block 0.2 P into the cycle; a result captured straight into a register
# needs only the flop's setup and some wiring after it (output delay 0.1 P).
#
# argmax is purely combinational, so its paths are measured against a
# virtual clock (no clock pin). Its values are registered counters (MRPB
# queue lengths for the longest-first drain, MIB row scores in the DRAM
# scheduler) with their valid flags: input delay 0.2 P. The choice is the
# whole decision of the cycle and is registered before it is used (the drain
# or the DRAM command acts on it the next cycle): output delay 0.1 P. That
# gives argmax 0.7 P (2.03 ns in osu018; 31 of the 44 FO4 of the papers' cycle);
# a comparison tree log2(N) levels deep, each an W-bit compare followed by a
# select of W + log2(N) + 1 bits, needs most of it.
#
# Units: ns and pF (area.sh runs `set_cmd_units -time ns -capacitance pF`
# first, so this file holds whatever the library's units are).

# Library-dependent settings; constraints/area.sh sets them. Defaults: osu018.
if {![info exists ::ms_period]}     { set ::ms_period 2.9 }
if {![info exists ::ms_drive_cell]} { set ::ms_drive_cell BUFX2 }
if {![info exists ::ms_drive_pin]}  { set ::ms_drive_pin Y }
if {![info exists ::ms_load_pin]}   { set ::ms_load_pin osu018_stdcells/INVX1/A }

set period $::ms_period

# Virtual clock: the core clock of the logic around the block.
create_clock -name vclk -period $period

# Inputs: driven by a 2x buffer of the library (a typical gate or flop output
# strength), arriving 0.2 P into the cycle.
set_driving_cell -lib_cell $::ms_drive_cell -pin $::ms_drive_pin [all_inputs]
set_input_delay -clock vclk [expr {0.2 * $period}] [all_inputs]

# Outputs: each drives about four gate inputs (an FO4 load: 4 x the input
# capacitance of the library's 1x inverter; a register's D pin and a little
# more) and must be ready by 0.9 P.
set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
set_output_delay -clock vclk [expr {0.1 * $period}] [all_outputs]
