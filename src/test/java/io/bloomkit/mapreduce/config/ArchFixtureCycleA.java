package io.bloomkit.mapreduce.config;

/** Half of a package cycle on purpose (with {@code common.ArchFixtureCycleB}); only for MapReduceLayersTest. */
public final class ArchFixtureCycleA {
  public io.bloomkit.mapreduce.common.ArchFixtureCycleB other;
}
