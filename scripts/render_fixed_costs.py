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
]
LINE = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) LocalJobRunner: "
                  r"(Starting|Finishing) task: attempt_local(\d+_\d+)_")


def task_seconds(log):
    """The last job's first task start to its last task end (seconds), from the log."""
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
    return max(ends) - min(starts) if starts and ends else None


def columns(d):
    """One run's breakdown, or None when it failed."""
    if read(os.path.join(d, "exit")) != "0":
        return None
    process = int(read(os.path.join(d, "process-millis"))) / 1e3
    j = last_json(os.path.join(d, "result.json"))
    if j is None or "plan" not in j:  # the baseline: the whole process only
        return {"process": process}
    a = j["plan"]["actual"]
    reads = sum(a.get(k, 0) for k in ("sizingSeconds", "sampleSeconds", "splitSeconds",
                                      "leftKeysSeconds"))
    tasks = task_seconds(os.path.join(d, "log"))
    c = {"process": process,
         "before JVM": process - a["launchSeconds"] - j["seconds"],
         "launch": a["launchSeconds"],
         "sizing": a.get("sizingSeconds"), "sample": a.get("sampleSeconds"),
         "splits": a.get("splitSeconds"), "left keys": a.get("leftKeysSeconds"),
         "planning, rest": a["planSeconds"] - reads,
         "build": a["buildSeconds"],
         "job, not in tasks": None if tasks is None else a["jobSeconds"] - tasks,
         "tasks": tasks,
         "after": j["seconds"] - a["planSeconds"] - a["buildSeconds"] - a["jobSeconds"]}
    c["before the first task"] = c["process"] - (tasks or 0) - c["after"]
    return c


COLS = ["process", "before JVM", "launch", "sizing", "sample", "splits", "left keys",
        "planning, rest", "build", "job, not in tasks", "before the first task", "tasks", "after"]
run = last_json(os.path.join(res, "run.json"))
print(f"TPC-H SF {run['scale']}, lineitem joined with {run['frac']}% of orders, local mode with 2 map"
      f" slots, the tools through scripts/bloomkit; medians of {run['reps']} alternating rounds after"
      f" a warm-up, seconds; commit {commit()}, load at start {run['load']}. \"before the first"
      f" task\" = process - tasks - after.\n")
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
