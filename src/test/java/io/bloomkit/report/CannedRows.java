package io.bloomkit.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bloomkit.testing.RepoFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Simulation rows canned in a file for a report test, so that the test renders its report from
 * rows it is given instead of running the simulations (issue 25): {@link SimRun#run} takes its
 * rows from here while {@link SimRun#canned} is set.
 *
 * <p>A run is keyed by the simulation's name and its argument list as {@link SimRun} passes it to
 * the simulation (stream lengths already divided by {@link SimRun#lengthDivisor}), in the order
 * given. In replay (the default) a run the file does not hold fails with an {@link
 * IllegalStateException} naming it; {@link #finish} fails when the file holds a run nobody asked
 * for. With {@code -Dbloomkit.report.rows.write=true} the simulations run and {@link #finish}
 * writes every run asked for to {@code src/test/resources/report/FILE}, e.g. {@code mvn -B -o -q
 * test -Dtest=DistributedFiltersReportTest -Dbloomkit.report.rows.write=true}; commit the file.
 *
 * <p>The file is JSON (gzip when it ends in {@code .gz}): {@code {"format", "lengthDivisor",
 * "runs": [{"simulation", "args", "rows"}]}}, each value of a row as {@code [type, value]} so that
 * replay gives back the exact Java type the simulation put in the row ({@code I} Integer, {@code
 * J} Long, {@code D} Double, {@code F} Float, {@code Z} Boolean, {@code S} String, {@code [I},
 * {@code [J}, {@code [D} arrays; null as null; a non-finite double as its {@code toString()}).
 * Recording goes through the same encoding, so a recording run sees what a replay will see.
 */
final class CannedRows {
  /** The system property that makes the tests run the simulations and write their files. */
  static final String WRITE_PROPERTY = "bloomkit.report.rows.write";

  static final String FORMAT = "bloomkit report rows 1";
  private static final String DIR = "report";
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final String file;
  private final String test;
  private final boolean record;
  private final int lengthDivisor;
  /** Encoded runs by key, in the order first asked for (record) or read (replay). */
  private final Map<String, ObjectNode> runs = new LinkedHashMap<>();
  private final Set<String> asked = new LinkedHashSet<>();

  private CannedRows(String file, String test, boolean record, int lengthDivisor) {
    this.file = file;
    this.test = test;
    this.record = record;
    this.lengthDivisor = lengthDivisor;
  }

  /**
   * The canned rows of {@code src/test/resources/report/FILE} for {@code test}: replayed from the
   * test classpath, or recorded when {@link #WRITE_PROPERTY} is true. {@code lengthDivisor} is
   * the one the test sets on {@link SimRun}; replay fails if the file was recorded with another.
   */
  static CannedRows forTest(Class<?> test, String file, int lengthDivisor) throws IOException {
    CannedRows c = new CannedRows(file, test.getSimpleName(), Boolean.getBoolean(WRITE_PROPERTY), lengthDivisor);
    if (!c.record) {
      try (InputStream in = CannedRows.class.getResourceAsStream("/" + DIR + "/" + file)) {
        if (in == null) {
          throw new IllegalStateException("no canned simulation rows " + DIR + "/" + file + " on the test classpath; "
              + c.regenerate());
        }
        c.read(file.endsWith(".gz") ? new GZIPInputStream(in) : in);
      }
    }
    return c;
  }

  /** Replays rows from {@code in} (the file's format), as {@link #forTest} does from the classpath. */
  static CannedRows replay(InputStream in, String file, String test, int lengthDivisor) throws IOException {
    CannedRows c = new CannedRows(file, test, false, lengthDivisor);
    c.read(in);
    return c;
  }

  /** Records runs in memory, written by {@link #write}. */
  static CannedRows recording(String file, String test, int lengthDivisor) {
    return new CannedRows(file, test, true, lengthDivisor);
  }

  boolean recording() {
    return record;
  }

  private String regenerate() {
    return "regenerate it with mvn -B -o -q test -Dtest=" + test + " -D" + WRITE_PROPERTY
        + "=true (runs the simulations, writes src/test/resources/" + DIR + "/" + file + ") and commit it";
  }

  private void read(InputStream in) throws IOException {
    JsonNode root = MAPPER.readTree(in);
    if (!FORMAT.equals(root.path("format").asText())) {
      throw new IllegalStateException(file + " is not in the format " + FORMAT + "; " + regenerate());
    }
    int recorded = root.path("lengthDivisor").asInt();
    if (recorded != lengthDivisor) {
      throw new IllegalStateException(file + " holds runs shortened by " + recorded + ", the test shortens them by "
          + lengthDivisor + "; " + regenerate());
    }
    for (JsonNode run : root.path("runs")) {
      List<String> args = new ArrayList<>();
      run.path("args").forEach(a -> args.add(a.asText()));
      runs.put(key(run.path("simulation").asText(), args.toArray(new String[0])), (ObjectNode) run);
    }
  }

  /** The key of a run: its simulation and arguments, as a command line. */
  static String key(String simulation, String[] args) {
    return "simulate " + simulation + (args.length == 0 ? "" : " " + String.join(" ", args));
  }

  /**
   * The rows of simulation {@code name} run with {@code args} (already shortened): recorded from
   * {@code simulate} on the first call with these arguments, else replayed. Each call returns new
   * lists, maps and arrays, which the caller may change.
   *
   * @throws IllegalStateException in replay, for a run the file does not hold
   */
  List<Map<String, Object>> rows(String name, String[] args, Supplier<List<Map<String, Object>>> simulate) {
    String key = key(name, args);
    asked.add(key);
    ObjectNode run = runs.get(key);
    if (run == null) {
      if (!record) {
        throw new IllegalStateException("no canned rows for `" + key + "` in " + DIR + "/" + file
            + " (the report or its test asks for a run the file does not hold); " + regenerate());
      }
      run = NODES.objectNode();
      run.put("simulation", name);
      ArrayNode a = run.putArray("args");
      for (String s : args) {
        a.add(s);
      }
      ArrayNode rows = run.putArray("rows");
      for (Map<String, Object> r : simulate.get()) {
        rows.add(encode(key, r));
      }
      runs.put(key, run);
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (JsonNode r : run.path("rows")) {
      out.add(decode(r));
    }
    return out;
  }

  /**
   * Records: writes the runs asked for to {@code src/test/resources/report/FILE}. Replay: fails
   * if the file holds a run that was not asked for (the report no longer makes it).
   */
  void finish() throws IOException {
    if (record) {
      Path p = RepoFiles.path("src/test/resources/" + DIR + "/" + file);
      Files.createDirectories(p.getParent());
      try (OutputStream o = Files.newOutputStream(p)) {
        write(file.endsWith(".gz") ? new GZIPOutputStream(o) : o);
      }
      return;
    }
    List<String> unused = new ArrayList<>(runs.keySet());
    unused.removeAll(asked);
    if (!unused.isEmpty()) {
      throw new AssertionError(DIR + "/" + file + " holds " + unused.size() + " run(s) nobody asked for, e.g. `"
          + unused.get(0) + "`; " + regenerate());
    }
  }

  /** The runs asked for, in the file's format (one run per line). */
  void write(OutputStream o) throws IOException {
    StringBuilder b = new StringBuilder();
    b.append("{\"format\":").append(MAPPER.writeValueAsString(FORMAT)).append(",\"lengthDivisor\":")
        .append(lengthDivisor).append(",\"runs\":[\n");
    Iterator<String> keys = asked.iterator();
    while (keys.hasNext()) {
      b.append(MAPPER.writeValueAsString(runs.get(keys.next()))).append(keys.hasNext() ? ",\n" : "\n");
    }
    b.append("]}\n");
    o.write(b.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    o.close();
  }

  private static ObjectNode encode(String key, Map<String, Object> row) {
    ObjectNode n = NODES.objectNode();
    for (Map.Entry<String, Object> e : row.entrySet()) {
      n.set(e.getKey(), encode(key, e.getKey(), e.getValue()));
    }
    return n;
  }

  private static JsonNode encode(String key, String name, Object v) {
    if (v == null) {
      return NODES.nullNode();
    }
    ArrayNode a = NODES.arrayNode();
    if (v instanceof Integer i) {
      a.add("I").add(i);
    } else if (v instanceof Long l) {
      a.add("J").add(l);
    } else if (v instanceof Double d) {
      a.add("D").add(number(d));
    } else if (v instanceof Float f) {
      a.add("F").add(number(f));
    } else if (v instanceof Boolean z) {
      a.add("Z").add(z);
    } else if (v instanceof String s) {
      a.add("S").add(s);
    } else if (v instanceof int[] ints) {
      ArrayNode values = a.add("[I").addArray();
      for (int x : ints) {
        values.add(x);
      }
    } else if (v instanceof long[] longs) {
      ArrayNode values = a.add("[J").addArray();
      for (long x : longs) {
        values.add(x);
      }
    } else if (v instanceof double[] doubles) {
      ArrayNode values = a.add("[D").addArray();
      for (double x : doubles) {
        values.add(number(x));
      }
    } else {
      throw new IllegalArgumentException("`" + key + "`: value " + name + " is a " + v.getClass().getName()
          + ", which CannedRows does not keep (add its type)");
    }
    return a;
  }

  /** A finite double as a number, else its {@code toString()} (NaN, Infinity, -Infinity). */
  private static JsonNode number(double d) {
    return Double.isFinite(d) ? NODES.numberNode(d) : NODES.textNode(Double.toString(d));
  }

  private static double real(JsonNode n) {
    return n.isTextual() ? Double.parseDouble(n.asText()) : n.doubleValue();
  }

  private static Map<String, Object> decode(JsonNode row) {
    Map<String, Object> r = new LinkedHashMap<>();
    row.fields().forEachRemaining(e -> r.put(e.getKey(), value(e.getValue())));
    return r;
  }

  private static Object value(JsonNode n) {
    if (n.isNull()) {
      return null;
    }
    JsonNode v = n.get(1);
    String type = n.get(0).asText();
    switch (type) {
      case "I":
        return v.intValue();
      case "J":
        return v.longValue();
      case "D":
        return real(v);
      case "F":
        return (float) real(v);
      case "Z":
        return v.booleanValue();
      case "S":
        return v.textValue();
      case "[I": {
        int[] a = new int[v.size()];
        for (int i = 0; i < a.length; i++) {
          a[i] = v.get(i).intValue();
        }
        return a;
      }
      case "[J": {
        long[] a = new long[v.size()];
        for (int i = 0; i < a.length; i++) {
          a[i] = v.get(i).longValue();
        }
        return a;
      }
      case "[D": {
        double[] a = new double[v.size()];
        for (int i = 0; i < a.length; i++) {
          a[i] = real(v.get(i));
        }
        return a;
      }
      default:
        throw new IllegalStateException("unknown value type " + type);
    }
  }
}
