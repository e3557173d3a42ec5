package io.bloomkit.mapreduce.table;

import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;

/** An Avro record (from an Avro or a Parquet file) as a {@link Row}. */
final class AvroRow extends ColumnarRow {
  private final Schema schema;
  private final int[][] paths;
  private IndexedRecord record;
  private final SchemaMerge.Conformer conformer = new SchemaMerge.Conformer();

  /**
   * A row of records read with {@code readSchema} ({@link #readSchema} of {@code fileSchema})
   * for {@code spec}'s fields.
   */
  AvroRow(TableSpec spec, Schema fileSchema, Schema readSchema, Object file) {
    super(spec.delimiter());
    this.schema = readSchema;
    List<int[]> resolved = resolve(spec, fileSchema, file);
    this.paths = new int[resolved.size()][];
    for (int i = 0; i < paths.length; i++) {
      if (resolved.get(i) == null) {
        continue; // a column this file lacks: null
      }
      List<String> names = ColumnPaths.names(AvroColumns.TREE, fileSchema, resolved.get(i));
      paths[i] = ColumnPaths.positions(AvroColumns.TREE, readSchema, names);
    }
  }

  /**
   * The schema to read {@code spec}'s fields of a file of schema {@code fileSchema} with: all of
   * it, or with {@link TableSpec#projection} only the fields' columns (see {@link
   * AvroColumns#prune}).
   *
   * @throws IllegalArgumentException for a field numbered beyond the columns, or a path through a
   *     column that is no struct (a named field the file lacks reads as null)
   */
  static Schema readSchema(TableSpec spec, Schema fileSchema, Object file) {
    List<int[]> paths = resolve(spec, fileSchema, file);
    paths.removeIf(java.util.Objects::isNull);
    return spec.projection()
        ? AvroColumns.prune(fileSchema, paths, spec.format() == TableFormat.PARQUET)
        : fileSchema;
  }

  private static List<int[]> resolve(TableSpec spec, Schema fileSchema, Object file) {
    if (AvroColumns.TREE.fieldNames(fileSchema) == null) {
      throw new IllegalArgumentException(
          file + " holds " + AvroColumns.describe(fileSchema) + " values, not records");
    }
    List<int[]> out = new ArrayList<>();
    for (String f : spec.fields()) {
      out.add(ColumnPaths.resolveOrAbsent(AvroColumns.TREE, fileSchema, f, file));
    }
    return out;
  }

  void set(IndexedRecord r) {
    this.record = r;
    changed();
  }

  /** The record, conformed to {@code schema} when its file's schema differs ({@link SchemaMerge}). */
  @Override
  public GenericRecord record(Schema schema) {
    return conformer.apply(record, schema);
  }

  @Override
  Object slot(int slot) {
    return paths[slot] == null ? null : AvroColumns.value(record, schema, paths[slot]);
  }

  @Override
  int columnCount() {
    return schema.getFields().size();
  }

  @Override
  Object column(int i) {
    return AvroColumns.normalize(record.get(i), schema.getFields().get(i).schema());
  }
}
