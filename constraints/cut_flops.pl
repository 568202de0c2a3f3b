#!/usr/bin/perl
# cut_flops.pl LIB IN OUT - cut a flat gate-level netlist at its flip-flops
# (constraints/area.sh, the timing repair's proof).
#
# Every instance of a sequential cell of LIB (a cell with an ff or latch
# group) is removed: each of its input pins becomes an output port of the
# module, cut_<instance>_<cell>_<pin>, driven by what drove the pin, and each
# output pin an input port of that name, driving what the pin drove. The
# module left is combinational. Two netlists whose flip-flops are the same
# cells with the same instance names (a netlist and its timing repair: the
# repair sizes, clones and buffers combinational gates only) cut this way
# have the same ports, and
# if the two cut modules compute the same function, the two netlists are
# sequentially equivalent with the same state: every flip-flop sees the same
# D, clock, set and reset from the same state and inputs. (The converse does
# not hold, which is why this suits a repair and not a resynthesis.)
#
# The netlist is one module as Yosys' write_verilog or OpenSTA's
# write_verilog (after sta_wires.pl) writes it: cell instances
# "CELL NAME ( .PIN(net), ... );" with single-bit connections.
use strict;
use warnings;

my ($lib, $in, $out) = @ARGV;
die "usage: cut_flops.pl LIB IN OUT\n" unless defined $out;

# --- the liberty: sequential cells and their pin directions -------------------
open(my $lf, '<', $lib) or die "cut_flops.pl: cannot read $lib: $!\n";
my (%seq, %dir);
my ($cell, $pin, $depth, $cell_depth, $pin_depth) = (undef, undef, 0, -1, -1);
while (my $line = <$lf>) {
    $line =~ s{/\*.*?\*/}{}g;
    if ($line =~ /^\s*cell\s*\(\s*"?([\w\$]+)"?\s*\)\s*\{/) {
        ($cell, $cell_depth) = ($1, $depth);
    } elsif (defined $cell && $line =~ /^\s*pin\s*\(\s*"?([\w\$]+)"?\s*\)\s*\{/) {
        ($pin, $pin_depth) = ($1, $depth);
    } elsif (defined $cell && $line =~ /^\s*(ff|latch|ff_bank|latch_bank|statetable)\s*\(/) {
        $seq{$cell} = 1;
    } elsif (defined $pin && $line =~ /^\s*direction\s*:\s*"?(\w+)"?\s*;/) {
        $dir{$cell}{$pin} = $1;
    }
    $depth += () = $line =~ /\{/g;
    $depth -= () = $line =~ /\}/g;
    undef $pin if defined $pin && $depth <= $pin_depth;
    undef $cell if defined $cell && $depth <= $cell_depth;
}
close($lf);
die "cut_flops.pl: no sequential cell in $lib\n" unless %seq;

# --- the netlist ---------------------------------------------------------------
open(my $nf, '<', $in) or die "cut_flops.pl: cannot read $in: $!\n";
my $text = do { local $/; <$nf> };
close($nf);
my @mods = $text =~ /^\s*module\s/mg;
die "cut_flops.pl: $in has " . scalar(@mods) . " modules (expected one, flattened)\n" unless @mods == 1;

my $id = qr/(?:\\\S+\s|[A-Za-z_][\w\$]*)/;
my (@ports, @decls, @assigns, %seen);
my $cut = 0;
$text =~ s{^([ \t]*)([A-Za-z_][\w\$]*)[ \t]+($id)\s*\((.*?)\);[ \t]*\n}{
    my ($ind, $type, $inst, $conns) = ($1, $2, $3, $4);
    if (!$seq{$type}) {
        $&;
    } else {
        (my $name = $inst) =~ s/^\\//;
        $name =~ s/\s+$//;
        $name =~ s/[^\w]/_/g;
        # A connection is empty, a constant, or a net with its bit select
        # if any (an escaped name runs to the next blank and may hold any
        # character); every ".PIN(" of the instance must be read.
        my %pins;
        while ($conns =~ /\.([\w\$]+)\s*\(\s*((?:\\\S+\s+|[A-Za-z_][\w\$]*\s*)(?:\[\d+\]\s*)?|\d+'[bBhHdD][0-9a-fA-FxXzZ_]+\s*|)\)/g) {
            ($pins{$1} = $2) =~ s/\s+$//;
        }
        (my $bare = $conns) =~ s/\\\S+\s//g;
        my $npins = () = $bare =~ /\.[\w\$]+\s*\(/g;
        die "cut_flops.pl: $in: cannot read the connections of $type $inst (expected .PIN(net) for each of its $npins pins)\n"
            unless $npins == keys %pins;
        for my $p (sort keys %pins) {
            next if $pins{$p} eq '';
            my $d = $dir{$type}{$p} // die "cut_flops.pl: $in: pin $p of $type $inst is not in $lib\n";
            # The cell is in the name: a flip-flop of another cell in the
            # other netlist (DFFNEGX1 for DFFPOSX1) gives other ports.
            my $port = "cut_${name}_${type}_$p";
            die "cut_flops.pl: $in: two flip-flops cut to the port $port\n" if $seen{$port}++;
            push @ports, $port;
            if ($d eq 'input') {
                push @decls, "  output $port;\n";
                push @assigns, "  assign $port = $pins{$p} ;\n";
            } elsif ($d eq 'output') {
                push @decls, "  input $port;\n";
                push @assigns, "  assign $pins{$p} = $port;\n";
            } else {
                die "cut_flops.pl: $in: pin $p of $type $inst is $d\n";
            }
        }
        $cut++;
        '';
    }
}mgse;
die "cut_flops.pl: no flip-flop in $in\n" unless $cut;

# The new ports join the module header; their declarations and assigns follow it.
$text =~ s{^(\s*module\s+$id\s*\()(.*?)\);}{$1 . $2 . ', ' . join(', ', @ports) . ");\n" . join('', @decls)}mse
    or die "cut_flops.pl: no module header in $in\n";
$text =~ s{^(\s*endmodule)}{join('', @assigns) . $1}me or die "cut_flops.pl: no endmodule in $in\n";
open(my $of, '>', $out) or die "cut_flops.pl: cannot write $out: $!\n";
print $of $text;
close($of) or die "cut_flops.pl: cannot write $out: $!\n";
print "$cut\n";
