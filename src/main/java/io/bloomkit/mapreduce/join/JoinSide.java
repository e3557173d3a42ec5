package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.table.TableSpec;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;

/**
 * One side of a join as its command line gives it ({@link JoinPlan}): its input paths (globs
 * expanded; a path may be on both sides), how it is read ({@link TableSpec}: format, key fields and types,
 * null rules) and its whole-record schema for a records output (else null).
 */
final class JoinSide {
  final Path[] paths;
  final TableSpec table;
  final Schema schema;

  JoinSide(Path[] paths, TableSpec table, Schema schema) {
    this.paths = paths;
    this.table = table;
    this.schema = schema;
  }
}
