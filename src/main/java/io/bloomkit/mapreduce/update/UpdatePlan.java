package io.bloomkit.mapreduce.update;

import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.KeyExtractor;
import org.apache.hadoop.fs.Path;

/**
 * What an {@code update} run does, checked from the command line ({@link UpdateTool}): the filter
 * it starts from, the inputs whose distinct keys it adds and removes, where the keys are in a
 * record, and what happens to keys to remove that are not members.
 */
final class UpdatePlan {
  final Path from;
  final Path[] add;
  final Path[] remove;
  final Path output;
  final KeyExtractor keys;
  /** The input keys' types ({@code bloomkit.key.types}); the filter must record the same. */
  final KeySignature keyTypes;
  /** The key fields and delimiter as messages show them. */
  final String keyFields;
  final String delimiter;
  /** Skip (and count) keys to remove that are not members instead of refusing the update. */
  final boolean skipNonMembers;
  final double maxShare;

  UpdatePlan(Path from, Path[] add, Path[] remove, Path output, KeyExtractor keys,
      KeySignature keyTypes, String keyFields, String delimiter, boolean skipNonMembers,
      double maxShare) {
    this.keyTypes = keyTypes;
    this.from = from;
    this.add = add;
    this.remove = remove;
    this.output = output;
    this.keys = keys;
    this.keyFields = keyFields;
    this.delimiter = delimiter;
    this.skipNonMembers = skipNonMembers;
    this.maxShare = maxShare;
  }
}
