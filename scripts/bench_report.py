"""Helpers shared by the renderers of benchmark sections (render_tables.py, render_probe.py)."""
import json
import os
import statistics
import subprocess


def last_json(path):
    """The last JSON line of a tool's output file, or None."""
    if not os.path.exists(path):
        return None
    with open(path) as f:
        lines = [l for l in f.read().splitlines() if l.strip()]
    return json.loads(lines[-1]) if lines else None


def read(path):
    with open(path) as f:
        return f.read().strip()


def fmt_int(v):
    return "–" if v is None else f"{int(v):,}"


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def commit():
    """HEAD's short hash, '+changes' when src or pom.xml differ from it."""
    try:
        c = subprocess.check_output(["git", "rev-parse", "--short", "HEAD"], text=True).strip()
        dirty = subprocess.call(["git", "diff", "--quiet", "HEAD", "--", "src", "pom.xml"]) != 0
        return c + ("+changes" if dirty else "")
    except Exception:
        return "unknown"


def write_block(md_path, name, block):
    """Puts block (from '<!-- NAME:begin -->' to '<!-- NAME:end -->\\n') into md_path, in place of
    the block of that name or at the end."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    text = open(md_path).read() if os.path.exists(md_path) else "# Filtered reduce-side joins\n\n"
    b, e = text.find(begin), text.find(end)
    if b >= 0 and e >= 0:
        text = text[:b] + block + text[e + len(end) + 1:]
    else:
        text = text.rstrip("\n") + "\n\n" + block
    with open(md_path, "w") as f:
        f.write(text)
