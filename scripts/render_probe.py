#!/usr/bin/env python3
"""Renders scripts/bench-probe.sh results into the 'probe' block of docs/results/join.md.

usage: render_probe.py RESULTS_DIR JOIN_MD
"""
import os
import platform
import sys

sys.dont_write_bytecode = True  # no scripts/__pycache__ from the import below
from bench_report import commit, fmt_int, last_json, median, read, write_block

res, join_md = sys.argv[1], sys.argv[2]
BEGIN, END = "<!-- probe:begin -->", "<!-- probe:end -->"
PIPELINES = [
    ("none", "join, no filter (`--filter-type none`)", ["join"]),
    ("acbf", "join, default filtered (acbf 16 bits per key, built by the join)", ["join"]),
    ("probe", "build x3 + probe --all + join (`--filter-type none`) of the probed rows",
     ["build-date", "build-item", "build-store", "probe", "join"]),
]


def fmt_s(v):
    return "–" if v is None else f"{v:.1f}"


ds = last_json(os.path.join(res, "dataset.json"))
scale, reps = ds["scale"], ds["reps"]
runs = {}
for name, _, jobs in PIPELINES:
    runs[name] = []
    for rep in range(1, reps + 1):
        d = os.path.join(res, name, str(rep))
        if not os.path.exists(os.path.join(d, "seconds")):
            continue
        runs[name].append({"seconds": float(read(os.path.join(d, "seconds"))),
                           **{j: last_json(os.path.join(d, j + ".json")) for j in jobs}})


def shuffled(run, key):
    """The join's map output: what the pipeline shuffles but for its filter builds (a probe is
    map-only; build's JSON has no map output, and a build shuffles at most its dimension's rows)."""
    return run["join"].get(key) if run.get("join") else None


store_note = ""
if ds.get("storesTotal") == ds["storeRows"]:
    store_note = (f": every store, as dsdgen puts all {ds['storesTotal']} stores of this scale in "
                  f"{ds['state']}, so this filter rejects only null keys")
args = ("" if scale == "1" else f" --scale {scale}") + ("" if reps == 3 else f" --reps {reps}")
out = [BEGIN,
       f"## Star-join pre-filter: `probe` on TPC-DS SF {scale}", "",
       f"Measured on {os.cpu_count()} cores, {platform.platform()}, commit {commit()}, in local mode "
       "(`mapreduce.local.map.tasks.maximum=2`, 2 reducers). Reproduce: "
       f"`scripts/bench-probe.sh{args}`. store_sales ({fmt_int(ds['salesRows'])} rows, "
       f"{fmt_int(ds['salesBytes'])} bytes of dsdgen text in 4 parts, `generate tpcds --scale {scale}`) "
       f"against three dimension selections: date_dim rows of {ds['year']}-{int(ds['month']):02d} "
       f"({ds['dateRows']} rows, key d_date_sk), item rows of category {ds['category']} "
       f"({fmt_int(ds['itemRows'])} rows, i_item_sk), store rows of state {ds['state']} "
       f"({ds['storeRows']} rows, s_store_sk{store_note}). Each filter is `build`'s default (acbf, 16 bits per key). "
       "The three pipelines ran alternately, "
       + (f"{reps} times each; seconds are medians" if reps > 1 else "once each")
       + " of the whole process (every command of the pipeline, JVM start-ups included)"
       + (os.environ.get("BENCH_NOTE", "") or "") + ". Records and bytes shuffled are the join's map "
       "output records and bytes (`mapOutputRecords`, `mapOutputBytes`), from the first run (they do not "
       "vary); the probe is map-only and shuffles nothing, and the filter builds (the three `build`s, and "
       "the one inside the default filtered join) shuffle at most one record per selected dimension row "
       f"({ds['dateRows']} + {fmt_int(ds['itemRows'])} + {ds['storeRows']}), which build's JSON does not "
       "report.", "",
       "Commands (text tables, `--delimiter '|' --empty-is-null`, dsdgen's empty field is null):", "",
       "```",
       "join  --left DATE --left-key 0 --right store_sales --right-key 0 --filter-type none --reducers 2",
       "join  --left DATE --left-key 0 --right store_sales --right-key 0 --reducers 2",
       "build --input DATE --key-field 0 --output date.bkf   (and item.bkf, store.bkf)",
       "probe --input store_sales --filter date.bkf:0 --filter item.bkf:2 --filter store.bkf:7 --all",
       "join  --left DATE --left-key 0 --right PROBED --right-key 0 --filter-type none --reducers 2",
       "```", "",
       "| pipeline | records shuffled | bytes shuffled | join output rows | seconds (whole process) |",
       "|---|---:|---:|---:|---:|"]
for name, label, _ in PIPELINES:
    rs = runs[name]
    if not rs:
        out.append(f"| {label} | – | – | – | – |")
        continue
    out.append("| {} | {} | {} | {} | {} |".format(
        label, fmt_int(shuffled(rs[0], "mapOutputRecords")),
        fmt_int(shuffled(rs[0], "mapOutputBytes")),
        fmt_int(rs[0]["join"].get("outputRecords") if rs[0]["join"] else None),
        fmt_s(median([r["seconds"] for r in rs]))))
out += ["",
        f"The month's join has {fmt_int(ds['exactMonth'])} rows (every store_sales row of the month); "
        f"the star join (month, category and state together) has {fmt_int(ds['exactStar'])} rows "
        "(both counted by awk). The probed pipeline's join output is the month's rows that pass the "
        "item and store filters: the star join's rows plus the filters' false positives, which a "
        "full star join removes by joining the probed rows with item and store.", ""]
if runs["probe"] and runs["probe"][0].get("probe"):
    p = runs["probe"][0]["probe"]
    out += ["The probe (`--all`: a record reaches a filter only when the filters before it passed it):", "",
            "| filter | key field | records tested | passed | rejected | null keys |",
            "|---|---:|---:|---:|---:|---:|"]
    for f, label in zip(p.get("filters", []), ["date_dim month", "item category", "store state"]):
        tested = (f.get("passed") or 0) + (f.get("rejected") or 0) + (f.get("nullKeys") or 0)
        out.append("| {} ({}) | {} | {} | {} | {} | {} |".format(
            label, f.get("filterType"), f.get("keyFields"), fmt_int(tested),
            fmt_int(f.get("passed")), fmt_int(f.get("rejected")), fmt_int(f.get("nullKeys"))))
    out += ["", f"Probe: {fmt_int(p.get('records'))} records read, {fmt_int(p.get('written'))} written, "
            f"median {fmt_s(median([r['probe'].get('seconds') for r in runs['probe'] if r.get('probe')]))} s "
            "(the tool's own seconds).", ""]
    steps = []
    for job in ("build-date", "build-item", "build-store", "probe", "join"):
        steps.append(f"{job} {fmt_s(median([r[job].get('seconds') for r in runs['probe'] if r.get(job)]))}")
    out += ["The probed pipeline's commands by the tools' own seconds (medians): " + ", ".join(steps)
            + "; the rest of its whole-process time is five JVM start-ups and job submissions.", ""]
out.append(END)
block = "\n".join(out) + "\n"

write_block(join_md, "probe", block)
