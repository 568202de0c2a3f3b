# apres_sap.sdc - timing constraints of apres_sap for `make area` (constraints/area.sh).
#
# Clock target: the one every block shares (DESIGN.md; see rr_arb.sdc for the
# budget): the SM's core clock, 1.4 GHz in the papers' 40-45 nm process
# (Table III), 2.9 ns in osu018, 2.0 ns in sky130hd; constraints/area.sh sets
# ::ms_period.
#
# apres_sap sits beside the LSU. Its inputs come from the LSU's pipeline
# register (the executed load: PC, warp, lowest thread's address, hit/miss)
# and from LAWS' miss group (a WGT register read through a small select,
# early in the cycle): 0.2 P into the cycle. pt_hit_o, lost_o and busy_o feed counters:
# captured straight into registers, 0.1 P. res_* and pf_* leave registers;
# the prefetch goes to the L1's request port and its warp to LAWS' input
# register: 0.3 P. The paths inside: ld_pc_i -> PT CAM -> hit -> victim /
# write enables of the PT and the engine's state; the divider's DivSteps
# chained subtract-and-select steps; the stride's negation -> the compare
# with the stored stride -> the burst's start; the carry-save multiply; the
# carry-propagate add; the range and line checks.
#
# Units: ns and pF (area.sh runs `set_cmd_units -time ns -capacitance pF`).

if {![info exists ::ms_period]}     { set ::ms_period 2.9 }
if {![info exists ::ms_drive_cell]} { set ::ms_drive_cell BUFX2 }
if {![info exists ::ms_drive_pin]}  { set ::ms_drive_pin Y }
if {![info exists ::ms_load_pin]}   { set ::ms_load_pin osu018_stdcells/INVX1/A }

set period $::ms_period

create_clock -name clk -period $period [get_ports clk_i]

set data_inputs {}
foreach port [all_inputs] {
  if {[get_full_name $port] ne "clk_i"} { lappend data_inputs $port }
}
set_driving_cell -lib_cell $::ms_drive_cell -pin $::ms_drive_pin $data_inputs
set_input_delay -clock clk [expr {0.2 * $period}] $data_inputs
set_false_path -from [get_ports rst_ni]

set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
set_output_delay -clock clk [expr {0.3 * $period}] [all_outputs]
set_output_delay -clock clk [expr {0.1 * $period}] [get_ports {pt_hit_o lost_o busy_o}]
