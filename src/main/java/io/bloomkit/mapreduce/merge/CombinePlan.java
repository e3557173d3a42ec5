package io.bloomkit.mapreduce.merge;

import io.bloomkit.core.FilterFamily;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.Path;

/**
 * What a {@code merge} or {@code subtract} run does, checked from the command line ({@link
 * CombineTool}): the operation, its input files in order (for subtract the base first) and the file
 * to write.
 */
final class CombinePlan {
  /** The two operations and the families each takes. */
  enum Operation {
    /** Counters added, Bloom filter bits ORed, exact sets united. */
    MERGE("merge", EnumSet.of(FilterFamily.BLOOM, FilterFamily.SPLIT_BLOCK, FilterFamily.COUNTING,
        FilterFamily.ACCURATE_COUNTING, FilterFamily.EXACT)),
    /** Counters of the second and later files subtracted from the first's. */
    SUBTRACT("subtract", EnumSet.of(FilterFamily.COUNTING, FilterFamily.ACCURATE_COUNTING));

    final String tool;
    final Set<FilterFamily> families;

    Operation(String tool, Set<FilterFamily> families) {
      this.tool = tool;
      this.families = Collections.unmodifiableSet(families);
    }
  }

  final Operation operation;
  final List<Path> inputs;
  final Path output;
  /** The command line the step appended to the result's provenance records. */
  final List<String> commandLine;

  CombinePlan(Operation operation, List<Path> inputs, Path output, List<String> commandLine) {
    this.operation = operation;
    this.inputs = List.copyOf(inputs);
    this.output = output;
    this.commandLine = List.copyOf(commandLine);
  }
}
