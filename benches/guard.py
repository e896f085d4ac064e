#!/usr/bin/env python3
"""The instruction-count guard: a regression check that does not depend on a quiet machine.

For every workload (support/src/workloads/) on the guarded formats (FORMATS below: serde_json,
ciborium, serde_cbor packed, rmp-serde, postcard, bitcode), counts with callgrind the
instructions of one decode and one encode of a batch by FastFlatten and by the workload's lower
bound (the flat struct, or the plain struct of an enum's variant), and compares each
FastFlatten / lower-bound ratio with the committed baseline (benches/guard/baseline.txt). A
ratio more than 3% above its baseline fails.

    python3 benches/guard.py              # check (exit 1 on a regression)
    python3 benches/guard.py --bless      # rewrite the baseline's rows this run measured
    python3 benches/guard.py wide_optional serde_json   # only these workloads / formats
    python3 benches/guard.py decode                     # only decoding (or encode)

Run it before committing a change to src/ or to the derive's expansion; commit the baseline
when a change is meant to move a ratio, with the reason in the commit body. Callgrind counts
are the same from run to run for the same binary and input, whatever else the machine does;
the program (benches/instructions.rs) decodes or encodes once and three times, and half the
difference is one pass, so building and encoding the values cancel out. Each format has a
program of its own, so a row's count does not depend on which formats a run covers: CI's run
over some of them (.ci/run) checks the same baseline.
"""

import json
import os
import shutil
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BASELINE = os.path.join(ROOT, "benches", "guard", "baseline.txt")
TOLERANCE = 0.03


# The formats the guard covers, by their ids in the format table: one of each family that
# matters for speed, self-describing and not. Each gets a program of its own (see build).
FORMATS = ["serde_json", "ciborium", "serde_cbor_packed", "rmp_serde", "postcard", "bitcode"]


# Held while a reader is copied and while a process is started. A process forked by one thread
# while another writes a reader inherits the open file until it has exec'd, and starting that
# reader meanwhile fails with "Text file busy" (ETXTBSY); `Popen` returns once its child has
# exec'd, so with the lock no child holds a reader open when one is started.
SPAWN = threading.Lock()


def run(args, **kwargs):
    """`subprocess.run` without `check`, its process started under SPAWN."""
    with SPAWN:
        process = subprocess.Popen(args, **kwargs)
    with process:
        stdout, stderr = process.communicate()
    return subprocess.CompletedProcess(args, process.returncode, stdout, stderr)


def build(format_):
    """Builds the reader of one format in the bench profile (optimized, one codegen unit) and
    returns the path of a copy (the next format's build replaces cargo's own)."""
    built = run(
        ["cargo", "build", "--profile", "bench", "--bench", "instructions",
         "--message-format=json-render-diagnostics"],
        cwd=ROOT, stdout=subprocess.PIPE, text=True,
        # Without debug info (the bench profile keeps it for profilers): it does not change
        # the code, so the counts are the same, and the program builds faster.
        env={**os.environ, "FASTKIT_GUARD_FORMAT": format_, "CARGO_PROFILE_BENCH_DEBUG": "0"},
    )
    if built.returncode != 0:
        sys.exit(f"guard: building the reader of {format_} failed")
    out = built.stdout
    for line in out.splitlines():
        message = json.loads(line)
        if message.get("reason") == "compiler-artifact" and message["target"]["name"] == "instructions":
            if message.get("executable"):
                reader = os.path.join(os.path.dirname(message["executable"]),
                                      f"instructions-guard-{format_}")
                with SPAWN:
                    shutil.copy2(message["executable"], reader)
                return reader
    sys.exit("guard: the reader was not built")


def instructions(reader, args):
    """The instructions callgrind counts for one run of the reader."""
    counted = run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", reader, *args],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    if counted.returncode != 0:
        sys.exit(f"guard: {' '.join(args)} failed:\n{counted.stderr}")
    for line in counted.stderr.splitlines():
        if "Collected :" in line:
            return int(line.split(":")[-1].strip())
    sys.exit(f"guard: no count for {' '.join(args)}:\n{counted.stderr}")


def per_pass(reader, combination):
    """Instructions of one decode or encode of the combination's batch."""
    once = instructions(reader, [*combination, "1"])
    thrice = instructions(reader, [*combination, "3"])
    return (thrice - once) / 2


def read_baseline():
    baseline = {}
    if os.path.exists(BASELINE):
        with open(BASELINE) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                workload, format_, op, ratio = line.split()
                baseline[(workload, format_, op)] = float(ratio)
    return baseline


def main():
    args = sys.argv[1:]
    bless = "--bless" in args
    only = [a for a in args if a != "--bless"]
    # Names filter on the format, the workload or the operation; names of one kind combine.
    formats = [a for a in only if a in FORMATS] or FORMATS
    ops = [a for a in only if a in ("decode", "encode")]
    workloads = [a for a in only if a not in FORMATS and a not in ops]
    # Each format's reader is built in turn (one codegen unit: one core), and its combinations
    # are counted while the next one builds.
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        pending = {}
        for format_ in formats:
            reader = build(format_)
            listing = run([reader, "list"], stdout=subprocess.PIPE, text=True)
            if listing.returncode != 0:
                sys.exit(f"guard: {reader} list failed")
            listed = listing.stdout
            for line in listed.splitlines():
                c = tuple(line.split())
                if c and (not workloads or c[0] in workloads) and (not ops or c[3] in ops):
                    pending[c] = pool.submit(per_pass, reader, c)
        counts = {c: future.result() for c, future in pending.items()}
    unknown = set(workloads) - {c[0] for c in counts}
    if unknown:
        sys.exit(f"guard: no workload named {', '.join(sorted(unknown))} on {', '.join(formats)}")

    ratios = {}
    lower = {(w, f, op): n for (w, f, i, op), n in counts.items() if i in ("flat", "lower")}
    for (w, f, i, op), n in counts.items():
        if i == "fast_flatten" and (w, f, op) in lower:
            low = lower[(w, f, op)]
            ratios[(w, f, op)] = (n / low, low, n)

    baseline = read_baseline()
    failed = []
    print(f"{'workload':<16} {'format':<18} {'op':<6} {'lower':>12} {'fast':>12} {'ratio':>7} {'baseline':>9}")
    for (w, f, op), (ratio, low, fast) in sorted(ratios.items()):
        base = baseline.get((w, f, op))
        mark = ""
        if base is not None and ratio > base * (1 + TOLERANCE):
            mark = "  REGRESSED"
            failed.append((w, f, op))
        elif base is None:
            mark = "  (new)"
        shown = f"{base:.4f}" if base is not None else "-"
        print(f"{w:<16} {f:<18} {op:<6} {low:>12.0f} {fast:>12.0f} {ratio:>7.4f} {shown:>9}{mark}")

    if bless:
        merged = dict(baseline)
        merged.update({key: value[0] for key, value in ratios.items()})
        with open(BASELINE, "w") as f:
            f.write("# FastFlatten / lower-bound instructions per decode or encode"
                    " (benches/guard.py --bless)\n")
            for (w, fmt, op), ratio in sorted(merged.items()):
                f.write(f"{w} {fmt} {op} {ratio:.4f}\n")
        print(f"guard: wrote {os.path.relpath(BASELINE, ROOT)}")
        return 0
    if failed:
        print(f"guard: {len(failed)} ratio(s) rose more than {TOLERANCE:.0%} above the baseline")
        return 1
    print("guard: every ratio within 3% of the baseline")
    return 0


if __name__ == "__main__":
    sys.exit(main())
