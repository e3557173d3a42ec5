package io.bloomkit.mapreduce.probe;

import io.bloomkit.core.Filter;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.table.TableSpec;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;

/**
 * What a {@code probe} run does, checked and resolved from the command line ({@link ProbeTool}):
 * the input and how it is read (its {@link TableSpec}, whose key fields are every filter's key
 * fields one filter after the other), the filters in {@code --filter} order, the mode and where
 * and how the records are written.
 */
final class ProbePlan {
  /** One {@code --filter FILE:KEYFIELDS}. */
  static final class ProbeFilter {
    /** The filter file, qualified. */
    final Path path;
    /** The key fields as given (0-based numbers or column names). */
    final List<String> fields;
    /** The key's types, one per field (given, or the columns', else strings). */
    final List<KeyType> types;
    /** The filter's query view, read and checked while planning (type, theoretical rate). */
    final Filter filter;

    ProbeFilter(Path path, List<String> fields, List<KeyType> types, Filter filter) {
      this.path = path;
      this.fields = fields;
      this.types = types;
      this.filter = filter;
    }
  }

  final Path[] inputs;
  final TableSpec spec;
  final List<ProbeFilter> filters;
  /** {@code --any}: a record passes when one filter may hold its key; else every one must. */
  final boolean any;
  /** {@code --invert}: write the records that do not pass. */
  final boolean invert;
  final Path output;
  final OutputOptions out;
  /** The input's record schema for a records output, null for text (the lines as read). */
  final Schema schema;
  final boolean strict;
  final double maxShare;

  ProbePlan(Path[] inputs, TableSpec spec, List<ProbeFilter> filters, boolean any, boolean invert,
      Path output, OutputOptions out, Schema schema, boolean strict, double maxShare) {
    this.inputs = inputs;
    this.spec = spec;
    this.filters = filters;
    this.any = any;
    this.invert = invert;
    this.output = output;
    this.out = out;
    this.schema = schema;
    this.strict = strict;
    this.maxShare = maxShare;
  }

  /** {@code all} or {@code any}. */
  String mode() {
    return any ? "any" : "all";
  }
}
