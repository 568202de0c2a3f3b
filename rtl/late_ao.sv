// late_ao: y_o = a_i | (b_i & x_i) | (c_i & z_i), for inputs x_i and z_i
// that arrive late in the cycle (the L1's answer to the request in MRPB's
// outbound slot, and the next level's).
//
// A block that needs such a signal in many places instantiates one late_ao
// per group of loads, so that the late input reaches a few small gates, each
// driving its own group, instead of one node with hundreds of loads.
// constraints/area.sh maps every module marked (* map_alone *) on its own
// (Yosys keep_hierarchy): ABC maps without the inputs' arrival times, would
// merge the copies back into one node (they compute the same function) and
// hang a critical load at the end of its buffer tree. Logic simulation,
// formal checks and mutation flatten it like any other module.
//
// Example: a_i = 0, b_i = 1, c_i = 0: y_o follows x_i.
(* map_alone *)
module late_ao (
  input  logic a_i,   // true without the late inputs
  input  logic b_i,   // true if x_i
  input  logic c_i,   // true if z_i
  input  logic x_i,   // late
  input  logic z_i,   // late
  output logic y_o
);
  assign y_o = a_i | (b_i & x_i) | (c_i & z_i);
endmodule
