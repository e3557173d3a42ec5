package io.bloomkit.bloom;

/** Half of a package cycle on purpose (with {@code core.ArchFixtureCycleA}); only for LayersTest. */
public final class ArchFixtureCycleB {
  public io.bloomkit.core.ArchFixtureCycleA other;
}
