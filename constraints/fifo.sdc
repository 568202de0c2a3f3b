# fifo.sdc - timing constraints of fifo for `make area` (constraints/area.sh).
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
# block 0.2 P into the cycle; a decision made in the same cycle by another
# block (an arbiter's grant: rr_arb.sdc and prio_enc.sdc promise it by
# 0.7 P) arrives 0.7 P into the cycle; a result that still steers same-cycle
# logic must be ready by 0.7 P (output delay 0.3 P); a result other blocks
# treat as registered (their inputs at 0.2 P) must be ready by 0.2 P.
#
# fifo is clocked by clk_i. The storage (Depth x Width flops, no reset) is
# written at the tail and read through a Depth:1 mux at the head; head, tail
# and count registers are reset asynchronously.
#
# Units: ns and pF (area.sh runs `set_cmd_units -time ns -capacitance pF`
# first, so this file holds whatever the library's units are).

# Library-dependent settings; constraints/area.sh sets them. Defaults: osu018.
if {![info exists ::ms_period]}     { set ::ms_period 2.9 }
if {![info exists ::ms_drive_cell]} { set ::ms_drive_cell BUFX2 }
if {![info exists ::ms_drive_pin]}  { set ::ms_drive_pin Y }
if {![info exists ::ms_load_pin]}   { set ::ms_load_pin osu018_stdcells/INVX1/A }

set period $::ms_period

# The core clock, ideal (no clock tree at this stage).
create_clock -name clk -period $period [get_ports clk_i]

# Every input but the clock (OpenSTA 2.0 has no all_inputs -no_clocks).
set data_inputs {}
foreach port [all_inputs] {
  if {[get_full_name $port] ne "clk_i"} { lappend data_inputs $port }
}
set_driving_cell -lib_cell $::ms_drive_cell -pin $::ms_drive_pin $data_inputs

# wdata_i is a registered request word, rst_ni a reset synchroniser flop
# (OpenSTA checks recovery/removal at the pointer and count flops): 0.2 P.
set_input_delay -clock clk [expr {0.2 * $period}] [get_ports {wdata_i* rst_ni}]
# push_i and pop_i are same-cycle decisions of other blocks (pop = the drain
# arbiter's grant, push = the producer's accept): 0.7 P. What is left, 0.3 P,
# must cover full/empty gating, the pointer/count update and the write
# enable of Depth x Width storage flops.
set_input_delay -clock clk [expr {0.7 * $period}] [get_ports {push_i pop_i}]

# Outputs: FO4 load each (4 x the input capacitance of the library's 1x
# inverter).
set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
# rdata_o (the head word) goes through the drain mux to the outbound
# register in the same cycle: ready by 0.7 P.
set_output_delay -clock clk [expr {0.3 * $period}] [get_ports rdata_o*]
# full_o, empty_o and count_o come straight from the count register and are
# the inputs other blocks take as registered (arbiter requests, argmax
# lengths, back-pressure), which they expect 0.2 P into the cycle.
set_output_delay -clock clk [expr {0.8 * $period}] [get_ports {full_o empty_o count_o*}]
