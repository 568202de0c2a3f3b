# rr_arb.sdc - timing constraints of rr_arb for `make area` (constraints/area.sh).
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
# signal launched by a register (clk->Q, a small decode such as count == 0,
# wiring) reaches a block 0.2 P into the cycle; a result that still steers
# same-cycle logic (a pop, a mux, then a flop's setup) must be ready 0.7 P
# into the cycle (output delay 0.3 P).
#
# rr_arb is clocked by clk_i. Paths: ptr_q -> mask -> two prio_enc trees ->
# upper/all select -> pointer increment -> ptr_q (a full cycle); req_i ->
# the same logic -> ptr_q (0.8 P); req_i -> gnt_o/idx_o/valid_o (0.5 P, the
# same share prio_enc.sdc gives a bare encoder, plus the mask and select).
# The reset is asynchronous; rst_ni comes from a reset synchroniser flop, so
# it is constrained like any registered input and OpenSTA checks recovery and
# removal at the flops.
#
# Units: ns and pF (area.sh runs `set_cmd_units -time ns -capacitance pF`
# first, so this file holds whatever the library's units are).

# Library-dependent settings; constraints/area.sh sets them. Defaults: osu018.
if {![info exists ::ms_period]}     { set ::ms_period 2.9 }
if {![info exists ::ms_drive_cell]} { set ::ms_drive_cell BUFX2 }
if {![info exists ::ms_drive_pin]}  { set ::ms_drive_pin Y }
if {![info exists ::ms_load_pin]}   { set ::ms_load_pin osu018_stdcells/INVX1/A }

set period $::ms_period

# The core clock, ideal (no clock tree at this stage; the I/O margins below
# leave room for skew).
create_clock -name clk -period $period [get_ports clk_i]

# Every input but the clock (OpenSTA 2.0 has no all_inputs -no_clocks).
set data_inputs {}
foreach port [all_inputs] {
  if {[get_full_name $port] ne "clk_i"} { lappend data_inputs $port }
}

# Inputs: driven by a 2x buffer of the library. req_i are queue non-empty
# flags (count registers + a zero compare), ack_i is the registered ready of
# the consumer (MRPB's outbound slot), rst_ni a synchroniser flop: all arrive
# 0.2 P into the cycle.
set_driving_cell -lib_cell $::ms_drive_cell -pin $::ms_drive_pin $data_inputs
set_input_delay -clock clk [expr {0.2 * $period}] $data_inputs

# Outputs: FO4 load each (4 x the input capacitance of the library's 1x
# inverter). gnt_o/idx_o/valid_o steer the pop of the granted queue and the
# head mux in the same cycle: ready by 0.7 P. ptr_o is a register output
# (for traces); it gets the same 0.3 P.
set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
set_output_delay -clock clk [expr {0.3 * $period}] [all_outputs]
