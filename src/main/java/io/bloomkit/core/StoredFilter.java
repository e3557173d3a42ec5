package io.bloomkit.core;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Anything the one binary format stores: a filter of one of the ten {@link FilterFamily} values.
 * The membership filters ({@link Filter}), the stream filters ({@link StreamFilter}) and the linked
 * counting Bloom filter share only this: the family the file names and the writer.
 * {@code io.bloomkit.registry.Filters.read} reads any of them back; its typed variant returns the
 * kind the caller needs, or fails naming the file's family.
 */
public interface StoredFilter {
  /** The family written in the file's header. */
  FilterFamily family();

  /** Writes the filter in the one binary format (see {@code FilterFormat}). */
  void writeTo(OutputStream out) throws IOException;
}
