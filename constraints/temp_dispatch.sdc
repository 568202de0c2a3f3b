# temp_dispatch.sdc - timing constraints of temp_dispatch for `make area` (constraints/area.sh).
#
# Clock target: the one every block shares (DESIGN.md; see rr_arb.sdc for the
# budget): the core clock, 2.9 ns in osu018; constraints/area.sh sets
# ::ms_period.
#
# temp_dispatch sits by the GPU's block dispatcher. The host's range write
# and the SMs' pop requests come from registers: 0.2 P into the cycle. A
# grant and its block ID go to the SM's block launch logic in the same cycle
# (output delay 0.3 P); empty_o and wr_err_o are status bits captured into
# registers (0.1 P). Paths: pop_i -> grant_o (one AND per SM); the write's
# range check (a compare of head and tail) -> the SM's registers; head + 1.
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
set_output_delay -clock clk [expr {0.1 * $period}] [get_ports {empty_o* wr_err_o}]
