package io.bloomkit.mapreduce.update;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.MalformedRecords;
import java.io.IOException;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The work of an {@link UpdatePlan}, on the client: reads the counting filter fully, adds the
 * distinct keys of the {@code --add} inputs, removes those of the {@code --remove} inputs and
 * writes the result atomically. Every refusal comes before anything is written.
 */
final class FilterUpdate {
  /** The updated filter and what the update did. */
  final CountingFilter filter;
  long itemsBefore;
  long added;
  long removed;
  long removedNonMembers;
  double expectedWrongDecrements;
  long inputRecords;
  long malformedRecords;
  boolean malformedWarning;
  long capacity;
  long serializedBytes;

  /** The families update takes. */
  private static final Set<FilterFamily> UPDATABLE =
      EnumSet.of(FilterFamily.COUNTING, FilterFamily.ACCURATE_COUNTING);

  private FilterUpdate(CountingFilter filter) {
    this.filter = filter;
  }

  static FilterUpdate run(Configuration conf, UpdatePlan p, PrintStream err) throws IOException {
    // any other family is refused naming the file (unsupported family: exit 2)
    CountingFilter f =
        (CountingFilter)
            FilterFiles.read(conf, p.from, "update", UPDATABLE);
    // the key types it holds: kept in the output; other input key types are refused (exit 2)
    KeySignature built = FilterFiles.readKeys(conf, p.from, "update", UPDATABLE);
    if (!built.accepts(p.keyTypes)) {
      throw new UsageException(
          "filter " + p.from + " was built for keys " + built.describe() + " but the input key is "
              + p.keyTypes.describe() + " (" + BloomkitConfig.KEY_TYPES.key() + "); nothing"
              + " written");
    }
    FilterUpdate u = new FilterUpdate(f);
    u.itemsBefore = f.items();
    MalformedRecords.Tally addTally =
        new MalformedRecords.Tally("--add input", p.keyFields, p.delimiter);
    MalformedRecords.Tally removeTally =
        new MalformedRecords.Tally("--remove input", p.keyFields, p.delimiter);
    Set<String> toAdd = InputKeys.distinct(conf, p.add, p.keys, addTally);
    Set<String> toRemove = InputKeys.distinct(conf, p.remove, p.keys, removeTally);
    for (MalformedRecords.Tally t : List.of(addTally, removeTally)) {
      t.failIfAllMalformed();
      u.malformedWarning |= t.warnIfAbove(p.maxShare, err);
    }
    u.inputRecords = addTally.records + removeTally.records;
    u.malformedRecords = addTally.malformed + removeTally.malformed;
    u.capacity = f.shape().capacity();
    u.add(toAdd);
    double fpp = f.expectedFpp(); // before the removals: the chance a non-member passes
    if (!p.skipNonMembers) {
      refuseNonMembers(p.from, f, toRemove);
    }
    u.remove(p.from, toRemove, p.skipNonMembers);
    u.expectedWrongDecrements =
        u.removedNonMembers == 0 ? 0.0 : u.removedNonMembers * fpp / (1 - fpp);
    if (u.removedNonMembers > 0) {
      err.printf(Locale.ROOT,
          "update: warning: %d keys to remove were not members and were skipped; about %.3g more"
              + " keys never added passed the filter (false positives, fpp %.3g) and decremented"
              + " counters of real keys, which later queries may miss%n",
          u.removedNonMembers, u.expectedWrongDecrements, fpp);
      err.flush();
    }
    u.serializedBytes = FilterFiles.writeAtomically(conf, p.output, f, built);
    return u;
  }

  /** Adds every key once; an ACBF's hard capacity is checked first. */
  private void add(Set<String> toAdd) throws IOException {
    boolean hardCapacity = filter.family() == FilterFamily.ACCURATE_COUNTING;
    if (hardCapacity && itemsBefore + toAdd.size() > capacity) {
      throw new IOException(
          "adding " + toAdd.size() + " keys to the " + itemsBefore + " held would exceed the"
              + " capacity of " + capacity + " (" + filter.shape().name() + "); rebuild with a"
              + " larger --capacity; nothing written");
    }
    for (String k : toAdd) {
      try {
        filter.add(k);
      } catch (IllegalStateException e) {
        throw new IOException(e.getMessage() + "; nothing written", e);
      }
    }
    added = toAdd.size();
  }

  /** Removes every key once; a key that is no member is skipped (counted) or fails the update. */
  private void remove(Path in, Set<String> toRemove, boolean skip) throws IOException {
    for (String k : toRemove) {
      KeyHash h = filter.hashStrategy().hash(k);
      try {
        filter.remove(h);
        removed++;
      } catch (IllegalArgumentException e) {
        if (!skip) {
          // a member before the removals: an earlier removed key was a false positive and
          // decremented its counters
          throw new IOException(
              in + ": key \"" + k + "\" to remove stopped being a member after the removals before"
                  + " it: one of them was a key never added (a false positive of the filter);"
                  + " nothing written");
        }
        removedNonMembers++;
      }
    }
  }

  /**
   * Refuses the update if any key to remove is not a member (some counter is 0): a counting filter
   * cannot tell a key never added that passes it (a false positive) from a member, so removing keys
   * never added decrements counters of real keys; a rejected one shows the remove list is wrong.
   */
  private static void refuseNonMembers(Path in, CountingFilter f, Set<String> toRemove)
      throws IOException {
    long non = 0;
    String first = null;
    for (String k : toRemove) {
      if (!f.mightContain(k)) {
        non++;
        if (first == null) {
          first = k;
        }
      }
    }
    if (non > 0) {
      throw new IOException(
          in + ": " + non + " of the " + toRemove.size() + " keys to remove are not members (first:"
              + " \"" + first + "\"); removing keys that were never added decrements counters of"
              + " real keys (about fpp x that many), so later joins lose their rows; nothing"
              + " written (remove only keys that were added, or pass --skip-non-members)");
    }
  }
}
