package io.bloomkit.mapreduce.table;

/** The reader layer reaching up into a tool, on purpose; only for MapReduceLayersTest. */
public final class ArchFixtureTableUsesJoin {
  public io.bloomkit.mapreduce.join.JoinTool tool;
}
