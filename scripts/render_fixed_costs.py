#!/usr/bin/env python3
"""Renders scripts/bench-fixed-costs.sh results as a markdown table (stdout).

usage: render_fixed_costs.py RESULTS_DIR
"""
import datetime
import os
import re
import sys

sys.dont_write_bytecode = True  # no scripts/__pycache__ from the import below
from bench_report import commit, last_json, median, read

res = sys.argv[1]
VARIANTS = [
    ("baseline", "baseline: HashSet semijoin (one map-only job)"),
    ("auto", "`join` (auto)"),
    ("map-side", "`join --strategy map-side`"),
    ("reduce-bf", "`join --strategy reduce-side --filter-type bf --bits-per-key 16`"),
    ("baseline-parallel-gc", "baseline with `-XX:+UseParallelGC` (the launcher's collector)"),
    ("map-side-g1", "map-side with G1 (`BLOOMKIT_JAVA_OPTS=-XX:+UseG1GC`)"),
    ("map-side-no-archive", "map-side without the class archive (`BLOOMKIT_CLASS_ARCHIVE=false`)"),
    ("map-side-blocks", "map-side cut at the blocks (`-D bloomkit.input.split.bytes=0`)"),
]
LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) LocalJobRunner: "
                  r"(Starting|Finishing) task: attempt_local(\d+_\d+)_")


def task_times(log):
    """The last job's first task start and last task end (epoch seconds), from the log."""
    events = {}
    with open(log) as f:
        for line in f:
            m = LINE.match(line)
            if m:
                t = datetime.datetime.strptime(m.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
                events.setdefault(m.group(3), []).append((m.group(2), t))
    if not events:
        return None
    last = events[max(events, key=lambda j: max(t for _, t in events[j]))]
    starts = [t for kind, t in last if kind == "Starting"]
    ends = [t for kind, t in last if kind == "Finishing"]
    return (min(starts), max(ends)) if starts and ends else None


def columns(d):
    """One run's breakdown, or None when it failed."""
    if read(os.path.join(d, "exit")) != "0":
        return None
    start = int(read(os.path.join(d, "start-millis"))) / 1e3
    process = int(read(os.path.join(d, "process-millis"))) / 1e3
    times = task_times(os.path.join(d, "log"))
    if times is None:
        return None
    c = {"process": process, "before the first task": times[0] - start,
         "tasks": times[1] - times[0], "after": start + process - times[1]}
    j = last_json(os.path.join(d, "result.json"))
    if j is None or "plan" not in j:  # the baseline: no JSON
        return c
    a = j["plan"]["actual"]
    reads = sum(a.get(k, 0) for k in ("sizingSeconds", "sampleSeconds", "splitSeconds",
                                      "leftKeysSeconds"))
    c.update({"to the tool": process - j["seconds"], "launch": a["launchSeconds"],
              "planning reads": reads, "planning, rest": a["planSeconds"] - reads,
              "build": a["buildSeconds"]})
    c["submit"] = (c["before the first task"] - c["to the tool"] - a["planSeconds"]
                   - a["buildSeconds"])
    return c


COLS = ["process", "before the first task", "to the tool", "launch", "planning reads",
        "planning, rest", "build", "submit", "tasks", "after"]
run = last_json(os.path.join(res, "run.json"))
print(f"TPC-H SF {run['scale']}, lineitem joined with {run['frac']}% of orders, local mode with 2 map"
      f" slots, the tools through scripts/bloomkit; medians of {run['reps']} alternating rounds after"
      f" a warm-up, seconds; commit {commit()}, load at start {run['load']}. before the first"
      f" task = to the tool + planning reads + planning, rest + build + submit (launch is part of"
      f" to the tool).\n")
print("| variant | " + " | ".join(COLS) + " |")
print("|---|" + "---:|" * len(COLS))
for v, label in VARIANTS:
    d = os.path.join(res, v)
    if not os.path.isdir(d):
        continue
    runs = [columns(os.path.join(d, r)) for r in sorted(os.listdir(d))]
    ok = [r for r in runs if r]
    failed = len(runs) - len(ok)
    cells = []
    for col in COLS:
        m = median([r.get(col) for r in ok])
        cells.append("–" if m is None else f"{m:.2f}")
    print(f"| {label}{f' ({failed} failed)' if failed else ''} | " + " | ".join(cells) + " |")
