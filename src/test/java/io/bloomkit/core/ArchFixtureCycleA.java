package io.bloomkit.core;

/** Half of a package cycle on purpose (with {@code bloom.ArchFixtureCycleB}); only for LayersTest. */
public final class ArchFixtureCycleA {
  public io.bloomkit.bloom.ArchFixtureCycleB other;
}
