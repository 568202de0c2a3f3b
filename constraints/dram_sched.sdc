# dram_sched.sdc - timing constraints of dram_sched for `make area`
# (constraints/area.sh).
#
# Clock target: the DRAM controller's clock. The thesis' controller runs at
# the DRAM command clock, 924 MHz (Table 5.1), against the cores' 1.4 GHz.
# DESIGN.md's core target is 44 FO4 of a 40-45 nm process, 2.9 ns in osu018
# (2.0 ns in sky130hd); constraints/area.sh sets ::ms_period to it from the
# library. The controller's cycle is 1400 / 924 = 1.515 core cycles, 66.7
# FO4: 4.39 ns in osu018, 3.03 ns in sky130hd. area.sh reports the period
# this file sets.
#
# dram_sched is clocked by clk_i. Its decision is pipelined
# (docs/dram_sched.md, "Pipeline"); the paths that matter, each within a cycle:
#   * choice: the registered shortlists -> an all-pairs argmax of 8 keys ->
#     the chosen entry's index, bank and row -> the grant register and the
#     open-row table;
#   * shortlist: queue registers, bank_ready_i and the choice just made (it
#     leaves its request out and its row open) -> per-entry candidate flags ->
#     the best of each group of 8 (keys compared from registers) -> registered;
#   * row pick: the same two stages over the row-score store;
#   * grant: the granted entry's fields -> sched_* outputs, and its departure
#     -> the store's per-entry carry-save adders; the dummy's address search
#     -> its read's length and age.

# Units: ns and pF (area.sh runs `set_cmd_units -time ns -capacitance pF`).

if {![info exists ::ms_period]}     { set ::ms_period 2.9 }
if {![info exists ::ms_drive_cell]} { set ::ms_drive_cell BUFX2 }
if {![info exists ::ms_drive_pin]}  { set ::ms_drive_pin Y }
if {![info exists ::ms_load_pin]}   { set ::ms_load_pin osu018_stdcells/INVX1/A }

set period [expr {$::ms_period * 1400.0 / 924.0}]

create_clock -name clk -period $period [get_ports clk_i]

set data_inputs {}
foreach port [all_inputs] {
  if {[get_full_name $port] ne "clk_i"} { lappend data_inputs $port }
}
set_driving_cell -lib_cell $::ms_drive_cell -pin $::ms_drive_pin $data_inputs

# New reads, writes and dummies come from the L2 -> DRAM path's output
# register, bank_ready from the command queues' occupancy registers: 0.2 P.
set_input_delay -clock clk [expr {0.2 * $period}] $data_inputs
# rst_ni is distributed by a buffer tree at place and route (see mrpb.sdc).
set_false_path -from [get_ports rst_ni]
# The policy is a configuration pin that may change only while rst_ni is low
# (an assertion in rtl/dram_sched.sv and the C model's check enforce it), so
# no path starts at it in operation: quasi-static, like rst_ni and like
# mrpb's modes (mrpb.sdc). Every path through the logic it steers is still
# timed from its registers, for whichever policy is slowest.
set_false_path -from [get_ports policy_i*]
# The block runs one policy at a time, so each policy is a timing mode of its
# own: area.sh times the netlist once per policy with policy_i held by
# set_case_analysis and reports the slowest (as a sign-off tool times a
# chip's static configurations). A path that only a mix of two policies
# would use (a select made under one and read under another) is then not a
# path of any mode; every path of every policy is timed.
set ::ms_modes {}
foreach {name code} {FCFS 0 FR-FCFS 1 MSHR-M 2 MSHR-S 3 MSHR-S+A 4} {
  set cases {}
  for {set b 0} {$b < 3} {incr b} { lappend cases "policy_i\[$b\]" [expr {($code >> $b) & 1}] }
  lappend ::ms_modes [list $name $cases]
}

set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
# The scheduled request (a register's fields through the grant's multiplexer)
# is pushed into its bank's command queue in the same cycle, and the readies
# go back to the L2 path: ready by 0.7 P.
set_output_delay -clock clk [expr {0.3 * $period}] [all_outputs]
# The open-row table and the counts are register outputs, read by trace logic.
set_output_delay -clock clk [expr {0.8 * $period}] [get_ports {open_valid_o* open_row_o* rd_count_o* wr_count_o*}]
