#!/usr/bin/env python3
"""Fits the join planner's constants from scripts/calibrate-join.sh runs (docs/planner.md).

usage: calibrate_fit.py RESULTS_DIR

Writes RESULTS_DIR/summary.json and prints the markdown summary (stdout). Each fit is an ordinary
least-squares line (statistics.linear_regression) through the medians of the runs of each point;
its residuals are the medians' distances from the line.
"""
import json
import os
import statistics
import sys

sys.dont_write_bytecode = True  # no scripts/__pycache__ from the import below
from bench_report import commit, last_json, median, read

# the constants as BloomkitConfig keys (the planner's) and entries, in CostModel.Constants order
KEYS = [("jobSeconds", "bloomkit.plan.job.seconds"),
        ("mapRecordSeconds", "bloomkit.plan.map.record.seconds"),
        ("shuffleByteSeconds", "bloomkit.plan.shuffle.byte.seconds"),
        ("loadByteSeconds", "bloomkit.plan.load.byte.seconds"),
        ("reduceSeconds", "bloomkit.plan.reduce.seconds"),
        ("tableByteSeconds", "bloomkit.plan.table.byte.seconds")]
ENTRIES = {"bloomkit.plan.job.seconds": "PLAN_JOB_SECONDS",
           "bloomkit.plan.map.record.seconds": "PLAN_MAP_RECORD_SECONDS",
           "bloomkit.plan.shuffle.byte.seconds": "PLAN_SHUFFLE_BYTE_SECONDS",
           "bloomkit.plan.load.byte.seconds": "PLAN_LOAD_BYTE_SECONDS",
           "bloomkit.plan.reduce.seconds": "PLAN_REDUCE_SECONDS",
           "bloomkit.plan.table.byte.seconds": "PLAN_TABLE_BYTE_SECONDS"}


def fit(xs, ys):
    """The least-squares line y = intercept + slope x through the points, with each point's
    residual (y minus the line) and R^2; None with fewer than 2 distinct x."""
    pts = [(x, y) for x, y in zip(xs, ys) if x is not None and y is not None]
    if len({x for x, _ in pts}) < 2:
        return None
    x, y = [p[0] for p in pts], [p[1] for p in pts]
    slope, intercept = statistics.linear_regression(x, y)
    residuals = [yi - (intercept + slope * xi) for xi, yi in pts]
    mean = statistics.fmean(y)
    total = sum((yi - mean) ** 2 for yi in y)
    r2 = 1 - sum(r * r for r in residuals) / total if total > 0 else None
    return {"intercept": intercept, "slope": slope, "r2": r2, "x": x, "y": y,
            "residuals": residuals}


def runs(res, launch, point):
    """(seconds, JSON, load) of the successful runs of one point, and how many failed."""
    d = os.path.join(res, "runs", launch, point)
    reps = sorted(os.listdir(d)) if os.path.isdir(d) else []
    ok, failed = [], 0
    for r in reps:
        j = last_json(os.path.join(d, r, "result.json"))
        if j is None:
            failed += 1
            continue
        extra = os.path.join(d, r, "filter-bytes")
        if os.path.exists(extra):
            j = dict(j, filterFileBytes=int(read(extra)))
        ok.append((float(read(os.path.join(d, r, "seconds"))), j,
                   float(read(os.path.join(d, r, "load")))))
    return ok, failed


def point(res, launch, name, x_of):
    """One point of a fit: the median seconds of its runs and the median of x_of(JSON)."""
    ok, failed = runs(res, launch, name)
    return {"point": name, "seconds": median([s for s, _, _ in ok]),
            "x": median([x_of(j) for _, j, _ in ok]),
            "runs": len(ok), "failed": failed,
            "secondsRange": [min(s for s, _, _ in ok), max(s for s, _, _ in ok)] if ok else None,
            "load": median([l for _, _, l in ok]), "json": ok[0][1] if ok else None}


def calibrate(res, launch, run):
    """Every fit of one launch: the constants and the points they come from."""
    names = {}
    for d in os.listdir(os.path.join(res, "runs", launch)):
        kind, _, arg = d.partition("-")
        names.setdefault(kind, []).append((float(arg), d))
    for k in names:
        names[k].sort()

    def series(kind, x_of):
        return [point(res, launch, d, x_of) for _, d in names.get(kind, [])]

    out = {}
    probe = series("probe", lambda j: j["records"])
    f = fit([p["x"] for p in probe], [p["seconds"] for p in probe])
    out["probe"] = {"points": probe, "fit": f}
    job, per_record = (f["intercept"], f["slope"]) if f else (None, None)

    # the unfiltered join minus the probe at the same size, against the join's map output bytes
    none = series("none", lambda j: j["mapOutputBytes"])
    by_size = {p["point"].split("-")[1]: p["seconds"] for p in probe}
    for p in none:
        s = by_size.get(p["point"].split("-")[1])
        p["netSeconds"] = None if s is None or p["seconds"] is None else p["seconds"] - s
    f = fit([p["x"] for p in none], [p["netSeconds"] for p in none])
    out["shuffle"] = {"points": none, "fit": f}
    shuffle = f["slope"] if f else None
    # the intercept: the reduce phase's fixed cost, which a map-only plan does not pay
    reduce_fixed = f["intercept"] if f else None

    # filters: their bytes times the tasks that load them (both sides' map tasks, counted by the
    # join: the left ones load it to check the left keys)
    def filter_loaded(j):
        loads = j["filterLoadsFromCache"] + j["filterLoadsFromPath"]
        return j["filterFileBytes"] * loads
    filt = series("filter", filter_loaded)
    f = fit([p["x"] for p in filt], [p["seconds"] for p in filt])
    out["filterLoad"] = {"points": filt, "fit": f}
    load = f["slope"] if f else None

    # map-side: the left side's bytes times the loads on the tasks' path, as the cost model
    # charges them (its loadBytes: one per task, or one per slot when the tasks of a JVM share the
    # table); net of the left records' reading (mapSideLeftRecords x mapRecordSeconds)
    mside = series("mapside", lambda j: j["plan"]["estimated"]["loadBytes"])
    for p in mside:
        j = p["json"]
        p["netSeconds"] = (None if p["seconds"] is None or j is None or per_record is None
                           else p["seconds"] - j["mapSideLeftRecords"] * per_record)
    raw = fit([p["x"] for p in mside], [p["seconds"] for p in mside])
    net = fit([p["x"] for p in mside], [p["netSeconds"] for p in mside])
    out["mapSideLoad"] = {"points": mside, "fit": raw, "netFit": net}

    m = net["slope"] if net else None
    out["constants"] = {"jobSeconds": job, "mapRecordSeconds": per_record,
                        "shuffleByteSeconds": shuffle, "loadByteSeconds": load,
                        "reduceSeconds": reduce_fixed, "tableByteSeconds": m}
    out["mapSideLoadByteSeconds"] = m
    out["oneLoadConstant"] = (None if m is None or load is None or load <= 0 or m <= 0
                              else 0.5 <= m / load <= 2)
    for p in probe + none + filt + mside:
        p.pop("json", None)
    return out


def g(v, digits=4):
    return "–" if v is None else f"{v:.{digits}g}"


def paste(constants):
    """The -D flags and the BloomkitConfig defaults; a negative fit (noise) is pasted as 0."""
    vals = [(key, max(0.0, constants[name]) if constants[name] is not None else None)
            for name, key in KEYS]
    flags = " ".join(f"-D {k}={v:.4g}" for k, v in vals if v is not None)
    defaults = "\n".join(f'{ENTRIES[k]} ("{k}"): default "{v:.4g}"' for k, v in vals
                         if v is not None)
    return flags, defaults


def fit_line(label, xname, f):
    return (f"{label}: seconds = {g(f['intercept'])} + {g(f['slope'])} x {xname} (R² {g(f['r2'], 3)})"
            if f else f"{label}: too few points")


def table(title, xname, points, f, net=False, raw=None):
    lines = [f"{title}\n", f"| point | {xname} | seconds (median) | min–max | load |"
             + (" net seconds |" if net else "") + " residual |",
             "|---|---:|---:|---:|---:|" + ("---:|" if net else "") + "---:|"]
    res = dict(zip(f["x"], f["residuals"])) if f else {}
    for p in points:
        rng = "–" if p["secondsRange"] is None else f"{p['secondsRange'][0]:.2f}–{p['secondsRange'][1]:.2f}"
        failed = f" ({p['failed']} failed)" if p["failed"] else ""
        lines.append(f"| {p['point']}{failed} | {g(p['x'], 6)} | {g(p['seconds'])} | {rng} |"
                     f" {g(p['load'], 3)} |" + (f" {g(p.get('netSeconds'))} |" if net else "")
                     + f" {g(res.get(p['x']), 3)} |")
    lines.append("")
    if raw is not None:  # the fit of the seconds themselves, before the net one
        lines.append(fit_line("fit of the seconds", xname, raw) + "  ")
    lines.append(fit_line("fit of the net seconds" if net else "fit", xname, f) + "\n")
    return "\n".join(lines)


def main(res):
    run = last_json(os.path.join(res, "run.json"))
    launches = [l for l in run["launches"].split() if os.path.isdir(os.path.join(res, "runs", l))]
    summary = {"run": run, "commit": commit(), "launches": {}}
    for l in launches:
        summary["launches"][l] = calibrate(res, l, run)
    with open(os.path.join(res, "summary.json"), "w") as f:
        json.dump(summary, f, indent=2)

    print(f"# Join planner calibration ({'quick: TPC-H SF ' + str(run['scale']) if run['quick'] else 'TPC-H SF ' + str(run['scale'])})\n")
    print(f"scripts/calibrate-join.sh, local mode with 2 map slots on {run['nproc']} cores, medians of"
          f" {run['reps']} alternating rounds, commit {summary['commit']}, load average at start"
          f" {run['load']} (each point's median 1-minute load is in its row)."
          f"{' ' + run['note'] if run.get('note') else ''}\n")
    for l in launches:
        c = summary["launches"][l]
        how = ("through scripts/bloomkit (hadoop RunJar: what users run)" if l == "script"
               else "directly (the jar's driver on the class path, no RunJar)")
        print(f"## Tools launched {how}\n")
        print(table("`probe` with a one-key filter (jobSeconds, mapRecordSeconds)", "records read",
                    c["probe"]["points"], c["probe"]["fit"]))
        print(table("`join --strategy reduce-side --filter-type none` minus the probe at the same"
                    " size (shuffleByteSeconds)", "mapOutputBytes", c["shuffle"]["points"],
                    c["shuffle"]["fit"], net=True))
        print(table(f"`join --filter` bf ({run['bitsPerKey']} bits per key) over 1/16 of lineitem"
                    " (loadByteSeconds)", "filter bytes x loads", c["filterLoad"]["points"],
                    c["filterLoad"]["fit"]))
        print(table("`join --strategy map-side` over growing left sides (net: minus"
                    " mapSideLeftRecords x mapRecordSeconds)", "left bytes x loads",
                    c["mapSideLoad"]["points"], c["mapSideLoad"]["netFit"], net=True,
                    raw=c["mapSideLoad"]["fit"]))
        k = c["constants"]
        print("| constant | value |\n|---|---:|")
        for name, key in KEYS:
            print(f"| `{name}` (`{key}`) | {g(k[name])} |")
        one = c["oneLoadConstant"]
        print(f"\nOne load constant for filters and map-side tables: "
              f"{'–' if one is None else 'yes (within 2x)' if one else 'no (more than 2x apart)'};"
              " the model has one of each (loadByteSeconds, tableByteSeconds).\n")
    best = "script" if "script" in launches else launches[0] if launches else None
    if best:
        flags, defaults = paste(summary["launches"][best]["constants"])
        print(f"Paste ({best} launch):\n\n```\n{flags}\n```\n\n```\n{defaults}\n```")


if __name__ == "__main__":
    main(sys.argv[1])
