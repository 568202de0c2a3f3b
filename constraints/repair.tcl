# repair.tcl - timing repair of a mapped netlist with the signoff timer
# (OpenSTA), sourced by constraints/area.sh when the mapped netlist misses its
# clock (see docs/area.md, "Timing repair").
#
# ABC maps, buffers and sizes with its own delay model and without the .sdc's
# input and output delays, the flip-flops' clock-to-output or the late inputs:
# the paths it works on are not the paths OpenSTA finds failing, and on a large
# netlist the last few hundredths of a nanosecond are its buffer trees.
# ms_repair works on OpenSTA's worst path, one move at a time, and keeps a move
# only if the worst slack improves (or stays and the total negative slack
# improves):
#   size    a gate on the path swapped for an equivalent cell of another drive
#           strength (OpenSTA's equivalent cells: same function and pins);
#   clone   a gate on the path duplicated on the same inputs, the less critical
#           half of its loads moved to the copy;
#   buffer  a buffer inserted after a flip-flop on the path, driving the
#           less critical half of its loads.
# Every move keeps the logic function: constraints/area.sh proves the repaired
# netlist equivalent to the mapped one (constraints/equiv_cut.sh: both cut at
# their flip-flops, ABC's cec) before it reports it.
# Swaps are tried first (cheap: incremental timing); splits only when no swap
# helps. OpenSTA 2.0.17 keeps a driver's stale delay when a load pin is
# disconnected from its net, so after undoing a split every delay is
# recomputed (a new delay calculator: about 2.5 s on 100 000 cells).

proc ms_ws {} { return [sta::worst_slack_cmd max] }
proc ms_tns {} { return [sta::total_negative_slack_cmd max] }
proc ms_retime {} { sta::set_delay_calculator dmp_ceff_elmore }
proc ms_pin_slack {pin} {
    set s 1e9
    foreach k {max_rise_slack max_fall_slack} {
        set v [get_property $pin $k]
        if {[string is double -strict $v] && $v < $s} { set s $v }
    }
    return $s
}
# A cell the repair may use: not dont_use in the liberty, not matching the
# pattern area.sh keeps out of synthesis (::ms_dont_use, a regexp; clock
# buffers and the like).
set ::ms_dont_use {}
proc ms_usable {libcell} {
    if {[get_property $libcell dont_use]} { return 0 }
    if {$::ms_dont_use ne {} && [regexp $::ms_dont_use [get_name $libcell]]} { return 0 }
    return 1
}
proc ms_better {w n bw bn} { return [expr {$w > $bw + 1e-13 || ($w > $bw - 1e-13 && $n > $bn + 1e-13)}] }

# Moves stay in the top module: an instance of a module kept whole
# ((* map_alone *)) is left as it is (its definition may be shared by several
# instances, and a net made here is a top-level net). Only top-level leaf pins
# of the driver's own net are loads that may move.
proc ms_top {inst} { return [expr {[string first / [get_full_name $inst]] < 0}] }

# The loads of a driver pin's net (leaf pins, by name), most critical first.
proc ms_loads {drv} {
    set l {}
    set net [get_full_name [sta::Pin_net $drv]]
    foreach p [get_pins -of_objects [sta::Pin_net $drv]] {
        if {[sta::Pin_is_driver $p] || [sta::Pin_is_hierarchical $p] || ![ms_top [sta::Pin_instance $p]]} continue
        if {[get_full_name [sta::Pin_net $p]] ne $net} continue
        lappend l [list [ms_pin_slack $p] [get_full_name $p]]
    }
    # by name, then (a stable sort) by slack: the same order in every run
    return [lsort -real -index 0 [lsort -index 1 $l]]
}
# Move load pins (by name: OpenSTA makes new pin objects on connect) to net2.
proc ms_move {pins net2} {
    foreach pn $pins {
        set p [get_pins $pn]
        disconnect_pin [sta::Pin_net $p] $p
        connect_pin $net2 $p
    }
}
# Split a driver's loads: kind clone, or buffer with cell bufcell. Returns the
# undo record, or {} when the net has fewer than 3 loads (or only ports).
set ::ms_rep_n 0
proc ms_split {drv kind bufcell} {
    set loads [ms_loads $drv]
    set k [llength $loads]
    if {$k < 3} { return {} }
    set moved {}
    foreach e [lrange $loads [expr {$k / 2}] end] { lappend moved [lindex $e 1] }
    set inst [sta::Pin_instance $drv]
    set net [get_full_name [sta::Pin_net $drv]]
    incr ::ms_rep_n
    set nn "ms_repair_net_$::ms_rep_n"
    set in "ms_repair_$::ms_rep_n"
    make_net $nn
    if {$kind eq "clone"} {
        make_instance $in [get_name [get_property $inst liberty_cell]]
        foreach p [get_pins -of_objects $inst] {
            set pn [get_property $p lib_pin_name]
            if {[get_property $p direction] eq "input"} {
                connect_pin [sta::Pin_net $p] "$in/$pn"
            } elseif {[get_full_name $p] eq [get_full_name $drv]} {
                connect_pin $nn "$in/$pn"
            }
        }
    } else {
        make_instance $in $bufcell
        connect_pin $net "$in/$::ms_buf_in"
        connect_pin $nn "$in/$::ms_buf_out"
    }
    ms_move $moved $nn
    return [list $in $nn $net $moved]
}
proc ms_unsplit {u} {
    lassign $u in nn net moved
    ms_move $moved $net
    foreach p [get_pins -of_objects [get_cells $in]] {
        set n [sta::Pin_net $p]
        if {$n ne "NULL" && $n ne ""} { disconnect_pin $n $p }
    }
    delete_instance $in
    delete_net $nn
    ms_retime
}

# ms_repair MAX_MOVES MAX_SECONDS BUFFERS: BUFFERS the library's buffer cells
# (input pin ms_buf_in, output ms_buf_out). Prints one REPAIR line per move;
# returns the number of moves.
proc ms_repair {max_moves max_sec buffers} {
    sta::make_equiv_cells [list [lindex [get_libs *] 0]]
    foreach c [all_registers -cells] { set seq([get_full_name $c]) 1 }
    set t0 [clock seconds]
    set moves 0
    while {$moves < $max_moves && [clock seconds] - $t0 < $max_sec} {
        set w0 [ms_ws]; set n0 [ms_tns]
        set bw $w0; set bn $n0; set best {}
        set pe [lindex [find_timing_paths -path_delay max -group_count 1 -sort_by_slack] 0]
        if {$pe eq ""} break
        set drivers {}
        foreach pt [get_property $pe points] {
            set pin [get_property $pt pin]
            if {[sta::Pin_is_top_level_port $pin] || ![sta::Pin_is_driver $pin]} continue
            lappend drivers [get_full_name $pin]
        }
        foreach dn $drivers {
            set inst [sta::Pin_instance [get_pins $dn]]
            if {![ms_top $inst]} continue
            set cell [get_property $inst liberty_cell]
            set cur [get_name $cell]
            if {[info exists seq([get_full_name $inst])]} continue
            foreach eq [sta::find_equiv_cells $cell] {
                set en [get_name $eq]
                if {$en eq $cur || ![ms_usable $eq]} continue
                replace_cell $inst $eq
                set w [ms_ws]; set n [ms_tns]
                if {[ms_better $w $n $bw $bn]} { set bw $w; set bn $n; set best [list size $dn $en] }
                replace_cell $inst $cell
            }
        }
        if {$best eq {}} {
            foreach dn $drivers {
                if {[clock seconds] - $t0 >= $max_sec} break
                # A gate is cloned; a flip-flop (whose copy would be a second
                # register) gets a buffer, of each strength.
                if {![ms_top [sta::Pin_instance [get_pins $dn]]]} continue
                set kinds {}
                if {![info exists seq([get_full_name [sta::Pin_instance [get_pins $dn]]])]} {
                    lappend kinds [list clone {}]
                } else {
                    foreach b $buffers { lappend kinds [list buffer $b] }
                }
                foreach kb $kinds {
                    lassign $kb kind b
                    set u [ms_split [get_pins $dn] $kind $b]
                    if {$u eq {}} break
                    set w [ms_ws]; set n [ms_tns]
                    ms_unsplit $u
                    if {[ms_better $w $n $bw $bn]} { set bw $w; set bn $n; set best [list split $dn $kind $b] }
                }
            }
        }
        if {$best eq {}} break
        if {[lindex $best 0] eq "size"} {
            lassign $best - dn en
            set inst [sta::Pin_instance [get_pins $dn]]
            set what "size [get_full_name $inst] [get_name [get_property $inst liberty_cell]] -> $en"
            replace_cell $inst $en
        } else {
            lassign $best - dn kind b
            ms_split [get_pins $dn] $kind $b
            set what [string trim "$kind $b $dn"]
        }
        incr moves
        puts [format "REPAIR %d %s: worst slack %.4f -> %.4f, total negative %.4f -> %.4f (%d s)" $moves $what \
                  [sta::time_sta_ui $w0] [sta::time_sta_ui [ms_ws]] [sta::time_sta_ui $n0] [sta::time_sta_ui [ms_tns]] \
                  [expr {[clock seconds] - $t0}]]
    }
    return $moves
}
