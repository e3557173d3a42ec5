#!/usr/bin/env python3
"""Renders scripts/bench-strategies.sh results as a markdown table (stdout).

usage: render_strategies.py RESULTS_DIR
"""
import os
import sys

sys.dont_write_bytecode = True  # no scripts/__pycache__ from the import below
from bench_report import commit, fmt_int, last_json, median, read

res = sys.argv[1]
STRATEGIES = [
    ("baseline-semi", "baseline: HashSet semijoin (one map-only job)"),
    ("baseline-join", "baseline: HashMap join (one map-only job, pairs)"),
    ("baseline-pgc", "baseline: HashSet semijoin with `-XX:+UseParallelGC` (scripts/bloomkit's"
                     " collector)"),
    ("map-side", "`join --strategy map-side`"),
    ("reduce-acbf", "`join --strategy reduce-side --filter-type acbf --bits-per-key 16`"),
    ("reduce-bf", "`join --strategy reduce-side --filter-type bf --bits-per-key 16`"),
    ("reduce-none", "`join --strategy reduce-side --filter-type none`"),
    ("auto", "`join` (auto: the planner's choice)"),
]
FORCED = ["map-side", "reduce-acbf", "reduce-bf", "reduce-none"]  # auto is judged against these
WORKLOADS = ["tpch1", "tpch1-big", "tpch10", "tpch10-big", "patents"]
BIG_NOTE = (" (forced strategies with `--build-side right`; the baselines as above, the small side"
            " first)")


def ratio(a, b):
    return "–" if a is None or not b else f"{a / b:.2f}x"


def auto_verdict(medians):
    """Whether auto's median seconds are within 10% of the best forced strategy's."""
    forced = [(medians[s], s) for s in FORCED if medians.get(s) is not None]
    if medians.get("auto") is None or not forced:
        return "auto vs the best forced strategy: – (no runs)"
    best, name = min(forced)
    within = medians["auto"] <= 1.10 * best
    return (f"auto {medians['auto']:.1f} s vs the best forced strategy, {name}, {best:.1f} s:"
            f" {medians['auto'] / best:.2f}x, {'within' if within else 'NOT within'} 10%")


def auto_choice(results):
    """The plan auto ran (its JSON's plan, the first successful run's), with its estimate."""
    plan = next((j["plan"] for j in results if isinstance(j.get("plan"), dict)), None)
    if plan is None:
        return ""
    chosen = plan.get("strategy", "?")
    if plan.get("filter"):
        chosen += f" {plan['filter']}@{plan.get('bitsPerKey', 0):.2f}"
    est = plan.get("estimated", {}).get("seconds")
    return f"; auto chose {chosen}" + (f" (estimated {est:.1f} s)" if est is not None else "")


run = last_json(os.path.join(res, "run.json"))
launch = run.get("launch") or ("direct" if run.get("direct") else "script")  # older runs: --direct
print(f"Strategies x workloads, {'quick run (a tenth of the sizes)' if run['quick'] else 'full sizes'}"
      f"{'' if run.get('scale', 1) in (1, 0.1) else ', TPC-H SF ' + str(run['scale'])},"
      f" local mode with 2 map slots, the tools run"
      f" {'directly (`--tool-launch direct`: the jar on the class path, no RunJar)' if launch == 'direct' else 'by scripts/bloomkit (hadoop RunJar)'},"
      f" medians of {run['reps']} alternating rounds"
      f"{' after a warm-up' if run.get('warmup', 1) else ' (no warm-up round)'};"
      f" commit {commit()}, load at start {run['load']}. Seconds are whole-process; map output"
      f" records are the join's `mapOutputRecords` (map-only strategies shuffle nothing: theirs is"
      f" their output); ideal = left records + matching right records, counted by awk from the data."
      + ("" if run.get("auto") else " `join` has no `--strategy auto` in this build: auto not run.")
      + "\n")
all_medians = {}
for ds in WORKLOADS:
    meta = last_json(os.path.join(res, ds + ".json"))
    if meta is None:
        continue
    rows = {}
    for s, _ in STRATEGIES:
        d = os.path.join(res, ds, s)
        reps = sorted(os.listdir(d)) if os.path.isdir(d) else []
        ok = [r for r in reps if last_json(os.path.join(d, r, "result.json"))]
        rows[s] = {"secs": [float(read(os.path.join(d, r, "seconds"))) for r in ok],
                   "json": [last_json(os.path.join(d, r, "result.json")) for r in ok],
                   "failed": len(reps) - len(ok)}
    base = rows["baseline-semi"]["json"]
    counted = last_json(os.path.join(res, ds + "-ideal.json"))
    ideal = counted["ideal"] if counted else None
    check = ""
    if base and counted and base[0]["leftRecords"] + base[0]["rightMatched"] != ideal:
        check = (f"; the baseline counts {fmt_int(base[0]['leftRecords'] + base[0]['rightMatched'])}"
                 " (leftRecords + rightMatched): they DIFFER")
    elif base and counted:
        check = "; the baseline's leftRecords + rightMatched agree"
    elif base:  # no awk count (an older run): the baseline's
        ideal = base[0]["leftRecords"] + base[0]["rightMatched"]
        check = ", from the baseline's leftRecords + rightMatched"
    base_s = median(rows["baseline-semi"]["secs"])
    big = ds.endswith("-big")
    print(f"**{meta['title']}** (ideal map output: {fmt_int(ideal)} records{check})"
          f"{BIG_NOTE if big else ''}\n")
    print("| strategy | seconds (median) | min–max | x baseline-semi | map output records | x ideal"
          " | output records |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    medians = {}
    for s, label in STRATEGIES:
        r = rows[s]
        if not r["secs"] and not r["failed"] and not os.path.isdir(os.path.join(res, ds, s)):
            continue  # not run (--skip, or no auto in this build)
        m = median(r["secs"])
        medians[s] = m
        mor = median([j.get("mapOutputRecords") for j in r["json"]])
        out = median([j.get("outputRecords") for j in r["json"]])
        rng = f"{min(r['secs']):.1f}–{max(r['secs']):.1f}" if r["secs"] else "–"
        note = f" ({r['failed']} run(s) failed)" if r["failed"] else ""
        print(f"| {label}{note} | {'–' if m is None else f'{m:.1f}'} | {rng} | {ratio(m, base_s)}"
              f" | {fmt_int(mor)} | {ratio(mor, ideal)} | {fmt_int(out)} |")
    if run.get("auto"):
        print(f"\n{auto_verdict(medians)}{auto_choice(rows['auto']['json'])}")
        if medians.get("baseline-pgc") and medians.get("auto") is not None:
            print(f"\nauto vs the baseline given scripts/bloomkit's collector:"
                  f" {medians['auto'] / medians['baseline-pgc']:.2f}x")
        all_medians[ds] = medians.get("auto")
        if big and all_medians.get(ds[:-4]):
            a, b = all_medians[ds], all_medians[ds[:-4]]
            print(f"\nauto with the large side named as the left {a:.1f} s vs named as the right"
                  f" {b:.1f} s: {a / b:.2f}x, {'within' if a <= 1.10 * b else 'NOT within'} 10%")
    print()
