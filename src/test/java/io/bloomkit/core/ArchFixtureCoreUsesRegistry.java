package io.bloomkit.core;

/** Breaks the layers on purpose (core using the registry); only {@code LayersTest} imports it. */
public final class ArchFixtureCoreUsesRegistry {
  public static Object use() {
    return io.bloomkit.registry.Filters.FAMILIES;
  }
}
