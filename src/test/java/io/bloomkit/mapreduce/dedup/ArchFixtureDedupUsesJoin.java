package io.bloomkit.mapreduce.dedup;

/** One tool's package using another's, on purpose; only for MapReduceLayersTest. */
public final class ArchFixtureDedupUsesJoin {
  public io.bloomkit.mapreduce.join.JoinTool tool;
}
