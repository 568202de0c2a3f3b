# why.jq - the report's "What the runs show" section: for the claims about traffic and misses,
# MRPB's slowdowns, bypassing on all stalls and SRAD/U, the statistics that explain the
# classes the claim table gives, computed from the claims' input (run.sh's input.json: per
# label and workload ipc, miss, bypass, l2l1, acc, rfail, cycles). Markdown on stdout; a
# statistic a run lacks prints "-".
.runs as $r | .sets as $S | (.noise // 0) as $noise |
def gmean: if length == 0 or any(. == null or . <= 0) then null else map(log) | add / length | exp end;
def ratio($l; $b; $w; $k): if ($r[$l][$w][$k] // null) != null and ($r[$b][$w][$k] // 0) > 0
    then $r[$l][$w][$k] / $r[$b][$w][$k] else null end;
def gm($l; $b; $set; $k): [$S[$set][] as $w | ratio($l; $b; $w; $k)] | gmean;
def pct: if . == null then "-" else (. - 1) * 1000 | round / 10 | (if . > 0 then "+" else "" end) + tostring + " %" end;
def x: if . == null then "-" else . * 100 | round / 100 | "x" + tostring end;
def share($n; $d): if $n == null or ($d // 0) == 0 then "-" else ($n / $d * 1000 | round / 10 | tostring) + " %" end;
# the reads leaving the L1 for the L2: misses as GPGPU-Sim counts them plus bypassed reads
def sent($l; $w): if $r[$l][$w] then $r[$l][$w].miss + ($r[$l][$w].bypass // 0) else null end;
def gsent($l; $b; $set): [$S[$set][] as $w | (sent($l; $w)) as $a | (sent($b; $w)) as $c
    | if $a != null and ($c // 0) > 0 then $a / $c else null end] | gmean;
def per($n; $d): if $n == null or ($d // 0) == 0 then "-" else $n / $d * 10 | round / 10 | tostring end;
def total($l; $set; $k): [$S[$set][] | $r[$l][.][$k] // empty] | add;
def rfa($l; $set): per(total($l; $set; "rfail"); total($l; $set; "acc"));

"### Where MRPB's speedup comes from (MRPB final vs Base-S; geomeans over each set, except the reservation fails: totals over the set per L1 access)",
"",
"| set | IPC | L1 misses (GPGPU-Sim's count) | misses + bypassed reads | L2-to-L1 packets | reservation fails per access, Base-S | with MRPB | a 64-way 16 KB L1's misses |",
"|---|---|---|---|---|---|---|---|",
(["iw", "xw", "ci", "rodinia"][] as $s |
 "| \($s | ascii_upcase | sub("RODINIA"; "Rodinia")) | \(gm("mrpb"; "base"; $s; "ipc") | x) | \(gm("mrpb"; "base"; $s; "miss") | pct) | \(gsent("mrpb"; "base"; $s) | pct) | \(gm("mrpb"; "base"; $s; "l2l1") | pct) | \(rfa("base"; $s)) | \(rfa("mrpb"; $s)) | \(gm("l1-64way"; "base"; $s; "miss") | pct) |"),
"",
"A reservation fail is an access the L1 cannot take this cycle (no line, MSHR or miss-queue slot to allocate) and retries; bypassing a read on an associativity stall removes it. The last column is the L1 misses of Section 5.8's 64-way 16 KB L1 with a 1-cycle hit, against Base-S: how much of a set's misses any 16 KB L1 could turn into hits.",
"",
"### Programs MRPB slows (below x1 by more than the noise)",
"",
"| program | baseline | MRPB's speedup | bypassed reads per L1 access | reservation fails per access, baseline | with MRPB | bypass only (Base-S) | reorder only (Base-S) |",
"|---|---|---|---|---|---|---|---|",
([["mrpb", "base", "Base-S"], ["mrpb-l", "base-l", "Base-L"]][] as [$l, $b, $name] |
 ($S.poly + $S.rodinia)[] as $w | ratio($l; $b; $w; "ipc") as $sp | select($sp != null and ($sp | log) < -$noise) |
 "| \($w) | \($name) | \($sp | x) | \(share($r[$l][$w].bypass; $r[$l][$w].acc)) | \(per($r[$b][$w].rfail; $r[$b][$w].acc)) | \(per($r[$l][$w].rfail; $r[$l][$w].acc)) | \(ratio("bypass"; "base"; $w; "ipc") | x) | \(ratio("reorder"; "base"; $w; "ipc") | x) |"),
"",
"### Bypassing on all stalls, the CI programs (Figure 13)",
"",
"| program | bypass on all stalls vs Base-S | bypass on associativity stalls | L2-to-L1 packets, bypass on all stalls | L1 misses + bypassed reads | reservation fails per access, Base-S |",
"|---|---|---|---|---|---|",
($S.ci[] as $w |
 "| \($w) | \(ratio("bypass-all"; "base"; $w; "ipc") | x) | \(ratio("bypass"; "base"; $w; "ipc") | x) | \(ratio("bypass-all"; "base"; $w; "l2l1") | pct) | \((sent("bypass-all"; $w)) as $a | (sent("base"; $w)) as $c | if $a != null and ($c // 0) > 0 then $a / $c else null end | pct) | \(per($r.base[$w].rfail; $r.base[$w].acc)) |"),
"",
"### SRAD and SRAD/U (Figure 15)",
"",
"| run | IPC over SRAD on Base-S | L1 accesses | L1 miss rate | reservation fails per access |",
"|---|---|---|---|---|",
(["srad", "srad-u"][] as $w | [["base", "Base-S"], ["mrpb", "Base-S + MRPB"], ["base-l", "Base-L"], ["mrpb-l", "Base-L + MRPB"]][] as [$l, $name] |
 "| \($w), \($name) | \(if $r[$l][$w].ipc and $r.base.srad.ipc then $r[$l][$w].ipc / $r.base.srad.ipc else null end | x) | \($r[$l][$w].acc // "-") | \(share($r[$l][$w].miss; $r[$l][$w].acc)) | \(per($r[$l][$w].rfail; $r[$l][$w].acc)) |")
,
"",
"### The /U programs (Section 5.6)",
"",
"| program | /U vs the original, Base-S | /U with MRPB vs the original without | MRPB's speedup on /U | reservation fails per access, /U on Base-S |",
"|---|---|---|---|---|",
(range($S.unshared | length) as $i | $S.unshared[$i] as $u | $S.shared[$i] as $o |
 "| \($u) | \(if $r.base[$u].ipc and $r.base[$o].ipc then $r.base[$u].ipc / $r.base[$o].ipc else null end | x) | \(if $r.mrpb[$u].ipc and $r.base[$o].ipc then $r.mrpb[$u].ipc / $r.base[$o].ipc else null end | x) | \(ratio("mrpb"; "base"; $u; "ipc") | x) | \(per($r.base[$u].rfail; $r.base[$u].acc)) |")
