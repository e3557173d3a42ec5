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
      case AVRO:
      case PARQUET:
      case ORC:
        return ColumnarSchemas.resolve(conf, spec, firstFile(conf, inputs), typesGiven);
      case CSV:
        return resolveCsv(conf, spec, inputs);
      case SEQFILE:
        SeqRows.check(conf, spec, firstFile(conf, inputs));
        return spec;
      default:
        throw new IllegalArgumentException(
            spec.format().cliName() + " input is not readable yet");
    }
  }

  /**
   * CSV: the delimiter can be used, and a name needs {@code --csv-header} and must be a column of
   * the header of the first file that is not empty.
   */
  private static TableSpec resolveCsv(Configuration conf, TableSpec spec, Path[] inputs)
      throws IOException {
    CsvRow.format(spec.delimiter());
    if (!CsvRows.needsHeader(spec)) {
      return spec;
    }
    if (!spec.csvHeader()) {
      requireIndices(spec);
    }
    for (org.apache.hadoop.fs.FileStatus file : Tables.list(conf, inputs)) {
      java.util.List<String> header = CsvRows.header(conf, file.getPath(), spec.delimiter());
      if (header == null) {
        continue; // an empty file: no header, no records
      }
      for (String f : spec.fields()) {
        String problem =
            TableSpec.isIndex(f) ? null : CsvRows.unknownColumn(f, header, file.getPath());
        if (problem != null) {
          throw new IllegalArgumentException(problem);
        }
      }
      break;
    }
    return spec;
  }

  /** The first file {@code inputs} stand for ({@link Tables#list}) that is not empty, or null. */
  private static Path firstFile(Configuration conf, Path[] inputs) throws IOException {
    for (org.apache.hadoop.fs.FileStatus f : Tables.list(conf, inputs)) {
      if (f.getLen() > 0) {
        return f.getPath();
      }
    }
    return null;
  }

  private static void requireIndices(TableSpec spec) {
    for (String f : spec.fields()) {
      if (!TableSpec.isIndex(f)) {
        throw new IllegalArgumentException(
            "field \"" + f + "\" is a name, but " + spec.format().cliName()
                + " records have no column names: give a 0-based field number"
                + (spec.format() == TableFormat.TEXT
                    ? " (or read the input as csv with --csv-header)"
                    : spec.format() == TableFormat.CSV
                        ? " (or give --csv-header if each file's first record names the columns)"
                        : ""));
      }
    }
  }
}
