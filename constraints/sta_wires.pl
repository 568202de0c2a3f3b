#!/usr/bin/perl
# sta_wires.pl FILE - declare the buses of a one-module netlist written by
# OpenSTA 2.0.17's write_verilog (constraints/area.sh, timing repair).
#
# That write_verilog declares the ports but no wire: a scalar net is an
# implicit wire in Verilog, but a bit of an undeclared bus (nx_pop[8],
# \mem_q[6] [0]) is not, and Yosys reads it as x. This adds one
# "wire [hi:lo] name ;" per bus and one "wire name ;" per scalar net that is
# not a port, after the port declarations (the first blank line), in place;
# a net declared in REF (the netlist OpenSTA read) keeps REF's declaration. It also writes the tie-offs
# as nets named one_ and zero_ with no driver: they become the constants
# 1'b1 and 1'b0 again, as Yosys wrote them.
use strict;
use warnings;

my $file = shift or die "usage: sta_wires.pl FILE [REF]\n";
my $ref = shift;   # the netlist it was read from: its wire declarations are kept
my %refdecl;
if (defined $ref) {
    open(my $r, '<', $ref) or die "sta_wires.pl: cannot read $ref: $!\n";
    while (<$r>) { $refdecl{$2} = "wire " . ($1 // '') . "$2 ;" if /^\s*wire\s+(\[\d+:\d+\]\s*)?(\\\S+|[A-Za-z_][\w\$]*)\s*;/; }
    close($r);
}
open(my $in, '<', $file) or die "sta_wires.pl: cannot read $file: $!\n";
my $text = do { local $/; <$in> };
close($in);

my %port;
while ($text =~ /^\s*(?:input|output|inout)\s+(?:\[\d+:\d+\]\s*)?(\\\S+|[A-Za-z_][\w\$]*)\s*;/mg) { $port{$1} = 1; }
my (%hi, %lo, %scalar);
# The nets of the pin connections .P(...): constants, then identifiers (an
# escaped one runs to the next blank), each with its bit select if any.
while ($text =~ /\.[\w\$]+\s*\(([^()]*)\)/g) {
    my $c = $1;
    while ($c =~ /(\d+'[bBhHdDoO][0-9a-fA-FxXzZ_]+)|(\\\S+|[A-Za-z_][\w\$]*)(?:\s?\[(\d+)\])?/g) {
        next if defined $1;
        my ($n, $i) = ($2, $3);
        next if $port{$n};
        if (defined $i) {
            $hi{$n} = $i if !defined $hi{$n} || $i > $hi{$n};
            $lo{$n} = $i if !defined $lo{$n} || $i < $lo{$n};
        } else {
            $scalar{$n} = 1;
        }
    }
}
# Scalars are declared too: Yosys reads a netlist of 100 000 implicit wires
# (one warning each) several times slower.
delete $scalar{one_};
delete $scalar{zero_};
my $decl = join('', map { " " . ($refdecl{$_} // "wire [$hi{$_}:$lo{$_}] $_ ;") . "\n" } sort keys %hi)
         . join('', map { " " . ($refdecl{$_} // "wire $_ ;") . "\n" } grep { !exists $hi{$_} } sort keys %scalar);
$text =~ s/\(one_\)/(1'b1)/g unless $port{one_} || exists $hi{one_};
$text =~ s/\(zero_\)/(1'b0)/g unless $port{zero_} || exists $hi{zero_};
$text =~ s/\n\n/\n$decl\n/ or die "sta_wires.pl: no blank line after the port declarations in $file\n";
open(my $out, '>', "$file.tmp") or die "sta_wires.pl: cannot write $file.tmp: $!\n";
print $out $text;
close($out) or die "sta_wires.pl: cannot write $file.tmp: $!\n";
rename("$file.tmp", $file) or die "sta_wires.pl: cannot replace $file: $!\n";
