package io.bloomkit.mapreduce.join;

import io.bloomkit.core.format.Provenance;
import io.bloomkit.mapreduce.common.FilterSources;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The input a {@code --filter FILE} holds the keys of, read from its provenance: the side whose
 * files its build read ({@link FilterSources#builtFrom}); when its sources are among both sides'
 * files (a self-join, or both sides in one directory), the side whose key fields it recorded, if
 * only one has them. A filter that says nothing (no provenance, other inputs, or both sides alike)
 * holds the side {@code --build-side} names, by default the left. A filter built from one side is
 * refused, before any job, with {@code --build-side} naming the other.
 */
final class GivenFilterSide {
  private GivenFilterSide() {}

  /**
   * The build side of a join given {@code filter} ({@code LEFT} or {@code RIGHT}, as the command
   * line names the inputs).
   *
   * @param asked {@code --build-side}
   * @throws UsageException when the filter's provenance names one side and {@code asked} the other
   */
  static JoinPlan.BuildSide of(Configuration conf, Path filter, Optional<Provenance> provenance,
      JoinPlan.BuildSide asked, Path[] left, TableSpec leftTable, Path[] right,
      TableSpec rightTable) throws IOException {
    boolean fromLeft = FilterSources.builtFrom(conf, provenance, left);
    boolean fromRight = FilterSources.builtFrom(conf, provenance, right);
    if (fromLeft && fromRight) { // the same files on both sides: the key fields it was built on
      java.util.List<String> keys = provenance.get().keySpec().fields();
      fromLeft = keys.equals(FilterSources.keySpec(leftTable).fields());
      fromRight = keys.equals(FilterSources.keySpec(rightTable).fields());
    }
    if (fromLeft == fromRight) { // says nothing, or both alike
      return asked == JoinPlan.BuildSide.RIGHT ? asked : JoinPlan.BuildSide.LEFT;
    }
    JoinPlan.BuildSide recorded = fromLeft ? JoinPlan.BuildSide.LEFT : JoinPlan.BuildSide.RIGHT;
    if (asked != JoinPlan.BuildSide.AUTO && asked != recorded) {
      throw new UsageException("--build-side " + asked.cliName() + ": --filter " + filter
          + " holds the keys of the " + recorded.cliName() + " input (its provenance records "
          + provenance.get().sources().get(0).path() + "), not of the " + asked.cliName()
          + " one; leave --build-side out or build a filter of the " + asked.cliName()
          + " input");
    }
    return recorded;
  }
}
