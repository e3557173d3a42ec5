package io.bloomkit.mapreduce.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProbeMapper} with two filters (an exact set on field 1, a small Bloom filter on field 2)
 * in every mode, record by record and counter by counter against a naive model that asks the same
 * filters: lines with both, one or no key in the filters, null keys, malformed lines.
 */
public class ProbeMapperTest {
  @TempDir public File tmp;

  private static final String NULL = "\\N";
  private static final TableSpec SPEC = TableSpec.builder(TableFormat.TEXT).delimiter(',')
      .key(List.of("1", "2"), List.of()).build();
  private static final String[] LINES = {
    "r0,a1,b1", "r1,a1,bx", "r2,ax,b1", "r3,ax,bx", "r4," + NULL + ",b1", "r5,a2," + NULL,
    "r6,a3", "", "r8," + NULL + "," + NULL, "r9,a2,b2", "r10,ay,b2", "r11,a3,by"
  };

  private final Filter exact = ExactKeySet.ofStrings(List.of("a1", "a2", "a3"));
  private final BloomFilter bloom = BloomFilter.create(FilterShape.bloom(64, 2, 4));
  private File exactFile;
  private File bloomFile;

  @BeforeEach
  public void writeFilters() throws IOException {
    bloom.add("b1");
    bloom.add("b2");
    exactFile = write(exact, "a.exact");
    bloomFile = write(bloom, "b.bf");
  }

  private File write(Filter f, String name) throws IOException {
    File file = newFile(tmp, name);
    try (OutputStream o = new FileOutputStream(file)) {
      f.writeTo(o);
    }
    return file;
  }

  /** What the mapper should do: written lines and every counter, from the filters' answers. */
  private static final class Model {
    final List<String> written = new ArrayList<>();
    final Map<String, Long> counters = new LinkedHashMap<>();

    void count(String name) {
      counters.merge(name, 1L, Long::sum);
    }
  }

  private Model model(boolean any, boolean invert) {
    Model m = new Model();
    Filter[] filters = {exact, bloom};
    for (String line : LINES) {
      m.count("RECORDS");
      String[] p = line.split(",", -1);
      if (p.length < 3) {
        m.count("MALFORMED_RECORDS");
        continue;
      }
      if (p[1].equals(NULL) || p[2].equals(NULL)) {
        m.count("NULL_KEYS");
      }
      boolean pass = !any;
      for (int i = 0; i < 2; i++) {
        String k = p[1 + i];
        boolean in;
        if (k.equals(NULL)) {
          m.count(ProbeCounters.nullKeys(i));
          in = false;
        } else {
          in = filters[i].mightContain(k);
          m.count(in ? ProbeCounters.passed(i) : ProbeCounters.rejected(i));
        }
        if (in == any) {
          pass = any;
          break;
        }
      }
      if (pass != invert) {
        m.count("WRITTEN");
        m.written.add(line);
      } else {
        m.count("NOT_WRITTEN");
      }
    }
    return m;
  }

  private MapDriver<LongWritable, Row, Object, Object> driver(boolean any, boolean invert) {
    MapDriver<LongWritable, Row, Object, Object> d = MapDriver.newMapDriver(new ProbeMapper());
    Configuration conf = d.getConfiguration();
    TextRowSerialization.register(conf, SPEC);
    SPEC.store(conf, BloomkitConfig.INPUT_SPEC);
    BloomkitConfig.FILTER_PATHS.set(conf, exactFile.toURI() + "," + bloomFile.toURI());
    BloomkitConfig.PROBE_KEY_FIELDS.set(conf, "1,1");
    BloomkitConfig.PROBE_ANY.set(conf, any);
    BloomkitConfig.PROBE_INVERT.set(conf, invert);
    long offset = 0;
    for (String line : LINES) {
      d.withInput(new LongWritable(offset), Row.ofLine(SPEC, new Text(line)));
      offset += line.length() + 1;
    }
    return d;
  }

  @Test
  public void everyModeWritesAndCountsAsTheModel() throws IOException {
    for (boolean any : new boolean[] {false, true}) {
      List<String> all = new ArrayList<>();
      for (boolean invert : new boolean[] {false, true}) {
        String mode = (any ? "any" : "all") + (invert ? " --invert" : "");
        Model m = model(any, invert);
        MapDriver<LongWritable, Row, Object, Object> d = driver(any, invert);
        List<String> got = new ArrayList<>();
        for (Pair<Object, Object> p : d.run()) {
          got.add(p.getSecond().toString());
        }
        assertEquals(m.written, got, mode);
        all.addAll(got);
        Counters c = d.getCounters();
        for (ProbeCounters pc : ProbeCounters.values()) {
          long expected = m.counters.getOrDefault(pc.name(), 0L);
          if (pc == ProbeCounters.FILTER_LOADS_FROM_PATH) {
            expected = 2; // one task, two filters, no symlink
          }
          assertEquals(expected, c.findCounter(pc).getValue(), mode + " " + pc);
        }
        for (int i = 0; i < 2; i++) {
          for (String name : new String[] {ProbeCounters.passed(i), ProbeCounters.rejected(i),
              ProbeCounters.nullKeys(i)}) {
            assertEquals((long) m.counters.getOrDefault(name, 0L), c.findCounter(ProbeCounters.FILTER_GROUP, name).getValue(),
                mode + " " + name);
          }
        }
        ProbeJob.checkBalance(JobCounters.of(c), 2, any, invert);
      }
      // with and without --invert: every well-formed line exactly once
      List<String> wellFormed = new ArrayList<>();
      for (String line : LINES) {
        if (line.split(",", -1).length == 3) {
          wellFormed.add(line);
        }
      }
      all.sort(null);
      wellFormed.sort(null);
      assertEquals(wellFormed, all);
    }
  }

  /** Counters that do not add up fail the run: one written record too many, a filter's count. */
  @Test
  public void balanceCatchesCountersThatDoNotAddUp() throws IOException {
    MapDriver<LongWritable, Row, Object, Object> d = driver(false, false);
    d.run();
    Counters c = d.getCounters();
    ProbeJob.checkBalance(JobCounters.of(c), 2, false, false);
    // read as --any, the per-filter counters of an --all run do not add up
    try {
      ProbeJob.checkBalance(JobCounters.of(c), 2, true, false);
      fail("an --all run's counters balanced as --any");
    } catch (IOException expected) {
      assertTrue(expected.getMessage().contains("unaccounted for"), expected.getMessage());
    }
    c.findCounter(ProbeCounters.WRITTEN).increment(1);
    try {
      ProbeJob.checkBalance(JobCounters.of(c), 2, false, false);
      fail("one written record too many balanced");
    } catch (IOException expected) {
      assertTrue(expected.getMessage().contains("unaccounted for"), expected.getMessage());
    }
  }

  @Test
  public void strictFailsOnTheFirstMalformedRecordNamingItsOffset() throws IOException {
    MapDriver<LongWritable, Row, Object, Object> d = driver(false, false);
    BloomkitConfig.STRICT.set(d.getConfiguration(), true);
    try {
      d.run();
      fail("a malformed record passed --strict");
    } catch (IOException expected) {
      assertTrue(expected.getMessage().contains("byte offset 54"), expected.getMessage());
    }
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
