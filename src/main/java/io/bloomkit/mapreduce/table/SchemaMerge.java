package io.bloomkit.mapreduce.table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;

/**
 * The schema of the records of several files of one input, by Spark's {@code mergeSchema} rule:
 * the columns of all files by name, in the order they are first met (files in path order); a
 * column some file lacks is nullable and reads as null from that file; a column of {@code int}
 * in one file and {@code long} in another is a {@code long}, {@code float} and {@code double} a
 * {@code double}; struct columns merge field by field. Any other difference of type (a {@code
 * long} and a {@code string}, a {@code date} and an {@code int}) is an error naming the column,
 * both files and both types. Records of each file are then {@link #conform conformed} to the
 * merged schema.
 */
final class SchemaMerge {
  private final Map<String, Column> columns = new LinkedHashMap<>();
  private Schema first;
  private Object firstFile;

  /** A column: its type so far and the file that gave it. */
  private static final class Column {
    Schema type;
    Object file;
    boolean nullable;
    SchemaMerge nested;
  }

  /**
   * Merges record schemas, one per file.
   *
   * @throws IllegalArgumentException naming the column, both files and both types when they
   *     cannot be merged
   */
  static Schema merge(List<Schema> schemas, List<?> files) {
    if (schemas.isEmpty()) {
      return null;
    }
    SchemaMerge m = new SchemaMerge();
    for (int i = 0; i < schemas.size(); i++) {
      m.add(schemas.get(i), files.get(i), "");
    }
    Schema merged = m.build(schemas.get(0));
    // one schema, or all alike: the first file's own (its names, docs and properties)
    for (Schema s : schemas) {
      if (!s.equals(schemas.get(0))) {
        return merged;
      }
    }
    return schemas.get(0);
  }

  private void add(Schema record, Object file, String prefix) {
    if (first == null) {
      first = record;
      firstFile = file;
    }
    for (Map.Entry<String, Column> e : columns.entrySet()) {
      if (record.getField(e.getKey()) == null) {
        e.getValue().nullable = true;
      }
    }
    for (Schema.Field f : record.getFields()) {
      Schema t = AvroColumns.nonNull(f.schema());
      boolean nullable = t != f.schema();
      Column c = columns.get(f.name());
      if (c == null) {
        c = new Column();
        c.type = t;
        c.file = file;
        c.nullable = nullable || first != record;
        columns.put(f.name(), c);
        if (t.getType() == Schema.Type.RECORD) {
          c.nested = new SchemaMerge();
          c.nested.add(t, file, prefix + f.name() + ".");
        }
        continue;
      }
      c.nullable |= nullable;
      if (c.type.getType() == Schema.Type.RECORD && t.getType() == Schema.Type.RECORD) {
        c.nested.add(t, file, prefix + f.name() + ".");
      } else if (!c.type.equals(t)) {
        Schema wider = wider(c.type, t);
        if (wider == null) {
          throw new IllegalArgumentException("column \"" + prefix + f.name() + "\" is "
              + AvroColumns.describe(c.type) + " in " + c.file + " but "
              + AvroColumns.describe(t) + " in " + file
              + ": the files of one input must agree on a column's type (int widens to long,"
              + " float to double); read them as separate inputs or rewrite one");
        }
        if (wider == t) {
          c.type = t;
          c.file = file;
        }
      }
    }
  }

  /** The wider of two types that differ ({@code long} of int/long, ...), or null. */
  private static Schema wider(Schema a, Schema b) {
    if (a.getLogicalType() != null || b.getLogicalType() != null) {
      return null;
    }
    Schema.Type x = a.getType();
    Schema.Type y = b.getType();
    if (x == Schema.Type.INT && y == Schema.Type.LONG
        || x == Schema.Type.FLOAT && y == Schema.Type.DOUBLE) {
      return b;
    }
    if (y == Schema.Type.INT && x == Schema.Type.LONG
        || y == Schema.Type.FLOAT && x == Schema.Type.DOUBLE) {
      return a;
    }
    return null;
  }

  private Schema build(Schema like) {
    List<Schema.Field> fields = new ArrayList<>();
    for (Map.Entry<String, Column> e : columns.entrySet()) {
      Column c = e.getValue();
      Schema t = c.nested != null ? c.nested.build(c.type) : c.type;
      if (c.nullable) {
        fields.add(new Schema.Field(e.getKey(),
            Schema.createUnion(Schema.create(Schema.Type.NULL), t), null,
            JsonProperties.NULL_VALUE));
      } else {
        fields.add(new Schema.Field(e.getKey(), t, null, (Object) null));
      }
    }
    return Schema.createRecord(like.getName(), like.getDoc(), like.getNamespace(), false, fields);
  }

  /**
   * {@code record} as a record of {@code target} (a merged schema holding its schema's columns):
   * columns by name, a column the record lacks null, an int as a long, a float as a double,
   * structs likewise. The record itself when its schema is {@code target}.
   */
  static GenericRecord conform(IndexedRecord record, Schema target) {
    if (record == null || record.getSchema() == target) {
      return (GenericRecord) record;
    }
    Schema source = record.getSchema();
    GenericData.Record out = new GenericData.Record(target);
    for (Schema.Field f : target.getFields()) {
      Schema.Field from = source.getField(f.name());
      out.put(f.pos(), from == null ? null
          : value(record.get(from.pos()), AvroColumns.nonNull(f.schema())));
    }
    return out;
  }

  private static Object value(Object v, Schema target) {
    if (v == null) {
      return null;
    }
    switch (target.getType()) {
      case LONG:
        return v instanceof Integer ? Long.valueOf((Integer) v) : v;
      case DOUBLE:
        return v instanceof Float ? Double.valueOf((Float) v) : v;
      case RECORD:
        return v instanceof IndexedRecord ? conform((IndexedRecord) v, target) : v;
      default:
        return v;
    }
  }

  /** {@link #conform} that remembers whether the last schema met is the target's equal. */
  static final class Conformer {
    private Schema source;
    private Schema target;
    private boolean same;

    GenericRecord apply(IndexedRecord record, Schema to) {
      if (record == null || to == null) {
        return (GenericRecord) record;
      }
      Schema s = record.getSchema();
      if (s != source || to != target) {
        source = s;
        target = to;
        same = s == to || s.equals(to);
      }
      return same ? (GenericRecord) record : conform(record, to);
    }
  }
}
