# mib_l2.sdc - timing constraints of mib_l2 for `make area` (constraints/area.sh).
#
# Clock target: the one every block shares (DESIGN.md; see fifo.sdc), 2.9 ns
# in osu018 and 2.0 ns in sky130hd; constraints/area.sh sets ::ms_period.
#
# mib_l2 sits beside the L2 MSHRs and is clocked by clk_i. Registers: per
# entry a pending bit, the block address, merge length and age sum. The paths
# that matter: pending bits -> priority encoder -> entry mux -> the request to
# the DRAM side; out_ready_i -> sent -> clear of the chosen entry.
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

# MSHR events and the miss queue's head come from L2 pipeline registers: 0.2 P.
set_input_delay -clock clk [expr {0.2 * $period}] $data_inputs
set_false_path -from [get_ports rst_ni]
# The DRAM side's ready comes back over the L2 -> DRAM link: half a cycle in.
set_input_delay -clock clk [expr {0.5 * $period}] [get_ports out_ready_i]

set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
# The request goes to the L2 -> DRAM link's output register: its fields
# (address, length, age, slot, dummy flag) are data captured there, output
# delay 0.1 P like any result captured straight into a register (until
# issue 12 they had 0.3 P, the budget of a signal that steers same-cycle
# logic). out_valid_o steers that register's load and mq_ready_o pops the
# miss queue: ready by 0.7 P. The pending bits are register outputs.
set_output_delay -clock clk [expr {0.3 * $period}] [all_outputs]
set_output_delay -clock clk [expr {0.1 * $period}] [get_ports {out_addr_o* out_len_o* out_age_o* out_slot_o* out_dummy_o}]
set_output_delay -clock clk [expr {0.8 * $period}] [get_ports pend_o*]
