package io.bloomkit.mapreduce.probe;

import static io.bloomkit.mapreduce.probe.ProbeCounters.FILTER_GROUP;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.Report;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of a {@code probe} run, from the job's counters ({@link Report}): the totals, then
 * {@code filters}, one object per {@code --filter} in order with its own counters ({@link
 * ProbeCounters#passed} ...) and theoretical rate.
 */
final class ProbeReport {
  private ProbeReport() {}

  static Map<String, Object> of(Report r, ProbePlan p, ProbeJob.Outcome o) {
    JobCounters c = o.counters;
    List<Map<String, Object>> filters = new ArrayList<>();
    for (int i = 0; i < p.filters.size(); i++) {
      ProbePlan.ProbeFilter f = p.filters.get(i);
      List<String> types = new ArrayList<>();
      for (KeyType t : f.types) {
        types.add(t.cliName());
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("filter", f.path.toString());
      m.put("filterType", f.filter.shape().name());
      m.put("keyFields", String.join(",", f.fields));
      m.put("keyTypes", types);
      m.put("theoreticalFpp", f.filter.expectedFpp());
      m.put("passed", c.get(FILTER_GROUP, ProbeCounters.passed(i)));
      m.put("rejected", c.get(FILTER_GROUP, ProbeCounters.rejected(i)));
      m.put("nullKeys", c.get(FILTER_GROUP, ProbeCounters.nullKeys(i)));
      filters.add(m);
    }
    return r.put("output", o.output.toString())
        .put("mode", p.mode())
        .put("invert", p.invert)
        .put("outputFormat", p.out.format.cliName())
        .counters(c, ProbeCounters.RECORDS, ProbeCounters.WRITTEN, ProbeCounters.NOT_WRITTEN,
            ProbeCounters.MALFORMED_RECORDS, ProbeCounters.NULL_KEYS)
        .put("filters", filters)
        .counters(c, ProbeCounters.FILTER_LOADS_FROM_CACHE, ProbeCounters.FILTER_LOADS_FROM_PATH)
        .seconds()
        .put("malformedWarning", o.malformedWarning)
        .fields();
  }
}
