#!/bin/sh
# Writes a valid trace of N inputs (default 1,000,000) to standard output, for measuring
# `reorder replay` on a long trace (nothing this big is committed):
#
#   Benchmarks/scripts/make-trace.sh 1000000 > /tmp/big.jsonl
#   /usr/bin/time -v .build/release/reorder replay /tmp/big.jsonl --policy default
#
# No session line (replay uses the demo list: 28 pt headers, 44 pt rows). Inputs come 1/60 s
# apart in cycles of 100: a press on row 3 of "Today", 39 frames (the lift comes after the
# 0.5 s press), 40 moves over ten rows (four times down), the release and 19 frames (the drop
# animation ends before the next press: every cycle is one whole drag).
# Tests/ReorderHostileTests/LargeInputTests.swift writes the same lines.
n="${1:-1000000}"
awk -v n="$n" 'BEGIN {
  for (i = 0; i < n; i++) {
    t = i / 60; k = i % 100
    if (k == 0) printf("{\"t\":%.17g,\"type\":\"down\",\"x\":160,\"y\":138}\n", t)
    else if (k < 40 || k > 80) printf("{\"t\":%.17g,\"type\":\"frame\"}\n", t)
    else if (k < 80) printf("{\"t\":%.17g,\"type\":\"move\",\"x\":160,\"y\":%d}\n", t, 138 + 44 * ((k - 40) % 10))
    else printf("{\"t\":%.17g,\"type\":\"up\"}\n", t)
  }
}'
