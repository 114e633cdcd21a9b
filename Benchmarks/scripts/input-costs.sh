#!/bin/sh
# Instructions per input of each kind (input-costs.swift), counted by valgrind's callgrind:
# deterministic, so old and new builds compare on a shared, noisy machine.
#
#   swift build -c release --target ReorderCore
#   sh Benchmarks/scripts/input-costs.sh            # this checkout's .build/release
#   sh Benchmarks/scripts/input-costs.sh /other/checkout
#
# The script links the driver with the release build's ReorderCore objects, checks its output
# (the per-kind call counts), runs it under callgrind with SWIFT_DETERMINISTIC_HASHING=1 (the
# slides' dictionary hashes differently from run to run otherwise) and prints, per kind, the
# inclusive instructions divided by the calls.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=${1:-$(cd "$here/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O -wmo "$here/input-costs.swift" -I "$root/.build/release/Modules" "$root"/.build/release/ReorderCore.build/*.o \
    -lm -o "$work/input-costs" 2>&1 | grep -v warning || true
"$work/input-costs" > "$work/out"
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$work/input-costs" > /dev/null 2>&1
callgrind_annotate --inclusive=yes --threshold=100 "$work/cg" > "$work/annotated"
python3 - "$work/annotated" "$work/out" <<'PY'
import re, sys
names = ['down', 'movePressing', 'framePressing', 'frameLift', 'moveDragging', 'frameDragging', 'up',
         'frameDropping', 'keyLift', 'keyStep', 'frameKeyboard', 'keyDrop']
calls = eval(open(sys.argv[2]).read().split(') ')[-1].strip())   # the driver's last printed list
found = {}
for line in open(sys.argv[1]):
    m = re.match(r'\s*([\d,]+) .*?\$s\d+input_costs(\d+)', line) or re.match(r'\s*([\d,]+) .*?\$s4main(\d+)', line)
    if not m: continue
    start = m.end(2)
    name = line[start:start + int(m.group(2))]
    if name in names and name not in found: found[name] = int(m.group(1).replace(',', ''))
for k, name in enumerate(names):
    print(f"{name:15s} {found.get(name, 0) / calls[k]:8,.0f} instructions per input ({calls[k]} inputs)")
PY
