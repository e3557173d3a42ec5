package io.bloomkit.mapreduce.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.RecordReader;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded job jar writes Parquet, ORC and Avro on a Hadoop classpath without the columnar
 * libraries ({@code java ... RunJar target/bloomkit-*.jar}, as {@code hadoop jar} and {@code
 * scripts/bloomkit} run it): the libraries Hadoop lacks come from the jar (Avro from Hadoop, as on Hadoop 3.4).
 */
public class GenerateJobJarIT {
  @TempDir public File tmp;

  /** Jars the job jar carries: kept off the child's classpath (as on a cluster). */
  private static final String[] CARRIED = {
    "/org/apache/parquet/", "/org/apache/orc/", "/avro-mapred/", "/hive-storage-api/",
    "/protobuf-java/", "/aircompressor/", "/threeten-extra/", "/esotericsoftware/",
    "/commons-pool/", "/io/trino/tpch/", "/hppc/"
  };

  private static File jar() {
    File[] jars = RepoFiles.file("target").listFiles(
        (d, n) -> n.startsWith("bloomkit-") && n.endsWith(".jar") && !n.contains("-tests"));
    assertTrue(jars != null && jars.length == 1, "no job jar in target/ (the IT runs after package)");
    return jars[0];
  }

  private static String hadoopClasspath() {
    List<String> keep = new ArrayList<>();
    for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
      boolean carried = e.endsWith("classes") || e.endsWith("classes/");
      for (String c : CARRIED) {
        carried |= e.replace(File.separatorChar, '/').contains(c);
      }
      if (!carried) {
        keep.add(e);
      }
    }
    return String.join(File.pathSeparator, keep);
  }

  private void runJar(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-opens")) {
        cmd.add(a);
      }
    }
    cmd.add("-Dlog4j.configuration=" + RepoFiles.file("conf/log4j.properties").toURI());
    cmd.add("-cp");
    cmd.add(hadoopClasspath());
    cmd.add("org.apache.hadoop.util.RunJar");
    cmd.add(jar().getAbsolutePath());
    cmd.addAll(List.of(args));
    File err = File.createTempFile("junit", null, tmp);
    Process p = new ProcessBuilder(cmd).redirectError(err).redirectOutput(File.createTempFile("junit", null, tmp)).start();
    assertTrue(p.waitFor(3, TimeUnit.MINUTES), "no exit");
    assertEquals(0, p.exitValue(),
        new String(Files.readAllBytes(err.toPath()), StandardCharsets.UTF_8));
  }

  @Test
  public void jobJarWritesParquetOrcAndAvroThatTheLibrariesRead() throws Exception {
    File out = java.nio.file.Files.createTempDirectory(tmp.toPath(), "out").toFile();
    String[] common = {"generate", "tpch", "--scale", "0.001", "--table", "orders", "--parts", "2"};
    for (String format : new String[] {"text", "parquet", "orc", "avro"}) {
      List<String> args = new ArrayList<>(List.of(common));
      args.addAll(List.of("--format", format, "--out", new File(out, format).getPath()));
      runJar(args.toArray(new String[0]));
    }
    List<Long> want = new ArrayList<>();
    for (String part : new String[] {"part-00000", "part-00001"}) {
      for (String line : Files.readAllLines(new File(out, "text/" + part).toPath())) {
        want.add(Long.parseLong(line.substring(0, line.indexOf('|'))));
      }
    }
    assertEquals(1500, want.size());
    Configuration conf = new Configuration();
    List<Long> parquet = new ArrayList<>();
    List<Long> orc = new ArrayList<>();
    List<Long> avro = new ArrayList<>();
    for (String part : new String[] {"part-00000", "part-00001"}) {
      Path pq = new Path(new File(out, "parquet/" + part + ".parquet").getPath());
      try (ParquetReader<GenericRecord> in = AvroParquetReader.<GenericRecord>builder(
          HadoopInputFile.fromPath(pq, conf)).withConf(conf).build()) {
        for (GenericRecord r = in.read(); r != null; r = in.read()) {
          parquet.add((Long) r.get("o_orderkey"));
        }
      }
      Path o = new Path(new File(out, "orc/" + part + ".orc").getPath());
      try (org.apache.orc.Reader in = OrcFile.createReader(o, OrcFile.readerOptions(conf))) {
        assertEquals("o_orderkey", in.getSchema().getFieldNames().get(0));
        VectorizedRowBatch batch = in.getSchema().createRowBatch();
        try (RecordReader rows = in.rows()) {
          while (rows.nextBatch(batch)) {
            for (int i = 0; i < batch.size; i++) {
              orc.add(((LongColumnVector) batch.cols[0]).vector[i]);
            }
          }
        }
      }
      try (org.apache.avro.file.DataFileReader<GenericRecord> in =
          new org.apache.avro.file.DataFileReader<>(new File(out, "avro/" + part + ".avro"),
              new org.apache.avro.generic.GenericDatumReader<>())) {
        for (GenericRecord r : in) {
          avro.add((Long) r.get("o_orderkey"));
        }
      }
    }
    assertEquals(want, parquet);
    assertEquals(want, orc);
    assertEquals(want, avro);
  }
}
