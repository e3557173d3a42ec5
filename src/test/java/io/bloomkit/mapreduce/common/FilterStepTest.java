package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared filter step in a minimal mapper (the whole line is the key): against the filter's own
 * answers, record by record, with its counters.
 */
public class FilterStepTest {
  @TempDir public File tmp;

  enum C {
    PASSED,
    REJECTED,
    FROM_CACHE,
    FROM_PATH
  }

  /** Emits the lines whose key passes the step; remembers the rejected keys. */
  static class LineMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
    final List<String> rejected = new ArrayList<>();
    FilterStep step;

    @Override
    protected void setup(Context context) throws IOException {
      step =
          FilterStep.builder()
              .counting(C.PASSED, C.REJECTED)
              .countingLoads(C.FROM_CACHE, C.FROM_PATH)
              .onReject((f, key, length) ->
                  rejected.add(new String(key, 0, length, StandardCharsets.UTF_8)))
              .load(context);
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      if (step.passes(line.getBytes(), line.getLength())) {
        context.write(line, offset);
      }
    }
  }

  private File write(Filter f) throws Exception {
    File file = File.createTempFile("junit", null, tmp);
    try (OutputStream out = new FileOutputStream(file)) {
      f.writeTo(out);
    }
    return file;
  }

  private static long c(MapDriver<?, ?, ?, ?> d, C c) {
    return d.getCounters().findCounter(c).getValue();
  }

  @Test
  public void dropsExactlyTheKeysTheFilterRejectsAndCountsBoth() throws Exception {
    // a weak Bloom filter: some non-members pass (false positives), as the step must let them
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(16, 1, 4));
    List<String> members = Arrays.asList("a", "b", "c", "d");
    members.forEach(bf::add);
    File file = write(bf);
    LineMapper m = new LineMapper();
    MapDriver<LongWritable, Text, Text, LongWritable> d = MapDriver.newMapDriver(m);
    BloomkitConfig.JOIN_FILTER_PATH.set(d.getConfiguration(), file.toURI().toString());
    List<String> expectedPass = new ArrayList<>();
    List<String> expectedReject = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      String k = i < 4 ? members.get(i) : "x" + i;
      d.withInput(new LongWritable(i), new Text(k));
      (bf.mightContain(k) ? expectedPass : expectedReject).add(k);
    }
    List<String> got = new ArrayList<>();
    for (Pair<Text, LongWritable> p : d.run()) {
      got.add(p.getFirst().toString());
    }
    assertTrue(got.containsAll(members)); // no false negative
    assertEquals(expectedPass, got);
    assertEquals(expectedReject, m.rejected);
    assertFalse(expectedReject.isEmpty());
    assertEquals(expectedPass.size(), c(d, C.PASSED));
    assertEquals(expectedReject.size(), c(d, C.REJECTED));
    assertEquals(0, c(d, C.FROM_CACHE)); // local mode reads the path
    assertEquals(1, c(d, C.FROM_PATH));
    assertTrue(m.step.active());
  }

  @Test
  public void withoutAShippedFilterEveryRecordPassesUncounted() throws Exception {
    LineMapper m = new LineMapper();
    MapDriver<LongWritable, Text, Text, LongWritable> d = MapDriver.newMapDriver(m);
    d.withInput(new LongWritable(0), new Text("anything"));
    d.withOutput(new Text("anything"), new LongWritable(0));
    d.runTest();
    for (C c : C.values()) {
      assertEquals(0, c(d, c), c.name());
    }
    assertFalse(m.step.active());
    assertNull(m.step.filterAs(CountingFilter.class, "unused"));
  }

  @Test
  public void filterAsNamesTheUserAndTheFilterItGot() throws Exception {
    File file = write(ExactKeySet.ofStrings(Arrays.asList("k")));
    LineMapper m = new LineMapper();
    MapDriver<LongWritable, Text, Text, LongWritable> d = MapDriver.newMapDriver(m);
    BloomkitConfig.JOIN_FILTER_PATH.set(d.getConfiguration(), file.toURI().toString());
    d.withInput(new LongWritable(0), new Text("k"));
    d.withOutput(new Text("k"), new LongWritable(0));
    d.runTest();
    assertEquals(m.step.filter(), m.step.filterAs(Filter.class, "never"));
    try {
      m.step.filterAs(CountingFilter.class, "icebergs counting needs a counting filter");
      fail();
    } catch (IOException e) {
      assertTrue(e.getMessage().startsWith("icebergs counting needs a counting filter, got "),
          e.getMessage());
    }
  }
}
