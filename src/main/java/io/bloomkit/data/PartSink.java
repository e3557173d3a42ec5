package io.bloomkit.data;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Where generators write: one stream per (dataset, part). The generators open the parts of a
 * dataset in order, write each completely and close it before opening the next, so an
 * implementation can create files lazily (the {@code generate} tool creates {@code part-NNNNN}
 * files through Hadoop's {@code FileSystem}; tests use byte arrays).
 */
@FunctionalInterface
public interface PartSink {
  /**
   * Opens part {@code part} (0-based) of {@code dataset}; the caller closes the stream.
   *
   * @param dataset a simple name such as {@code patents}, {@code citations}, {@code keys}, or a
   *     TPC-H table name
   */
  OutputStream open(String dataset, int part) throws IOException;

  /** The conventional Hadoop file name of a part: {@code part-00000}, {@code part-00001}, ... */
  static String partFileName(int part) {
    StringBuilder sb = new StringBuilder("part-");
    String n = Integer.toString(part);
    for (int i = n.length(); i < 5; i++) {
      sb.append('0');
    }
    return sb.append(n).toString();
  }
}
