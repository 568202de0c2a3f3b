# mrpb.sdc - timing constraints of mrpb (and of mrpb_final, which sources this
# file) for `make area` (constraints/area.sh).
#
# Clock target. DESIGN.md: the modelled GPU runs its cores at 1.4 GHz in a
# 40-45 nm process, about 44 FO4 per cycle; the same target is 2.9 ns in
# osu018 and 2.0 ns in sky130hd. constraints/area.sh sets ::ms_period from
# the library it maps to (see fifo.sdc); every delay below is a fraction of
# the period P and scales with it. The cycle budget is the one every block
# shares (fifo.sdc): registered inputs arrive at 0.2 P, same-cycle results
# that steer other logic are due at 0.7 P.
#
# mrpb is clocked by clk_i. Registers: the input pipeline (Latency-1 stages)
# and the enqueue point's one-hot queue, NumQueues fifos (storage without
# reset, head/tail/count), the drain selector's step-1 choice (pick, hold,
# valid, longest length), the greedy current queue, the round-robin pointer
# and the outbound slot. The paths that matter (docs/mrpb.md):
#   step 1: queue counts and the enqueue -> the policy on each state the next
#     cycle can start in (prio_enc columns) -> the slot's answer selects one
#     -> pick register;
#   step 2: counts, pick, pointer -> does the enqueue point's queue win ->
#     pop/push one-hots, drain_q_o, slot data (heads read from registers);
#   l1_ready_i -> slot free -> gates pop/push -> fifo pointers and counts.
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

# The request comes from the coalescer's output register, the modes from
# configuration registers (mrpb only; mrpb_final ties them), rst_ni from a
# reset synchroniser: 0.2 P.
set_input_delay -clock clk [expr {0.2 * $period}] $data_inputs
# rst_ni reaches some 700 reset flops (pointers, counts, pipeline valids,
# slot). Driven straight from one input buffer its slew alone is ~13 ns; a
# real design distributes it through a buffer tree built with the clock tree
# at place and route (recovery/removal are checked there). Synthesis does not
# build that tree, so the reset is not timed here (the primitives, with a few
# reset flops each, keep their recovery checks).
set_false_path -from [get_ports rst_ni]
# The modes (mrpb only; mrpb_final ties them) are configuration pins that may
# change only while rst_ni is low (an assertion in rtl/mrpb.sv and the C
# model's mrpb_check enforce it), so no path starts at them in operation:
# quasi-static, like rst_ni. Every path through the logic they steer is still
# timed from its registers, for whichever mode is slowest.
set mode_ports [get_ports -quiet {signature_i* policy_i* greedy_i flush_i bypass_i* reorder_i}]
if {[llength $mode_ports] > 0} { set_false_path -from $mode_ports }
# The L1 answers the slot's request in the same cycle after its tag lookup,
# and the next level's ready comes over the crossbar: both half a cycle in.
set_input_delay -clock clk [expr {0.5 * $period}] [get_ports {l1_ready_i l1_stall_assoc_i byp_ready_i}]

set_load [expr {4.0 * [get_property [get_lib_pins $::ms_load_pin] capacitance]}] [all_outputs]
# in_ready_o stalls the memory pipeline stage in the same cycle: ready by 0.7 P.
set_output_delay -clock clk [expr {0.3 * $period}] [all_outputs]
# The decision outputs (drain_o, drain_q_o) are a trace: nothing in the GPU
# acts on them; a trace or debug unit captures them in a register at the
# boundary (its setup and the wire: 0.1 P), as the lockstep testbench and the
# waveforms sample them at the clock edge.
set_output_delay -clock clk [expr {0.1 * $period}] [get_ports {drain_o* drain_q_o*}]
# The slot and the occupancies are register outputs, taken as registered by
# the L1 and the next level (0.2 P into the next cycle).
set_output_delay -clock clk [expr {0.8 * $period}] [get_ports {out_valid_o out_bypass_o out_write_o out_addr_o* out_tag_o* occ_o*}]
