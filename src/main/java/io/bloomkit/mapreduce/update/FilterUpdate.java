package io.bloomkit.mapreduce.update;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.table.KeyEncoder;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
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
  /** Input records skipped for a null key. */
  long nullKeys;
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
    KeySignature input = KeySignature.of(p.addSpec.keyTypes()); // --remove's are the same
    if (!built.accepts(input)) {
      throw new UsageException(
          "filter " + p.from + " was built for keys " + built.describe() + " but the input key is "
              + input.describe() + " (--key-type); nothing written");
    }
    FilterUpdate u = new FilterUpdate(f);
    u.itemsBefore = f.items();
    MalformedRecords.Tally addTally =
        new MalformedRecords.Tally("--add input", p.keyFields, p.delimiter);
    MalformedRecords.Tally removeTally =
        new MalformedRecords.Tally("--remove input", p.keyFields, p.delimiter);
    InputKeys adding = InputKeys.distinct(conf, p.add, p.addSpec, addTally);
    InputKeys removing = InputKeys.distinct(conf, p.remove, p.removeSpec, removeTally);
    Set<ByteBuffer> toAdd = adding.keys;
    Set<ByteBuffer> toRemove = removing.keys;
    for (MalformedRecords.Tally t : List.of(addTally, removeTally)) {
      t.failIfAllMalformed();
      u.malformedWarning |= t.warnIfAbove(p.maxShare, err);
    }
    u.inputRecords = addTally.records + removeTally.records;
    u.malformedRecords = addTally.malformed + removeTally.malformed;
    u.nullKeys = adding.nullKeys + removing.nullKeys;
    u.capacity = f.shape().capacity();
    u.add(toAdd);
    double fpp = f.expectedFpp(); // before the removals: the chance a non-member passes
    if (!p.skipNonMembers) {
      refuseNonMembers(p, f, toRemove);
    }
    u.remove(p, toRemove, p.skipNonMembers);
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
  private void add(Set<ByteBuffer> toAdd) throws IOException {
    boolean hardCapacity = filter.family() == FilterFamily.ACCURATE_COUNTING;
    if (hardCapacity && itemsBefore + toAdd.size() > capacity) {
      throw new IOException(
          "adding " + toAdd.size() + " keys to the " + itemsBefore + " held would exceed the"
              + " capacity of " + capacity + " (" + filter.shape().name() + "); rebuild with a"
              + " larger --capacity; nothing written");
    }
    for (ByteBuffer k : toAdd) {
      try {
        filter.add(hash(filter, k));
      } catch (IllegalStateException e) {
        throw new IOException(e.getMessage() + "; nothing written", e);
      }
    }
    added = toAdd.size();
  }

  /** Removes every key once; a key that is no member is skipped (counted) or fails the update. */
  private void remove(UpdatePlan p, Set<ByteBuffer> toRemove, boolean skip) throws IOException {
    for (ByteBuffer k : toRemove) {
      KeyHash h = hash(filter, k);
      try {
        filter.remove(h);
        removed++;
      } catch (IllegalArgumentException e) {
        if (!skip) {
          // a member before the removals: an earlier removed key was a false positive and
          // decremented its counters
          throw new IOException(
              p.from + ": key \"" + show(p, k) + "\" to remove stopped being a member after the"
                  + " removals before it: one of them was a key never added (a false positive of"
                  + " the filter); nothing written");
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
  private static void refuseNonMembers(UpdatePlan p, CountingFilter f, Set<ByteBuffer> toRemove)
      throws IOException {
    long non = 0;
    ByteBuffer first = null;
    for (ByteBuffer k : toRemove) {
      if (!f.mightContain(hash(f, k))) {
        non++;
        if (first == null) {
          first = k;
        }
      }
    }
    if (non > 0) {
      throw new IOException(
          p.from + ": " + non + " of the " + toRemove.size() + " keys to remove are not"
              + " members (first: \"" + show(p, first) + "\"); removing keys that were never added"
              + " decrements counters of"
              + " real keys (about fpp x that many), so later joins lose their rows; nothing"
              + " written (remove only keys that were added, or pass --skip-non-members)");
    }
  }

  /** The filter's hash of canonical key bytes. */
  private static KeyHash hash(CountingFilter f, ByteBuffer key) {
    return f.hashStrategy().hash(key.array(), 0, key.limit());
  }

  /** A key as messages show it: its fields as text, joined by the delimiter. */
  private static String show(UpdatePlan p, ByteBuffer key) {
    return KeyEncoder.render(
        p.removeSpec.keyTypes(), p.removeSpec.delimiter(), key.array(), key.limit());
  }
}
