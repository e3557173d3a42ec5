package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.util.List;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.orc.TypeDescription;

/**
 * The ORC search argument of a spec's {@link KeyBounds} on one file: the key column between the
 * least and the greatest key, and in the keys when they are listed. ORC's reader then skips the
 * row groups (10,000 rows by default) whose index statistics or Bloom filters show that none of
 * their values can match, and gives every row of the others (no row-level filtering). Only {@code
 * long} bounds, on a top-level {@code tinyint}, {@code smallint}, {@code int} or {@code bigint}
 * column ({@code string} bounds would be compared in UTF-16 order by ORC's evaluation, not the
 * UTF-8 order of its statistics).
 */
final class OrcSkipping {
  private OrcSkipping() {}

  /** The search argument of {@code spec}'s bounds on {@code name}, a {@link #column}. */
  static SearchArgument searchArgument(TableSpec spec, String name) {
    KeyBounds b = spec.keyBounds();
    SearchArgument.Builder s = SearchArgumentFactory.newBuilder().startAnd()
        .between(name, PredicateLeaf.Type.LONG, b.min(), b.max());
    List<Comparable<?>> values = b.values();
    if (!values.isEmpty()) {
      s.in(name, PredicateLeaf.Type.LONG, values.toArray());
    }
    return s.end().build();
  }

  /** The top-level integer column the bounds apply to, or null. */
  static String column(TableSpec spec, TypeDescription schema) {
    KeyBounds b = spec.keyBounds();
    if (b == null || b.type() != KeyType.LONG || spec.keyFieldCount() != 1
        || schema.getCategory() != TypeDescription.Category.STRUCT) {
      return null;
    }
    // resolved as the reader resolves it (ColumnPaths: a name before a number, then any case)
    int[] path;
    try {
      path = ColumnPaths.resolveOrAbsent(OrcColumns.TREE, schema, spec.fields().get(0),
          "the file");
    } catch (IllegalArgumentException e) {
      return null;
    }
    if (path == null || path.length != 1) {
      return null;
    }
    int at = path[0];
    List<String> names = schema.getFieldNames();
    if (names.get(at).contains(".")) {
      return null;
    }
    switch (schema.getChildren().get(at).getCategory()) {
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
        return names.get(at);
      default:
        return null;
    }
  }
}
