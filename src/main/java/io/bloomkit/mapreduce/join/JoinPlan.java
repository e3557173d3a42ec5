package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.FilterSpec;
import io.bloomkit.mapreduce.common.Choices;
import io.bloomkit.mapreduce.common.OutputOptions;
import io.bloomkit.mapreduce.table.TableSpec;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;

/**
 * What a {@code join} run does, checked and resolved from the command line ({@link JoinTool}):
 * inputs (each side's paths as {@code MultipleInputs} takes them) and how each side is read (its
 * {@link TableSpec}: format, key fields and types, null rules; both sides' keys have the same
 * types), the join type and
 * where the filter comes from: the spec to build ({@link FilterSource#BUILD}), or the given file and
 * its query view, read and checked while planning ({@link FilterSource#GIVEN}); {@code exactMax} is
 * {@code bloomkit.exact.max.bytes}, the largest exact key set a map task may load.
 */
final class JoinPlan {
  final Path[] left;
  /** How the left side is read: whole records (the join writes them). */
  final TableSpec leftTable;
  final Path[] right;
  final TableSpec rightTable;
  final Path output;
  final Type type;
  final FilterSource filterSource;
  final FilterSpec spec;
  final Path givenFilter;
  final Filter givenProbe;
  final int reducers;
  final boolean strict;
  final double maxShare;
  final long exactMax;
  /** The output format and its options. */
  final OutputOptions out;
  /** The sides' whole-record schemas (records output), else null. */
  final Schema leftSchema;
  final Schema rightSchema;

  /**
   * The plan of a command line's options and its resolved paths.
   *
   * @param givenFilter the {@code --filter} file, else null
   * @param givenProbe its query view, read and checked while planning, else null
   * @param leftSchema the left side's record schema for a records output, else null
   * @param rightSchema the right side's, likewise
   */
  JoinPlan(JoinOptions o, Path[] left, TableSpec leftTable, Path[] right, TableSpec rightTable,
      Path output, Path givenFilter, Filter givenProbe, long exactMax, Schema leftSchema,
      Schema rightSchema) {
    this.left = left;
    this.leftTable = leftTable;
    this.right = right;
    this.rightTable = rightTable;
    this.output = output;
    this.type = o.type;
    this.filterSource = o.filterSource;
    this.spec = o.spec;
    this.givenFilter = givenFilter;
    this.givenProbe = givenProbe;
    this.reducers = o.reducers;
    this.strict = o.strict;
    this.maxShare = o.maxShare;
    this.exactMax = exactMax;
    this.out = o.out;
    this.leftSchema = leftSchema;
    this.rightSchema = rightSchema;
  }

  /** How the filter build reads the left side: only the key columns. */
  TableSpec leftKeysOnly() {
    return leftTable.toBuilder().projection(true).build();
  }

  /** {@code --type}: the rows a join writes. */
  enum Type {
    /** Only matching pairs. */
    INNER,
    /** Also every left record without a match, with an empty right part. */
    LEFT_OUTER;

    /** The name in {@code --type} and {@link io.bloomkit.mapreduce.BloomkitConfig#JOIN_TYPE}. */
    String cliName() {
      return Choices.name(this);
    }
  }

  /** Where the right side's filter comes from. */
  enum FilterSource {
    /** {@code --filter FILE}: a filter file built earlier (build, update). */
    GIVEN,
    /** {@code --filter-type TYPE}: a filter of the left keys built first, in the work directory. */
    BUILD,
    /** {@code --filter-type none}: no filter, a plain reduce-side join. */
    NONE
  }
}
