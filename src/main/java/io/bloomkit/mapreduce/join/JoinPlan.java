package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.FilterSpec;
import io.bloomkit.mapreduce.common.Choices;
import org.apache.hadoop.fs.Path;

/**
 * What a {@code join} run does, checked and resolved from the command line ({@link JoinTool}):
 * inputs (each side's paths as {@code MultipleInputs} takes them), key fields, the join type and
 * where the filter comes from: the spec to build ({@link FilterSource#BUILD}), or the given file and
 * its query view, read and checked while planning ({@link FilterSource#GIVEN}); {@code exactMax} is
 * {@code bloomkit.exact.max.bytes}, the largest exact key set a map task may load.
 */
final class JoinPlan {
  final Path[] left;
  final int[] leftKey;
  /** The left key's types ({@code bloomkit.join.left.key.types}), recorded in a filter built here. */
  final KeySignature leftKeys;
  final Path[] right;
  final int[] rightKey;
  /** The right key's types ({@code bloomkit.join.right.key.types}); a given filter must match. */
  final KeySignature rightKeys;
  final char delimiter;
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

  /**
   * The plan of a command line's options and its resolved paths.
   *
   * @param givenFilter the {@code --filter} file, else null
   * @param givenProbe its query view, read and checked while planning, else null
   */
  JoinPlan(JoinOptions o, Path[] left, KeySignature leftKeys, Path[] right,
      KeySignature rightKeys, Path output, Path givenFilter, Filter givenProbe, long exactMax) {
    this.left = left;
    this.leftKey = o.leftKey;
    this.leftKeys = leftKeys;
    this.right = right;
    this.rightKey = o.rightKey;
    this.rightKeys = rightKeys;
    this.delimiter = o.delimiter;
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
