package io.bloomkit.mapreduce.generate;

import java.io.IOException;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * One planned run of {@code generate}: a {@link Dataset}'s options checked and its generator made
 * (usage errors are thrown before any file exists); writing it is the run.
 */
interface Generation {
  /** Whether each dataset goes to its own subdirectory of the output ({@code patents}). */
  default boolean subdirectories() {
    return false;
  }

  /** The delimiter of the text lines. */
  char delimiter();

  /** The typed rows of a dataset (see {@link TypedRows}), for the formats other than text. */
  Schema schema(String dataset);

  /** The result fields that say what was asked, before {@code output} and {@code parts}. */
  void describe(Map<String, Object> result);

  /** Writes {@code parts} part files per dataset and adds the fields that say what was written. */
  void write(PartFiles files, int parts, Map<String, Object> result) throws IOException;
}
