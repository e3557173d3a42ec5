package io.bloomkit.mapreduce.table;

import static org.apache.parquet.filter2.predicate.FilterApi.and;
import static org.apache.parquet.filter2.predicate.FilterApi.binaryColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.eq;
import static org.apache.parquet.filter2.predicate.FilterApi.gtEq;
import static org.apache.parquet.filter2.predicate.FilterApi.intColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.longColumn;
import static org.apache.parquet.filter2.predicate.FilterApi.ltEq;
import static org.apache.parquet.filter2.predicate.FilterApi.or;

import io.bloomkit.core.key.KeyType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The Parquet filter of a spec's {@link KeyBounds} on one file: the key column equal to one of the
 * keys when they are listed, else within [min, max]. Given to Parquet's reader with record filtering off,
 * it drops whole row groups only, by their statistics, dictionaries and Bloom filters ({@link
 * #LEVELS}); the rows of a row group it reads are all given. A file whose key column is not a
 * top-level {@code INT32}/{@code INT64} signed integer (for {@code long} bounds) or a {@code
 * STRING} binary ({@code string} bounds), a partition column, or a name with a dot, gets none.
 */
final class ParquetSkipping {
  private ParquetSkipping() {}

  /** The levels Parquet's reader filters row groups by, with the options bloomkit sets. */
  static final List<RowGroupFilter.FilterLevel> LEVELS = Arrays.asList(
      RowGroupFilter.FilterLevel.STATISTICS, RowGroupFilter.FilterLevel.DICTIONARY,
      RowGroupFilter.FilterLevel.BLOOMFILTER);

  /** The filter of {@code spec}'s bounds on {@code schema}, or {@link FilterCompat#NOOP}. */
  static FilterCompat.Filter filter(TableSpec spec, MessageType schema) {
    KeyBounds b = spec.keyBounds();
    if (b == null || spec.keyFieldCount() != 1) {
      return FilterCompat.NOOP;
    }
    PrimitiveType column = column(schema, spec.fields().get(0));
    if (column == null || column.getName().contains(".")) {
      return FilterCompat.NOOP;
    }
    String name = column.getName();
    LogicalTypeAnnotation a = column.getLogicalTypeAnnotation();
    boolean signed = a == null || (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation
        && ((LogicalTypeAnnotation.IntLogicalTypeAnnotation) a).isSigned());
    switch (column.getPrimitiveTypeName()) {
      case INT64:
        return b.type() == KeyType.LONG && signed
            ? FilterCompat.get(longs(longColumn(name), b)) : FilterCompat.NOOP;
      case INT32:
        return b.type() == KeyType.LONG && signed
            ? FilterCompat.get(ints(intColumn(name), b)) : FilterCompat.NOOP;
      case BINARY:
        return b.type() == KeyType.STRING
            && a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
            ? FilterCompat.get(strings(binaryColumn(name), b)) : FilterCompat.NOOP;
      default:
        return FilterCompat.NOOP;
    }
  }

  /**
   * The rows of the row groups of {@code file}'s footer that {@code spec}'s bounds do not rule
   * out by their statistics, and all its rows: {@code {kept, total}}.
   */
  static long[] keptByStatistics(TableSpec spec, org.apache.parquet.hadoop.ParquetFileReader file) {
    List<org.apache.parquet.hadoop.metadata.BlockMetaData> groups = file.getFooter().getBlocks();
    FilterCompat.Filter f = filter(spec, file.getFooter().getFileMetaData().getSchema());
    List<org.apache.parquet.hadoop.metadata.BlockMetaData> kept = f == FilterCompat.NOOP ? groups
        : RowGroupFilter.filterRowGroups(
            List.of(RowGroupFilter.FilterLevel.STATISTICS), f, groups, file);
    long[] rows = new long[2];
    kept.forEach(b -> rows[0] += b.getRowCount());
    groups.forEach(b -> rows[1] += b.getRowCount());
    return rows;
  }

  /** Parquet's schema as {@link ColumnPaths} walks it. */
  private static final ColumnPaths.Tree<Type> TREE = new ColumnPaths.Tree<Type>() {
    @Override
    public List<String> fieldNames(Type type) {
      if (type.isPrimitive()) {
        return null;
      }
      List<String> names = new ArrayList<>();
      type.asGroupType().getFields().forEach(f -> names.add(f.getName()));
      return names;
    }

    @Override
    public Type field(Type type, int i) {
      return type.asGroupType().getType(i);
    }

    @Override
    public String describe(Type type) {
      return type.toString();
    }
  };

  /**
   * The top-level primitive column {@code field} names, resolved as the readers resolve it
   * ({@link ColumnPaths}: a name before a number, then a name in any case), or null: a nested
   * field, a partition column, or a field the reader would refuse (it says so itself).
   */
  private static PrimitiveType column(MessageType schema, String field) {
    int[] path;
    try {
      path = ColumnPaths.resolveOrAbsent(TREE, schema, field, "the file");
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (path == null || path.length != 1) {
      return null;
    }
    Type t = schema.getType(path[0]);
    return t.isPrimitive() && !t.isRepetition(Type.Repetition.REPEATED)
        ? t.asPrimitiveType() : null;
  }

  private static FilterPredicate longs(Operators.LongColumn c, KeyBounds b) {
    return keys(c, (Long) b.min(), (Long) b.max(), b, v -> (Long) v);
  }

  /** Bounds beyond an int are clamped (a wider range keeps more row groups, never fewer). */
  private static FilterPredicate ints(Operators.IntColumn c, KeyBounds b) {
    return keys(c, clamp((Long) b.min()), clamp((Long) b.max()), b,
        v -> {
          long x = (Long) v;
          return x == (int) x ? Integer.valueOf((int) x) : null; // else no int column holds it
        });
  }

  private static int clamp(long v) {
    return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
  }

  private static FilterPredicate strings(Operators.BinaryColumn c, KeyBounds b) {
    return keys(c, Binary.fromString((String) b.min()), Binary.fromString((String) b.max()), b,
        v -> Binary.fromString((String) v));
  }

  /**
   * {@code c} equal to one of the bounds' listed keys, each as {@code value} gives it (null: one
   * the column cannot hold, left out), or else within [min, max].
   */
  private static <T extends Comparable<T>, C extends Operators.Column<T>
      & Operators.SupportsLtGt> FilterPredicate keys(C c, T min, T max, KeyBounds b,
      java.util.function.Function<Comparable<?>, T> value) {
    Set<T> values = new LinkedHashSet<>();
    for (Comparable<?> v : b.values()) {
      T t = value.apply(v);
      if (t != null) {
        values.add(t);
      }
    }
    return values.isEmpty() ? and(gtEq(c, min), ltEq(c, max))
        : anyOf(c, new ArrayList<>(values), 0, values.size());
  }

  /**
   * {@code c} equal to one of {@code values[from, to)}: a balanced tree of {@code or}s of {@code
   * eq}s, which each level tests value by value (a row group's [min, max], dictionary or Bloom
   * filter must admit one of the values). Parquet's own {@code in} is weaker on statistics: it
   * drops a row group only when the values' whole range misses it.
   */
  private static <T extends Comparable<T>, C extends Operators.Column<T>
      & Operators.SupportsEqNotEq> FilterPredicate anyOf(C c, List<T> values, int from, int to) {
    if (to - from == 1) {
      return eq(c, values.get(from));
    }
    int mid = (from + to) >>> 1;
    return or(anyOf(c, values, from, mid), anyOf(c, values, mid, to));
  }
}
