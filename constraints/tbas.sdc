# tbas.sdc - timing constraints of tbas for `make area` (constraints/area.sh).
#
# Clock target: the one every block shares (DESIGN.md; see rr_arb.sdc for the
# budget): the SM's core clock, 1.4 GHz in the papers' 40-45 nm process
# (Table III), 2.9 ns in osu018, 2.0 ns in sky130hd; constraints/area.sh sets
# ::ms_period.
#
# tbas is the SM's warp scheduler. Its inputs come from pipeline registers
# (the scoreboard's ready bits, the warps' launches, exits and long-latency
# flags): 0.2 P into the cycle. The issued warp's one-hot steers the same
# cycle's instruction fetch from the warp's buffer: ready by 0.7 P (output
# delay 0.3 P, with issue_valid_o). The index, the running set, the events
# and the counts are captured straight into registers (the issue pipeline
# register, traces): 0.1 P. The paths: ready_i -> order_pick (mapped on its
# own) -> issue_oh_o; the snapshot's registered group counts -> csa_add ->
# cmp_ge -> the eligibility register.
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
set_false_path -from [get_ports min_active_i*]   ;# static: changes only in reset

set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
set_output_delay -clock clk [expr {0.3 * $period}] [all_outputs]
set_output_delay -clock clk [expr {0.1 * $period}] [get_ports {issue_warp_o* run_o* prom_o* prom_all_o* dem_o* dem_empty_o* act_cnt_o*}]
