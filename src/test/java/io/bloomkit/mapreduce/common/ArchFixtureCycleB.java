package io.bloomkit.mapreduce.common;

/** Half of a package cycle on purpose (with {@code config.ArchFixtureCycleA}); only for MapReduceLayersTest. */
public final class ArchFixtureCycleB {
  public io.bloomkit.mapreduce.config.ArchFixtureCycleA other;
}
