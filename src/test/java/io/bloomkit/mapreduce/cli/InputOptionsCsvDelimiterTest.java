package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.table.TableSpec;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --delimiter}'s default is tab for text, but a comma for CSV. */
class InputOptionsCsvDelimiterTest {
  @TempDir File dir;

  private char delimiter(String... args) throws Exception {
    File f = new File(dir, "in");
    Files.write(f.toPath(), "a,b\tc\n".getBytes());
    Options o = InputOptions.add(new Options(), InputOptions.Side.ONE);
    o.addOption(SizingOptions.delimiter());
    CommandLine cl = new DefaultParser().parse(o, args);
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    TableSpec spec = InputOptions.spec(cl, conf, InputOptions.Side.ONE,
        new Path[] {new Path(f.toURI())}, List.of("0"), List.of());
    return spec.delimiter();
  }

  @Test
  void csvWithoutDelimiterUsesComma() throws Exception {
    assertEquals(',', delimiter("--input-format", "csv"));
    assertEquals(';', delimiter("--input-format", "csv", "--delimiter", ";"));
    assertEquals('\t', delimiter("--input-format", "csv", "--delimiter", "\\t"));
    assertEquals('\t', delimiter("--input-format", "text"));
    assertEquals('\t', delimiter());
  }
}
