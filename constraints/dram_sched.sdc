# dram_sched.sdc - timing constraints of dram_sched for `make area`
# (constraints/area.sh).
#
# Clock target. DESIGN.md: the modelled GPU runs its cores at 1.4 GHz in a
# 40-45 nm process, about 44 FO4 per cycle; the same target is 2.9 ns in
# osu018 and 2.0 ns in sky130hd. constraints/area.sh sets ::ms_period from
# the library it maps to (see fifo.sdc). The thesis' controller runs at the
# DRAM command clock (924 MHz, Table 5.1), which is slower; we keep the one
# target every block shares, so the figures compare across blocks (the slack
# at 924 MHz, scaled to osu018 4.39 ns, is in docs/dram_sched.md).
#
# dram_sched is clocked by clk_i. Registers: the read queue (RdQ entries of
# address, bank, row, merge length, age), the write queue, the two counts,
# the write-drain state and the open-row table. The path that matters:
#   queued bank/row -> same-row comparators -> per-entry row sums (adder trees)
#   -> argmax over the row sums -> the chosen row's mask -> argmax over the
#   request scores -> the chosen entry -> pop: the shift of every queue entry.
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

# New reads, writes and dummies come from the L2 -> DRAM path's output
# register, bank_ready from the command queues' occupancy registers, the
# policy from a configuration register: 0.2 P.
set_input_delay -clock clk [expr {0.2 * $period}] $data_inputs
# rst_ni is distributed by a buffer tree at place and route (see mrpb.sdc).
set_false_path -from [get_ports rst_ni]

set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
# The scheduled request is pushed into its bank's command queue in the same
# cycle, and the readies go back to the L2 path: ready by 0.7 P.
set_output_delay -clock clk [expr {0.3 * $period}] [all_outputs]
# The open-row table and the counts are register outputs, read by trace logic.
set_output_delay -clock clk [expr {0.8 * $period}] [get_ports {open_valid_o* open_row_o* rd_count_o* wr_count_o*}]
