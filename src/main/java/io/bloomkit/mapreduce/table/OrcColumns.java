package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.Decimal64ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.orc.TypeDescription;

/**
 * ORC types and values for the ORC reader: field paths, key types, included columns and the
 * values of a row of a {@code VectorizedRowBatch} normalised to {@link Row}'s types.
 */
final class OrcColumns {
  private OrcColumns() {}

  /** ORC types as a {@link ColumnPaths.Tree}. */
  static final ColumnPaths.Tree<TypeDescription> TREE =
      new ColumnPaths.Tree<TypeDescription>() {
        @Override
        public List<String> fieldNames(TypeDescription type) {
          return type.getCategory() == TypeDescription.Category.STRUCT
              ? type.getFieldNames()
              : null;
        }

        @Override
        public TypeDescription field(TypeDescription type, int i) {
          return type.getChildren().get(i);
        }

        @Override
        public String describe(TypeDescription type) {
          return type.getCategory().getName();
        }
      };

  /**
   * The key type of a column of type {@code type}, or null if it cannot be a key without {@code
   * --key-type} (float, double, struct, list, map, union).
   */
  static KeyType keyType(TypeDescription type) {
    switch (type.getCategory()) {
      case BOOLEAN:
        return KeyType.BOOLEAN;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return KeyType.LONG;
      case STRING:
      case CHAR:
      case VARCHAR:
        return KeyType.STRING;
      case DATE:
        return KeyType.DATE;
      case TIMESTAMP:
      case TIMESTAMP_INSTANT:
        return KeyType.TIMESTAMP;
      case BINARY:
        return KeyType.BINARY;
      case DECIMAL:
        return KeyType.DECIMAL;
      default:
        return null;
    }
  }

  /**
   * The columns to read for {@code paths} (ORC's {@code include} array by column id): each path's
   * column with everything under it, and its parents.
   */
  static boolean[] include(TypeDescription schema, List<int[]> paths) {
    boolean[] include = new boolean[schema.getMaximumId() + 1];
    include[schema.getId()] = true;
    for (int[] path : paths) {
      if (path == null) {
        continue; // a column this file lacks
      }
      TypeDescription t = schema;
      for (int p : path) {
        t = t.getChildren().get(p);
        include[t.getId()] = true;
      }
      Arrays.fill(include, t.getId(), t.getMaximumId() + 1, true);
    }
    return include;
  }

  /**
   * The value of row {@code row} of {@code v} (of type {@code type}), normalised; a struct holds
   * only its fields in {@code include} (null: all).
   */
  static Object value(ColumnVector v, TypeDescription type, int row, boolean[] include) {
    int r = v.isRepeating ? 0 : row;
    if (!v.noNulls && v.isNull[r]) {
      return null;
    }
    switch (type.getCategory()) {
      case BOOLEAN:
        return ((LongColumnVector) v).vector[r] != 0;
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return ((LongColumnVector) v).vector[r];
      case DATE:
        return LocalDate.ofEpochDay(((LongColumnVector) v).vector[r]);
      case FLOAT:
        return ColumnarRow.ofFloat((float) ((DoubleColumnVector) v).vector[r]);
      case DOUBLE:
        return ((DoubleColumnVector) v).vector[r];
      case STRING:
      case CHAR:
      case VARCHAR:
        {
          BytesColumnVector b = (BytesColumnVector) v;
          return new String(b.vector[r], b.start[r], b.length[r], StandardCharsets.UTF_8);
        }
      case BINARY:
        {
          BytesColumnVector b = (BytesColumnVector) v;
          return Arrays.copyOfRange(b.vector[r], b.start[r], b.start[r] + b.length[r]);
        }
      case DECIMAL:
        if (v instanceof Decimal64ColumnVector) {
          Decimal64ColumnVector d = (Decimal64ColumnVector) v;
          return java.math.BigDecimal.valueOf(d.vector[r], d.scale);
        }
        // HiveDecimal drops trailing zeros: give the column's scale back (exact)
        return ((DecimalColumnVector) v).vector[r].getHiveDecimal().bigDecimalValue()
            .setScale(type.getScale());
      case TIMESTAMP:
      case TIMESTAMP_INSTANT:
        {
          TimestampColumnVector t = (TimestampColumnVector) v;
          return Instant.ofEpochSecond(Math.floorDiv(t.time[r], 1000L), t.nanos[r]);
        }
      case STRUCT:
        {
          StructColumnVector s = (StructColumnVector) v;
          Map<String, Object> out = new LinkedHashMap<>();
          for (int i = 0; i < s.fields.length; i++) {
            TypeDescription t = type.getChildren().get(i);
            if (include == null || include[t.getId()]) {
              out.put(type.getFieldNames().get(i), value(s.fields[i], t, r, include));
            }
          }
          return out;
        }
      case LIST:
        {
          ListColumnVector l = (ListColumnVector) v;
          List<Object> out = new ArrayList<>();
          for (long i = l.offsets[r], e = i + l.lengths[r]; i < e; i++) {
            out.add(value(l.child, type.getChildren().get(0), (int) i, include));
          }
          return out;
        }
      case MAP:
        {
          MapColumnVector m = (MapColumnVector) v;
          Map<Object, Object> out = new LinkedHashMap<>();
          for (long i = m.offsets[r], e = i + m.lengths[r]; i < e; i++) {
            out.put(
                ColumnarRow.text(value(m.keys, type.getChildren().get(0), (int) i, include)),
                value(m.values, type.getChildren().get(1), (int) i, include));
          }
          return out;
        }
      case UNION:
        {
          UnionColumnVector u = (UnionColumnVector) v;
          int tag = u.tags[r];
          return value(u.fields[tag], type.getChildren().get(tag), r, include);
        }
      default:
        throw new IllegalStateException("unsupported ORC type " + type);
    }
  }
}
