package io.bloomkit.sim;

/** Uses commons-cli outside the MapReduce layer on purpose; only {@code CommonsCliTest} imports it. */
public final class ArchFixtureSimUsesCommonsCli {
  public static Object use() {
    return new org.apache.commons.cli.Options();
  }
}
