#!/usr/bin/env python3
"""Tests of scripts/calibrate_fit.py: python3 -m unittest discover -s scripts -p 'test_*.py'"""
import json
import os
import random
import sys
import tempfile
import unittest

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate_fit  # noqa: E402


class FitTest(unittest.TestCase):
    def test_points_on_a_line_give_the_line(self):
        f = calibrate_fit.fit([1, 4, 16], [2 + 3 * 1, 2 + 3 * 4, 2 + 3 * 16])
        self.assertAlmostEqual(f["intercept"], 2)
        self.assertAlmostEqual(f["slope"], 3)
        self.assertAlmostEqual(f["r2"], 1)
        for r in f["residuals"]:
            self.assertAlmostEqual(r, 0)

    def test_residuals_meet_the_normal_equations(self):
        # least squares: the residuals sum to 0 and are orthogonal to x
        rnd = random.Random(7)
        xs = [rnd.uniform(0, 1e6) for _ in range(9)]
        ys = [1.5 + 2e-6 * x + rnd.gauss(0, 0.3) for x in xs]
        f = calibrate_fit.fit(xs, ys)
        self.assertAlmostEqual(sum(f["residuals"]), 0, places=9)
        self.assertAlmostEqual(sum(r * x for r, x in zip(f["residuals"], xs)) / 1e6, 0, places=6)
        self.assertLess(f["r2"], 1)

    def test_too_few_points(self):
        self.assertIsNone(calibrate_fit.fit([5, 5], [1, 2]))
        self.assertIsNone(calibrate_fit.fit([5, None], [1, 2]))

    def test_paste_clamps_a_negative_fit_to_zero(self):
        flags, defaults = calibrate_fit.paste({"jobSeconds": 2.5, "mapRecordSeconds": -1e-7,
                                               "shuffleByteSeconds": 3e-8,
                                               "loadByteSeconds": 1e-9, "reduceSeconds": 1.5,
                                               "tableByteSeconds": 4e-9})
        self.assertEqual(flags, "-D bloomkit.plan.job.seconds=2.5 -D bloomkit.plan.map.record.seconds=0"
                         " -D bloomkit.plan.shuffle.byte.seconds=3e-08"
                         " -D bloomkit.plan.load.byte.seconds=1e-09"
                         " -D bloomkit.plan.reduce.seconds=1.5"
                         " -D bloomkit.plan.table.byte.seconds=4e-09")
        self.assertIn('PLAN_JOB_SECONDS ("bloomkit.plan.job.seconds"): default "2.5"', defaults)
        self.assertIn('PLAN_MAP_RECORD_SECONDS ("bloomkit.plan.map.record.seconds"): default "0"', defaults)


class CalibrateTest(unittest.TestCase):
    """A results directory as calibrate-join.sh writes it, its seconds made from known constants
    (a slower failed run and two noisy reps around each): the fits give the constants back."""

    JOB, REC, SHUF, LOAD, MAPLOAD, REDUCE = 3.0, 2e-6, 5e-8, 4e-9, 6e-9, 1.25

    def write(self, res, point, rep, seconds, result, filter_bytes=None, failed=False):
        d = os.path.join(res, "runs", "script", point, str(rep))
        os.makedirs(d)
        for name, v in [("seconds", f"{seconds:.6f}"), ("load", "1.5"), ("exit", "1" if failed else "0")]:
            with open(os.path.join(d, name), "w") as f:
                f.write(v + "\n")
        if not failed:
            with open(os.path.join(d, "result.json"), "w") as f:
                f.write("progress line\n" + json.dumps(result) + "\n")
        if filter_bytes is not None:
            with open(os.path.join(d, "filter-bytes"), "w") as f:
                f.write(f"{filter_bytes}\n")

    def runs(self, res, point, seconds, result, filter_bytes=None):
        # median of (s - 0.1, s, s + 0.1) is s; the failed run is left out
        for rep, s in enumerate([seconds - 0.1, seconds + 0.1, seconds], 1):
            self.write(res, point, rep, s, result, filter_bytes)
        self.write(res, point, 4, seconds * 10, result, filter_bytes, failed=True)

    def test_fits_recover_the_constants(self):
        with tempfile.TemporaryDirectory() as res:
            run = {"quick": 1, "reps": 3, "scale": 0.1, "launches": "script", "bitsPerKey": 10,
                   "leftTasks": 1, "load": "1 1 1", "nproc": 2, "note": ""}
            with open(os.path.join(res, "run.json"), "w") as f:
                f.write(json.dumps(run) + "\n")
            for d, records in [(1, 600000), (4, 150000), (16, 37500)]:
                probe = self.JOB + self.REC * records
                self.runs(res, f"probe-{d}", probe, {"records": records})
                out = 120 * records
                self.runs(res, f"none-{d}", probe + self.REDUCE + self.SHUF * out,
                          {"mapOutputBytes": out})
            for mib in (0.5, 8, 64):
                b = int(mib * 1048576)
                loads = 4 + 1  # the right side's tasks + the left one's, both counted
                self.runs(res, f"filter-{mib:g}", 9 + self.LOAD * b * loads,
                          {"filterLoadsFromCache": 1, "filterLoadsFromPath": 4}, filter_bytes=b)
            for n, left in [(0, 1500), (20000, 21500), (150000, 151500)]:
                left_bytes = 110 * left  # what the plan's estimate reports; 4 tasks load it
                self.runs(res, f"mapside-{n}",
                          7 + self.MAPLOAD * left_bytes * 4 + self.REC * left * 4,
                          {"mapSideTableBytes": 3 * left_bytes * 4, "mapSideTableLoads": 4,
                           "mapSideLeftRecords": left * 4,
                           "plan": {"estimated": {"leftBytes": left_bytes,
                                                  "loadBytes": left_bytes * 4}}})
            c = calibrate_fit.calibrate(res, "script", run)
        k = c["constants"]
        self.assertAlmostEqual(k["jobSeconds"], self.JOB, places=6)
        self.assertAlmostEqual(k["mapRecordSeconds"] / self.REC, 1, places=6)
        self.assertAlmostEqual(k["shuffleByteSeconds"] / self.SHUF, 1, places=6)
        self.assertAlmostEqual(c["shuffle"]["fit"]["intercept"], self.REDUCE, places=6)
        self.assertAlmostEqual(k["reduceSeconds"], self.REDUCE, places=6)
        self.assertAlmostEqual(k["loadByteSeconds"] / self.LOAD, 1, places=6)
        self.assertAlmostEqual(k["tableByteSeconds"] / self.MAPLOAD, 1, places=6)
        self.assertAlmostEqual(c["mapSideLoadByteSeconds"] / self.MAPLOAD, 1, places=6)
        self.assertTrue(c["oneLoadConstant"])  # 6e-9 / 4e-9 = 1.5: within 2x
        self.assertEqual([p["failed"] for p in c["probe"]["points"]], [1, 1, 1])
        self.assertEqual([p["runs"] for p in c["probe"]["points"]], [3, 3, 3])


if __name__ == "__main__":
    unittest.main()
