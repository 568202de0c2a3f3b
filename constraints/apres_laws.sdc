# apres_laws.sdc - timing constraints of apres_laws for `make area` (constraints/area.sh).
#
# Clock target: the one every block shares (DESIGN.md; see rr_arb.sdc for the
# budget): the SM's core clock, 1.4 GHz in the papers' 40-45 nm process
# (Table III), 2.9 ns in osu018, 2.0 ns in sky130hd; constraints/area.sh sets
# ::ms_period.
#
# apres_laws is the SM's warp scheduler. Its inputs come from pipeline
# registers: the scoreboard's ready bits, the issue stage's load (warp, PC),
# the LSU's feedback, SAP's prefetch target: 0.2 P into the cycle. The issued
# warp steers the same cycle's instruction fetch from the warp's buffer: ready
# by 0.7 P (output delay 0.3 P). The group ID travels with the load into the
# next pipeline register, the miss group into SAP's warp queue register, the
# stale flag into a counter: captured straight into registers, 0.1 P. The
# paths inside: ready_i -> "no ready warp ahead" (order_pick: one OR per warp over the
# relation) -> one-hot to index -> issue_warp_o; fb_gid_i -> WGT entry ->
# group -> every pair's move -> ahead_q; the stage-2 key -> 48 PC comparators
# -> the group vector -> the WGT entry.
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
set_output_delay -clock clk [expr {0.1 * $period}] [get_ports {ld_gid_valid_o ld_gid_o* miss_valid_o miss_group_o* fb_stale_o}]
