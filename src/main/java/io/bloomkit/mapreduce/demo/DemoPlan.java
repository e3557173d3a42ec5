package io.bloomkit.mapreduce.demo;

import static io.bloomkit.mapreduce.cli.BloomkitTool.doubleValue;

import io.bloomkit.mapreduce.config.UsageException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What one {@code demo} run does: its directories and the {@code build} and {@code join} command
 * lines, from the demo's options (checked here: bad ones are usage errors before anything is
 * written).
 */
final class DemoPlan {
  final File work;
  /** The directory with keys/ and citations/: {@code --data}, or the bundled copy in work. */
  final File data;
  final boolean bundled;
  final double bitsPerKey;

  private DemoPlan(File work, File data, boolean bundled, double bitsPerKey) {
    this.work = work;
    this.data = data;
    this.bundled = bundled;
    this.bitsPerKey = bitsPerKey;
  }

  static DemoPlan of(CommandLine cl) {
    File work =
        (cl.hasOption("work") ? new File(cl.getOptionValue("work")) : defaultWork())
            .getAbsoluteFile();
    File data = new File(work, DemoTool.BUNDLED_DATA);
    if (cl.hasOption("data")) {
      data = new File(cl.getOptionValue("data")).getAbsoluteFile();
      if (!new File(data, DemoTool.KEYS).isDirectory()
          || !new File(data, DemoTool.CITATIONS).isDirectory()) {
        throw new UsageException("--data " + data + " has no " + DemoTool.KEYS + "/ and "
            + DemoTool.CITATIONS + "/ directories");
      }
    }
    double bitsPerKey = doubleValue(cl, "bits-per-key", 16);
    if (!(bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bitsPerKey);
    }
    return new DemoPlan(work, data, !cl.hasOption("data"), bitsPerKey);
  }

  /** {@code bloomkit-demo-USER} in {@code java.io.tmpdir}. */
  static File defaultWork() {
    return new File(
        System.getProperty("java.io.tmpdir"),
        "bloomkit-demo-" + System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_"));
  }

  File filter() {
    return new File(work, DemoTool.FILTER_FILE);
  }

  File output() {
    return new File(work, DemoTool.JOIN_DIR);
  }

  /** {@code build}: an ACBF of the key patents (field 0). */
  String[] build() {
    return new String[] {
      "--input", uri(new File(data, DemoTool.KEYS)),
      "--output", new Path(filter().toURI()).toString(),
      "--key-field", "0",
      "--delimiter", ",",
      "--filter", "acbf",
      "--bits-per-key", number(bitsPerKey)
    };
  }

  /** {@code join}: keys.PATENT = citations.CITED through the filter. */
  String[] join() {
    return new String[] {
      "--left", uri(new File(data, DemoTool.KEYS)),
      "--left-key", "0",
      "--right", uri(new File(data, DemoTool.CITATIONS)),
      "--right-key", "1",
      "--output", new Path(output().toURI()).toString(),
      "--type", "inner",
      "--delimiter", ",",
      "--filter", new Path(filter().toURI()).toString()
    };
  }

  /** A whole number without ".0" (16), any other as Java prints it (12.5). */
  static String number(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }

  private static String uri(File f) {
    return f.toURI().toString();
  }

  /**
   * Writes the bundled sample data (when used) and removes the demo's own previous outputs, and
   * nothing else.
   */
  void prepare(FileSystem local) throws IOException {
    if (bundled) {
      for (String f : DemoTool.SAMPLE_FILES) {
        File to = new File(data, f);
        Files.createDirectories(to.getParentFile().toPath());
        try (InputStream in = DemoTool.class.getResourceAsStream(DemoTool.SAMPLE_RESOURCE + f)) {
          if (in == null) {
            throw new IOException("the sample data " + DemoTool.SAMPLE_RESOURCE + f + " is missing"
                + " from the classpath (a jar built without it?); pass --data DIR");
          }
          Files.copy(in, to.toPath(), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    local.mkdirs(new Path(work.toURI()));
    local.delete(new Path(filter().toURI()), false);
    local.delete(new Path(output().toURI()), true);
  }
}
