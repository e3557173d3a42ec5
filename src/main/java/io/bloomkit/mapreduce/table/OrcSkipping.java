package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.orc.ColumnStatistics;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.StripeStatistics;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.RecordReaderImpl;

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

  /**
   * The rows of the stripes of {@code file} that {@link #searchArgument} does not rule out by the
   * stripes' statistics, evaluated as ORC's reader evaluates it on its row groups (a stripe whose
   * key column holds no key between its min and max, or no value, is skipped), and all its rows:
   * {@code {kept, total}}. What the reader reads is at most that (it skips row groups within the
   * kept stripes by their index too). A file whose key column the bounds do not apply to ({@link
   * #column}) or whose stripes have no statistics is kept whole.
   */
  static long[] keptByStatistics(TableSpec spec, Reader file) throws IOException {
    long[] rows = new long[2];
    List<StripeInformation> stripes = file.getStripes();
    stripes.forEach(st -> rows[1] += st.getNumberOfRows());
    String name = column(spec, file.getSchema());
    List<StripeStatistics> stats = name == null ? List.of() : file.getStripeStatistics();
    if (stats.size() != stripes.size()) {
      rows[0] = rows[1];
      return rows;
    }
    TypeDescription schema = file.getSchema();
    int id = schema.getChildren().get(schema.getFieldNames().indexOf(name)).getId();
    SearchArgument sarg = searchArgument(spec, name);
    List<PredicateLeaf> leaves = sarg.getLeaves();
    SearchArgument.TruthValue[] truth = new SearchArgument.TruthValue[leaves.size()];
    for (int i = 0; i < stripes.size(); i++) {
      ColumnStatistics c = stats.get(i).getColumnStatistics()[id];
      for (int l = 0; l < truth.length; l++) {
        truth[l] = RecordReaderImpl.evaluatePredicate(c, leaves.get(l), null);
      }
      rows[0] += sarg.evaluate(truth).isNeeded() ? stripes.get(i).getNumberOfRows() : 0;
    }
    return rows;
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
