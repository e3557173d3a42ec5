package io.bloomkit.mapreduce.common;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Record accounting: every record a job read ends up in exactly one of a few outcomes (kept,
 * duplicate, malformed ...), so the counters must add up; if they do not, records were lost or
 * counted twice and the run fails before its output is promoted.
 *
 * <pre>{@code
 * RecordBalance.of(read).plus(kept, "kept").plus(duplicates, "duplicates")
 *     .plus(malformed, "malformed").check();
 * // records unaccounted for: 10 read but 6 kept + 3 duplicates + 0 malformed
 * }</pre>
 */
public final class RecordBalance {
  private final long read;
  private final String input;
  private final List<String> parts = new ArrayList<>();
  private long sum;

  private RecordBalance(long read, String input) {
    this.read = read;
    this.input = input;
  }

  /** The records read. */
  public static RecordBalance of(long read) {
    return new RecordBalance(read, null);
  }

  /**
   * The records read from one of several inputs, named in the message ({@code records of the left
   * input unaccounted for: ...}).
   */
  public static RecordBalance of(long read, String input) {
    return new RecordBalance(read, input);
  }

  /** An outcome: {@code n} records that were {@code what}. */
  public RecordBalance plus(long n, String what) {
    sum += n;
    parts.add(n + " " + what);
    return this;
  }

  /** Whether the outcomes add up to the records read. */
  public boolean balanced() {
    return sum == read;
  }

  /**
   * @throws IOException {@code records unaccounted for: R read but A a + B b ...} unless balanced
   */
  public void check() throws IOException {
    if (!balanced()) {
      throw new IOException((input == null ? "records" : "records of the " + input)
          + " unaccounted for: " + read + " read but " + String.join(" + ", parts));
    }
  }
}
