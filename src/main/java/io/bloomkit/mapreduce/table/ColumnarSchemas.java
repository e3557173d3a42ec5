package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.FsInput;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.orc.Reader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.FileMetaData;

/** {@link TableSchemas#resolve} for Avro, Parquet and ORC: fields and key types by column. */
final class ColumnarSchemas {
  private ColumnarSchemas() {}

  /**
   * {@code spec} checked against every file of the input ({@code files}, the non-empty ones, in
   * path order; none: the spec as it is): each field must be a column of some file (a file that
   * lacks it reads it as null, as Spark's {@code mergeSchema} does); a key
   * field's type must read as the same key type in every file (else the files' keys would never
   * meet), and is taken from the files unless {@code typesGiven}. Every file's schema is
   * read here, so a file that is not whole fails before any job.
   *
   * @throws IllegalArgumentException naming the field, the files and their types
   * @throws IOException naming a file whose schema cannot be read (truncated, corrupt)
   */
  static TableSpec resolve(Configuration conf, TableSpec spec, List<Path> files,
      boolean typesGiven) throws IOException {
    if (files.isEmpty()) {
      return spec;
    }
    int n = spec.fields().size();
    KeyType[] types = new KeyType[spec.keyFieldCount()];
    Path[] typesFile = new Path[types.length];
    boolean[] seen = new boolean[n];
    for (Path file : files) {
      List<Object> t = resolve(conf, spec, file, typesGiven);
      for (int i = 0; i < n; i++) {
        if (t.get(i) == ABSENT) {
          continue; // this file lacks the column: null there (Spark's mergeSchema)
        }
        seen[i] = true;
        if (i >= types.length || typesGiven) {
          continue;
        }
        KeyType k = (KeyType) t.get(i);
        if (types[i] == null) {
          types[i] = k;
          typesFile[i] = file;
        } else if (types[i] != k) {
          throw new IllegalArgumentException("key field \"" + spec.fields().get(i) + "\" is a "
              + types[i].cliName() + " key in " + typesFile[i] + " but a " + k.cliName()
              + " key in " + file + ": keys of different types never meet; give --key-type"
              + " (a join side: --left-key-type, --right-key-type) to read every file's column"
              + " as one type (string: its text), or rewrite one file");
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (!seen[i]) {
        resolveStrictly(conf, spec, files.get(0), spec.fields().get(i)); // names the columns
      }
    }
    if (typesGiven) {
      return spec;
    }
    return spec.toBuilder()
        .key(spec.fields().subList(0, spec.keyFieldCount()), java.util.Arrays.asList(types))
        .build();
  }

  /** A field this file lacks, in {@link #resolve(Configuration, TableSpec, Path, boolean)}. */
  private static final Object ABSENT = new Object();

  /** Fails as a field missing from {@code file} fails alone, naming the file and its columns. */
  private static void resolveStrictly(Configuration conf, TableSpec spec, Path file, String field)
      throws IOException {
    switch (spec.format()) {
      case AVRO:
      case PARQUET:
        ColumnPaths.resolve(AvroColumns.TREE, schemaOf(conf, spec.format(), file), field, file);
        break;
      case ORC:
        try (Reader orc = openOrc(conf, file)) {
          ColumnPaths.resolve(OrcColumns.TREE, orc.getSchema(), field, file);
        }
        break;
      default:
        throw new IllegalArgumentException(spec.format().cliName() + " is not a columnar format");
    }
    throw new IllegalStateException("field \"" + field + "\" resolved in " + file);
  }

  /**
   * Per field of {@code spec}: the key type of a key field in {@code file} (null for a field that
   * is no key field, or with {@code typesGiven}), or {@link #ABSENT} if the file lacks the column.
   */
  private static List<Object> resolve(Configuration conf, TableSpec spec, Path file,
      boolean typesGiven) throws IOException {
    switch (spec.format()) {
      case AVRO:
      case PARQUET:
        return check(spec, file, typesGiven, AvroColumns.TREE, schemaOf(conf, spec.format(), file),
            AvroColumns::keyType);
      case ORC:
        try (Reader orc = openOrc(conf, file)) {
          return check(spec, file, typesGiven, OrcColumns.TREE, orc.getSchema(),
              OrcColumns::keyType);
        }
      default:
        throw new IllegalArgumentException(spec.format().cliName() + " is not a columnar format");
    }
  }

  /**
   * The Avro schema of the records of {@code files} (files of columnar {@code format}, in path
   * order), merged by {@link SchemaMerge}; null for no file.
   */
  static Schema recordSchema(Configuration conf, TableFormat format, List<Path> files)
      throws IOException {
    List<Schema> schemas = new ArrayList<>();
    for (Path file : files) {
      schemas.add(recordSchema(conf, format, file));
    }
    return SchemaMerge.merge(schemas, files);
  }

  /** The Avro schema of the records of {@code file}, a file of columnar {@code format}. */
  static Schema recordSchema(Configuration conf, TableFormat format, Path file)
      throws IOException {
    switch (format) {
      case AVRO:
      case PARQUET:
        return schemaOf(conf, format, file);
      case ORC:
        try (Reader orc = openOrc(conf, file)) {
          return OrcAvro.toAvro(orc.getSchema(), "record");
        }
      default:
        throw new IllegalArgumentException(format.cliName() + " is not a columnar format");
    }
  }

  /** An Avro or Parquet file's schema; a file that cannot be read fails naming it. */
  private static Schema schemaOf(Configuration conf, TableFormat format, Path file)
      throws IOException {
    try {
      return format == TableFormat.AVRO ? avroSchema(conf, file) : parquetSchema(conf, file);
    } catch (IOException | RuntimeException e) {
      throw unreadable(format, file, e);
    }
  }

  private static Reader openOrc(Configuration conf, Path file) throws IOException {
    try {
      return OrcRows.open(file, conf);
    } catch (IOException | RuntimeException e) {
      throw unreadable(TableFormat.ORC, file, e);
    }
  }

  /** One line naming a file whose schema cannot be read and why. */
  static IOException unreadable(TableFormat format, Path file, Exception e) {
    String why = e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getMessage().replaceAll("\\s*\\R\\s*", " ");
    if (why.contains(file.toString())) {
      why = why.replace(file.toString(), "it");
    }
    return new IOException(file + " cannot be read as " + format.cliName()
        + " (truncated or corrupt?): " + why, e);
  }

  private static Schema avroSchema(Configuration conf, Path file) throws IOException {
    AvroCodecs.install();
    try (DataFileReader<GenericRecord> r =
        new DataFileReader<>(new FsInput(file, conf), new GenericDatumReader<>())) {
      return r.getSchema();
    }
  }

  /** A Parquet file's schema as parquet-avro reads it (see {@link ParquetRows}). */
  private static Schema parquetSchema(Configuration conf, Path file) throws IOException {
    try (ParquetFileReader r = ParquetRows.openFooter(conf, file)) {
      FileMetaData meta = r.getFooter().getFileMetaData();
      Map<String, String> footer = new HashMap<>(meta.getKeyValueMetaData());
      return ParquetRows.avroSchema(conf, footer, meta.getSchema());
    }
  }

  private static <T> List<Object> check(TableSpec spec, Path file, boolean typesGiven,
      ColumnPaths.Tree<T> tree, T root, Function<T, KeyType> keyType) {
    if (tree.fieldNames(root) == null) {
      throw new IllegalArgumentException(
          file + " holds " + tree.describe(root) + " values, not rows of columns");
    }
    List<Object> c = new ArrayList<>();
    for (int i = 0; i < spec.fields().size(); i++) {
      String field = spec.fields().get(i);
      int[] path = ColumnPaths.resolveOrAbsent(tree, root, field, file);
      if (path == null) {
        c.add(ABSENT);
        continue;
      }
      if (i >= spec.keyFieldCount() || typesGiven) {
        c.add(null);
        continue;
      }
      T type = ColumnPaths.type(tree, root, path);
      KeyType t = keyType.apply(type);
      if (t == null) {
        throw new IllegalArgumentException(
            "key column \"" + String.join(".", ColumnPaths.names(tree, root, path)) + "\" of "
                + file + " is a " + tree.describe(type) + ", which is no key type"
                + " (a floating-point value is not exact; a struct, list or map is not one value):"
                + " give --key-type (a join side: --left-key-type, --right-key-type) to read it"
                + " as that type (string: its text)");
      }
      c.add(t);
    }
    return c;
  }
}
