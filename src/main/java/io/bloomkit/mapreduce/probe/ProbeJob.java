package io.bloomkit.mapreduce.probe;

import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.RecordBalance;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The one map-only job of a {@link ProbePlan}: every filter shipped to every map task ({@link
 * ShippedFilter#ship(org.apache.hadoop.mapreduce.Job, List)}), {@link ProbeMapper} writing into
 * the chain's staged output, which becomes the output only when every record is accounted for.
 */
final class ProbeJob {
  /** The input's name in the map tasks' malformed-record samples. */
  static final String SAMPLE_INPUT = "input";

  private ProbeJob() {}

  /** What the run did, for the report. */
  static final class Outcome {
    final JobCounters counters;
    final Path output;
    /** Whether the malformed share was above {@code --max-malformed-share}. */
    final boolean malformedWarning;

    Outcome(JobCounters counters, Path output, boolean malformedWarning) {
      this.counters = counters;
      this.output = output;
      this.malformedWarning = malformedWarning;
    }
  }

  static Outcome run(Configuration conf, ProbePlan p, PrintStream err)
      throws IOException, InterruptedException {
    try (JobChain chain = JobChain.open(conf, p.output, "probe", ProbeTool.class)) {
      JobChain.Step s =
          chain.step("probe (" + p.mode() + (p.invert ? ", inverted" : "") + ", "
                  + p.filters.size() + " filters) -> " + chain.output())
              .tableInput(p.spec, p.inputs)
              .sampleMalformed()
              .map(ProbeMapper.class)
              .mapOnly();
      if (p.schema == null) {
        s.lazyOutput(TextOutputFormat.class, NullWritable.class, Text.class, chain.staged());
      } else {
        p.out.lazyOutput(s.job(), p.schema, chain.staged());
      }
      List<Path> files = new ArrayList<>();
      List<String> fields = new ArrayList<>();
      for (ProbePlan.ProbeFilter f : p.filters) {
        files.add(f.path);
        fields.add(String.valueOf(f.fields.size()));
      }
      ShippedFilter.ship(s.job(), files);
      BloomkitConfig.PROBE_KEY_FIELDS.set(s.conf(), String.join(",", fields));
      BloomkitConfig.PROBE_ANY.set(s.conf(), p.any);
      BloomkitConfig.PROBE_INVERT.set(s.conf(), p.invert);
      BloomkitConfig.STRICT.set(s.conf(), p.strict);
      JobCounters c = s.run();
      // before the output is promoted: a failure leaves nothing
      MalformedRecords.Tally tally = new MalformedRecords.Tally("input", p.spec)
          .counts(c.get(ProbeCounters.RECORDS), c.get(ProbeCounters.MALFORMED_RECORDS),
              s.firstMalformed(SAMPLE_INPUT));
      tally.failIfAllMalformed();
      checkBalance(c, p.filters.size(), p.any, p.invert);
      boolean warning = tally.warnIfAbove(p.maxShare, err);
      chain.promote();
      return new Outcome(c, chain.output(), warning);
    }
  }

  /**
   * Every record is accounted for: {@code records = written + not written + malformed}; each
   * filter's counters add up to the records that reached it (filter 0: every well-formed record;
   * the next: those the filter let on, its passed ones for all, its failed ones for any); and the
   * records written (not written with invert) are exactly those that passed.
   *
   * @throws IOException naming what does not add up
   */
  static void checkBalance(JobCounters c, int filters, boolean any, boolean invert)
      throws IOException {
    long records = c.get(ProbeCounters.RECORDS);
    long malformed = c.get(ProbeCounters.MALFORMED_RECORDS);
    RecordBalance.of(records)
        .plus(c.get(ProbeCounters.WRITTEN), "written")
        .plus(c.get(ProbeCounters.NOT_WRITTEN), "not written")
        .plus(malformed, "malformed")
        .check();
    long reached = records - malformed;
    long passing = 0;
    for (int i = 0; i < filters; i++) {
      long passed = c.get(ProbeCounters.FILTER_GROUP, ProbeCounters.passed(i));
      long failed = c.get(ProbeCounters.FILTER_GROUP, ProbeCounters.rejected(i))
          + c.get(ProbeCounters.FILTER_GROUP, ProbeCounters.nullKeys(i));
      RecordBalance.of(reached, "input that reached filter " + i)
          .plus(passed, "passed")
          .plus(failed, "rejected or null keys")
          .check();
      passing = any ? passing + passed : passed;
      reached = any ? failed : passed;
    }
    RecordBalance.of(passing, "input that passed the filters")
        .plus(c.get(invert ? ProbeCounters.NOT_WRITTEN : ProbeCounters.WRITTEN),
            invert ? "not written (--invert)" : "written")
        .check();
  }
}
