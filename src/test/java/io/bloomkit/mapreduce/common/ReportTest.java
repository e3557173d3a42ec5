package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.config.JoinCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.Test;

public class ReportTest {
  @Test
  public void aCountersKeyIsItsNameInLowerCamelCase() {
    assertEquals("leftRecords", Report.key(JoinCounters.LEFT_RECORDS));
    assertEquals("rightDroppedByFilter", Report.key(JoinCounters.RIGHT_DROPPED_BY_FILTER));
    assertEquals("leftKeysRejectedByFilter", Report.key(JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER));
    assertEquals("mapOutputRecords", Report.key(TaskCounter.MAP_OUTPUT_RECORDS));
  }

  @Test
  public void fieldsKeepTheirOrderAndCountersTheirValues() {
    Counters cs = new Counters();
    cs.findCounter(JoinCounters.LEFT_RECORDS).increment(7);
    cs.findCounter(JoinCounters.RIGHT_RECORDS).increment(11);
    cs.findCounter(TaskCounter.MAP_OUTPUT_BYTES).increment(99);
    JobCounters c = JobCounters.of(cs);
    Map<String, Object> m =
        new Report()
            .put("output", "o")
            .counters(c, JoinCounters.LEFT_RECORDS, JoinCounters.RIGHT_RECORDS,
                JoinCounters.OUTPUT_RECORDS)
            .counter("bytes", c, TaskCounter.MAP_OUTPUT_BYTES)
            .rate("share", 7, 28)
            .rate("none", 3, 0)
            .seconds()
            .fields();
    assertEquals(
        List.of("output", "leftRecords", "rightRecords", "outputRecords", "bytes", "share", "none",
            "seconds"),
        new ArrayList<>(m.keySet()));
    assertEquals(7L, m.get("leftRecords"));
    assertEquals(11L, m.get("rightRecords"));
    assertEquals(0L, m.get("outputRecords")); // never incremented
    assertEquals(99L, m.get("bytes"));
    assertEquals(0.25, m.get("share"));
    assertEquals(0.0, m.get("none"));
    assertTrue((Double) m.get("seconds") >= 0);
    assertEquals(18, c.sum(JoinCounters.LEFT_RECORDS, JoinCounters.RIGHT_RECORDS));
  }
}
