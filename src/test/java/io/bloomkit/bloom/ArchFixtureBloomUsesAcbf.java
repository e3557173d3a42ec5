package io.bloomkit.bloom;

/** Breaks the families' independence on purpose (bloom using acbf); only for LayersTest. */
public final class ArchFixtureBloomUsesAcbf {
  public io.bloomkit.acbf.AccurateCountingBloomFilter acbf;
}
