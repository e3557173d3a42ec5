package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Real tables on the shared MiniDFSCluster + MiniMRYarnCluster: Parquet and ORC files written
 * on HDFS by each format's own writer, joined by column name, checked against
 * a naive join of the same rows computed here; Parquet outputs written through the real output
 * committer. Dedup and icebergs run on the cluster in it/faults/FaultsIT, and over Parquet in
 * local mode (dedup/DedupOutputsTest, icebergs/IcebergOutputsTest). A columnar record is expected as its fields in schema
 * order joined by a tab, null as {@code \N}; a null key never matches. The format matrix (Avro,
 * SequenceFile, CSV, typed keys, every output format) runs in local mode: join/JoinOutputsTest,
 * join/JoinKeysToolTest, table/*, xengine/*.
 */
public class TablesIT {
  private static MiniClusters cluster;
  private static final int LEFT_ROWS = 300;
  private static final int RIGHT_ROWS = 3000;
  /** Left rows: (o_orderkey long or null, o_note string or null). */
  private static final List<Object[]> ORDERS = new ArrayList<>();
  /** Right rows: (l_orderkey int or null, l_qty long, l_comment string). */
  private static final List<Object[]> LINES = new ArrayList<>();

  @BeforeAll
  public static void start() throws Exception {
    cluster = MiniClusters.shared();
    Random r = new Random(1313);
    for (int i = 0; i < LEFT_ROWS; i++) {
      Long key = r.nextInt(20) == 0 ? null : (long) r.nextInt(1000);
      String note = r.nextInt(10) == 0 ? null : "note " + i;
      ORDERS.add(new Object[] {key, note});
    }
    for (int i = 0; i < RIGHT_ROWS; i++) {
      Integer key = r.nextInt(25) == 0 ? null : r.nextInt(1000);
      LINES.add(new Object[] {key, (long) r.nextInt(50), "c" + i});
    }
    writeParquetOrders(new Path("/tables/orders.parquet/part-0.parquet"));
    writeOrcLines(new Path("/tables/lines.orc/part-0.orc"), 0, RIGHT_ROWS / 2);
    writeOrcLines(new Path("/tables/lines.orc/part-1.orc"), RIGHT_ROWS / 2, RIGHT_ROWS);
  }

  private static Schema ordersSchema() {
    return SchemaBuilder.record("orders").fields()
        .optionalLong("o_orderkey").optionalString("o_note").endRecord();
  }

  private static GenericRecord order(Schema s, Object[] row) {
    GenericRecord g = new GenericData.Record(s);
    g.put("o_orderkey", row[0]);
    g.put("o_note", row[1]);
    return g;
  }

  private static void writeParquetOrders(Path p) throws Exception {
    Schema s = ordersSchema();
    try (ParquetWriter<GenericRecord> w =
        AvroParquetWriter.<GenericRecord>builder(HadoopOutputFile.fromPath(p, cluster.conf()))
            .withSchema(s).build()) {
      for (Object[] row : ORDERS) {
        w.write(order(s, row));
      }
    }
  }

  private static void writeOrcLines(Path p, int from, int to) throws Exception {
    TypeDescription schema =
        TypeDescription.fromString("struct<l_orderkey:int,l_qty:bigint,l_comment:string>");
    Configuration conf = cluster.conf();
    try (Writer w = OrcFile.createWriter(p, OrcFile.writerOptions(conf).setSchema(schema))) {
      VectorizedRowBatch batch = schema.createRowBatch();
      LongColumnVector key = (LongColumnVector) batch.cols[0];
      LongColumnVector qty = (LongColumnVector) batch.cols[1];
      BytesColumnVector comment = (BytesColumnVector) batch.cols[2];
      for (int i = from; i < to; i++) {
        Object[] row = LINES.get(i);
        int n = batch.size++;
        if (row[0] == null) {
          key.noNulls = false;
          key.isNull[n] = true;
        } else {
          key.vector[n] = (Integer) row[0];
        }
        qty.vector[n] = (Long) row[1];
        comment.setVal(n, ((String) row[2]).getBytes(StandardCharsets.UTF_8));
        if (batch.size == batch.getMaxSize()) {
          w.addRowBatch(batch);
          batch.reset();
        }
      }
      if (batch.size > 0) {
        w.addRowBatch(batch);
      }
    }
  }

  private static String render(Object[] row) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < row.length; i++) {
      b.append(i == 0 ? "" : "\t").append(row[i] == null ? "\\N" : String.valueOf(row[i]));
    }
    return b.toString();
  }

  /** The naive join: left rows by key (null keys never match), each right row with its partners. */
  private static Map<String, Integer> naive(
      Function<Object[], String> left, Function<Object[], String> right, boolean leftOuter) {
    Map<Long, List<Object[]>> byKey = new HashMap<>();
    for (Object[] o : ORDERS) {
      if (o[0] != null) {
        byKey.computeIfAbsent((Long) o[0], k -> new ArrayList<>()).add(o);
      }
    }
    Map<String, Integer> out = new TreeMap<>();
    java.util.Set<Long> matched = new java.util.HashSet<>();
    for (Object[] l : LINES) {
      if (l[0] == null) {
        continue;
      }
      long k = (Integer) l[0];
      for (Object[] o : byKey.getOrDefault(k, List.of())) {
        matched.add(k);
        out.merge(left.apply(o) + "\t" + right.apply(l), 1, Integer::sum);
      }
    }
    if (leftOuter) {
      for (Object[] o : ORDERS) {
        if (o[0] == null || !matched.contains((Long) o[0])) {
          out.merge(left.apply(o) + "\t", 1, Integer::sum);
        }
      }
    }
    return out;
  }

  private static long count(List<?> rows, java.util.function.Predicate<Object[]> p) {
    long n = 0;
    for (Object o : rows) {
      if (p.test((Object[]) o)) {
        n++;
      }
    }
    return n;
  }

  private static Map<String, Object> run(org.apache.hadoop.util.Tool tool, List<String> args)
      throws Exception {
    ToolRun r = ToolRun.run(cluster.conf(), (io.bloomkit.mapreduce.cli.BloomkitTool) tool,
        args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private static long n(Map<String, Object> j, String k) {
    Object v = j.get(k);
    if (v == null) {
      throw new AssertionError("no " + k + " in " + j);
    }
    return (Long) v;
  }

  /** Every record of each side is passed, dropped, malformed or null-keyed. */
  private static void checkBalance(Map<String, Object> j) {
    assertEquals(n(j, "leftRecords"),
        n(j, "leftPassed") + n(j, "leftMalformed") + n(j, "leftNullKeys"));
    assertEquals(n(j, "rightRecords"),
        n(j, "rightPassed") + n(j, "rightDroppedByFilter") + n(j, "rightMalformed")
            + n(j, "rightNullKeys"));
  }

  @Test
  public void parquetLeftJoinsOrcRightByColumnName() throws Exception {
    String filter = "/tables/filters/orders.acbf";
    Map<String, Object> b = run(new BuildTool(), List.of(
        "-D", "mapreduce.job.ubertask.enable=true",
        // the build job on the cluster (the joins below build theirs in the client)
        "-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0",
        "--input", "/tables/orders.parquet", "--key-field", "o_orderkey", "--output", filter,
        "--filter", "acbf", "--reducers", "1", "--json"));
    assertEquals((long) LEFT_ROWS, n(b, "inputRecords"));
    for (String f : new String[] {"none", filter}) {
      String out = "/tables/out/parquet-orc-" + (f.equals("none") ? "none" : "acbf");
      List<String> args = new ArrayList<>(List.of(
          "--left", "/tables/orders.parquet", "--left-key", "o_orderkey",
          "--right", "/tables/lines.orc", "--right-key", "l_orderkey",
          "--output", out, "--reducers", "2", "--json"));
      args.addAll(f.equals("none") ? List.of("--filter-type", "none") : List.of("--filter", f));
      Map<String, Object> j = run(new JoinTool(), args);
      assertEquals(naive(TablesIT::render, TablesIT::render, false),
          NaiveJoin.multiset(cluster.readLines(new Path(out))));
      assertEquals(count(ORDERS, o -> o[0] == null), n(j, "leftNullKeys"));
      assertEquals(count(LINES, l -> l[0] == null), n(j, "rightNullKeys"));
      assertEquals((long) RIGHT_ROWS, n(j, "rightRecords"));
      checkBalance(j);
    }
  }

  /** Every record of the Parquet files under {@code dir}'s part files, read by parquet-avro. */
  private static List<GenericRecord> readParquet(String dir) throws Exception {
    List<GenericRecord> out = new ArrayList<>();
    for (org.apache.hadoop.fs.FileStatus st : cluster.fs().listStatus(new Path(dir),
        p -> p.getName().startsWith("part-"))) {
      try (ParquetReader<GenericRecord> r = AvroParquetReader.<GenericRecord>builder(
          HadoopInputFile.fromPath(st.getPath(), cluster.conf())).build()) {
        for (GenericRecord g = r.read(); g != null; g = r.read()) {
          out.add(g);
        }
      }
    }
    return out;
  }

  /**
   * The Parquet x ORC left-outer join written as Parquet on the cluster (reducers, and the map
   * tasks' null-key left rows): every row read back equals the naive join's, right columns null
   * where a left row has no match.
   */
  @Test
  public void aLeftOuterJoinWritesParquet() throws Exception {
    String out = "/tables/out/left-outer-parquet";
    Map<String, Object> j = run(new JoinTool(), List.of(
        "--left", "/tables/orders.parquet", "--left-key", "o_orderkey",
        "--right", "/tables/lines.orc", "--right-key", "l_orderkey", "--type", "left-outer",
        "--output", out, "--reducers", "2", "--filter-type", "acbf", "--output-format", "parquet",
        "--json"));
    Map<String, Integer> got = new TreeMap<>();
    for (GenericRecord g : readParquet(out)) {
      assertEquals(List.of("o_orderkey", "o_note", "l_orderkey", "l_qty", "l_comment"),
          g.getSchema().getFields().stream().map(Schema.Field::name)
              .collect(java.util.stream.Collectors.toList()));
      got.merge(render(new Object[] {g.get("o_orderkey"), g.get("o_note"), g.get("l_orderkey"),
          g.get("l_qty"), g.get("l_comment")}), 1, Integer::sum);
    }
    Map<String, Integer> want = new TreeMap<>();
    for (Map.Entry<String, Integer> e : naive(TablesIT::render, TablesIT::render, true).entrySet()) {
      String k = e.getKey().endsWith("\t") ? e.getKey() + "\\N\t\\N\t\\N" : e.getKey();
      want.merge(k, e.getValue(), Integer::sum);
    }
    assertEquals(want, got);
    checkBalance(j);
  }
}
