#!/usr/bin/env python3
"""Renders scripts/bench-tables.sh results into the 'tables' block of docs/results/join.md.

usage: render_tables.py RESULTS_DIR SCALE REPS JOIN_MD
"""
import os
import platform
import sys

sys.dont_write_bytecode = True  # no scripts/__pycache__ from the import below
from bench_report import commit, fmt_int, last_json, median, read, write_block

res, scale, reps, join_md = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
PAIRS = [("text", "text lineitem x text orders (fields 0, 0)"),
         ("parquet-orc", "Parquet lineitem x ORC orders (l_orderkey, o_orderkey)"),
         ("orc-parquet", "ORC lineitem x Parquet orders (l_orderkey, o_orderkey)")]
FILTERS = ["none", "bf", "acbf", "exact"]


def fmt_s(v):
    return "–" if v is None else f"{v:.2f}"


out = ["<!-- tables:begin -->",
       f"## Columnar tables: the same joins on Parquet and ORC (TPC-H SF {scale})", "",
       f"Measured on {os.cpu_count()} cores, {platform.platform()}, commit {commit()}, in local mode "
       f"(`mapreduce.local.map.tasks.maximum=2`, 2 reducers). Reproduce: `scripts/bench-tables.sh"
       f"{'' if scale == '1' else ' --quick'}{'' if reps == 3 else f' --reps {reps}'}`. Each configuration ran {reps} time(s), alternating over "
       "the three table pairs; " + ("seconds are medians" if reps > 1 else "seconds are of that single run")
       + " (the tools' own `seconds`: a build's job(s), a join's jobs)" + (os.environ.get("BENCH_NOTE", "") or "") + ". "
       "Filters are sized for fpp 0.01 from the exact distinct-key count. Keys are named columns "
       "for Parquet and ORC (`o_orderkey`, `l_orderkey`, long), field 0 for text (strings), so the "
       "filters hash other bytes and their false positives (map output records) differ a little "
       "between text and columnar; rows are compared as (o_orderkey, l_orderkey, l_linenumber) "
       "triples (dbgen's text prints a quantity as `15`, the decimal column as `15.00`). Build bytes "
       "read is build's `inputBytesRead` (the bytes its readers read, from the reading threads' file "
       "system statistics): the key "
       "column only (projection) against every column (`-D bloomkit.input.projection=false`).", ""]
for frac in (1, 10):
    out += [f"### lineitem joined with about {frac}% of orders", "",
            "| tables | filter | build bytes read (key column) | build bytes read (all columns) | build s | join s | map output records | output rows | same (o_orderkey, l_orderkey, l_linenumber) rows as text |",
            "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for flt in FILTERS:
        text_digest = None
        for pair, label in PAIRS:
            base = os.path.join(res, f"tpch{frac}", flt, pair)
            if not os.path.isdir(base):
                continue
            builds, joins, rows, digests, full = [], [], [], [], None
            for rep in range(1, reps + 1):
                d = os.path.join(base, str(rep))
                b = last_json(os.path.join(d, "build.json"))
                j = last_json(os.path.join(d, "join.json"))
                builds.append(b)
                joins.append(j)
                rows.append(int(read(os.path.join(d, "rows"))))
                digests.append(read(os.path.join(d, "digest")))
                f = last_json(os.path.join(d, "build-full.json"))
                full = full or f
            if pair == "text":
                text_digest = digests[0]
            same = all(x == digests[0] for x in digests)
            equal = ("(reference)" if pair == "text" else
                     ("yes" if same and digests[0] == text_digest else "NO"))
            b0 = builds[0]
            out.append("| {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
                label, flt,
                fmt_int(b0.get("inputBytesRead")) if b0 else "–",
                fmt_int(full.get("inputBytesRead")) if full else "–",
                fmt_s(median([b.get("seconds") for b in builds if b])) if b0 else "–",
                fmt_s(median([j.get("seconds") for j in joins if j])),
                fmt_int(joins[0].get("mapOutputRecords")),
                fmt_int(rows[0]), equal))
    out.append("")
out.append("<!-- tables:end -->")
block = "\n".join(out) + "\n"

write_block(join_md, "tables", block)
