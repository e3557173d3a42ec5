package io.bloomkit.mapreduce.update;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.FilterSources;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * The work of an {@link UpdatePlan}: reads the counting filter fully, adds the distinct keys of the
 * {@code --add} inputs, removes those of the {@code --remove} inputs and writes the result
 * atomically. Every refusal comes before anything is written. Inputs of at most {@link
 * BloomkitConfig#UPDATE_LOCAL_MAX_BYTES} decoded bytes ({@link Tables#dataBytes}) are read on the
 * client; larger ones by MapReduce jobs ({@link UpdateJobs}), which give the identical filter.
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
  /** Whether the keys were read by MapReduce jobs (else on the client). */
  boolean mapReduce;

  /** The families update takes. */
  static final Set<FilterFamily> UPDATABLE =
      EnumSet.of(FilterFamily.COUNTING, FilterFamily.ACCURATE_COUNTING);

  private FilterUpdate(CountingFilter filter) {
    this.filter = filter;
  }

  static FilterUpdate run(Configuration conf, UpdatePlan p, PrintStream err)
      throws IOException, InterruptedException {
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
    u.capacity = f.shape().capacity();
    long bytes = inputBytes(conf, p);
    u.mapReduce = bytes > BloomkitConfig.UPDATE_LOCAL_MAX_BYTES.getLong(conf);
    double fpp; // after the additions, before the removals: the chance a non-member passes
    if (u.mapReduce) {
      fpp = UpdateJobs.run(conf, p, u, built, bytes, err);
    } else {
      fpp = u.runLocally(conf, p, err);
    }
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
    Provenance provenance =
        appendStep(conf, p, u.added, u.removed, u.removedNonMembers).orElse(null);
    u.serializedBytes = FilterFiles.writeAtomically(conf, p.output, f, built, provenance);
    return u;
  }

  /**
   * The provenance of {@code p.from} with this update's step appended (the command line, the
   * {@code --add} then the {@code --remove} files as sources, what it did); empty when the filter
   * records none (an older file: its history is unknown, and none is written).
   */
  static Optional<Provenance> appendStep(Configuration conf, UpdatePlan p, long added,
      long removed, long skippedNonMembers) throws IOException {
    Optional<Provenance> before = FilterFiles.readProvenance(conf, p.from, "update", UPDATABLE);
    if (before.isEmpty()) {
      return before;
    }
    List<Provenance.Source> adds = p.add.length == 0
        ? List.of() : FilterSources.sources(conf, -1, -1, p.add);
    List<Provenance.Source> removes = p.remove.length == 0
        ? List.of() : FilterSources.sources(conf, -1, -1, p.remove);
    return Optional.of(before.get().append(Provenance.Step.builder("update").tool("update")
        .options(p.commandLine)
        .description("added " + added + " keys from " + adds.size() + " --add files, removed "
            + removed + " keys from " + removes.size() + " --remove files (sources in that order)"
            + (skippedNonMembers > 0 ? ", skipped " + skippedNonMembers + " non-members" : ""))
        .sources(adds)
        .sources(removes)
        .build()));
  }

  /** The decoded bytes of the {@code --add} and {@code --remove} inputs ({@link Tables#dataBytes}). */
  static long inputBytes(Configuration conf, UpdatePlan p) throws IOException {
    long bytes = 0;
    if (p.add.length > 0) {
      bytes += Tables.dataBytes(conf, p.addSpec.format(), p.add);
    }
    if (p.remove.length > 0) {
      bytes += Tables.dataBytes(conf, p.removeSpec.format(), p.remove);
    }
    return bytes;
  }

  /** How messages name the malformed records of the {@code --add} or {@code --remove} input. */
  static MalformedRecords.Tally tally(UpdatePlan p, String option) {
    return new MalformedRecords.Tally("--" + option + " input", p.keyFields, p.delimiter);
  }

  /** Counts a finished input: fails if every record was malformed, warns above the share. */
  void checkMalformed(UpdatePlan p, MalformedRecords.Tally t, PrintStream err)
      throws MalformedRecords.AllMalformedException {
    t.failIfAllMalformed();
    malformedWarning |= t.warnIfAbove(p.maxShare, err);
    inputRecords += t.records;
    malformedRecords += t.malformed;
  }

  /** The client path: reads both inputs' distinct keys, then adds and removes them one by one. */
  private double runLocally(Configuration conf, UpdatePlan p, PrintStream err) throws IOException {
    MalformedRecords.Tally addTally = tally(p, "add");
    MalformedRecords.Tally removeTally = tally(p, "remove");
    InputKeys adding = InputKeys.distinct(conf, p.add, p.addSpec, addTally);
    InputKeys removing = InputKeys.distinct(conf, p.remove, p.removeSpec, removeTally);
    Set<ByteBuffer> toAdd = adding.keys;
    Set<ByteBuffer> toRemove = removing.keys;
    for (MalformedRecords.Tally t : List.of(addTally, removeTally)) {
      checkMalformed(p, t, err);
    }
    nullKeys = adding.nullKeys + removing.nullKeys;
    add(toAdd);
    double fpp = filter.expectedFpp();
    if (!p.skipNonMembers) {
      refuseNonMembers(p, filter, toRemove);
    }
    remove(p, toRemove, p.skipNonMembers);
    return fpp;
  }

  /**
   * Refuses adding {@code adding} keys to an ACBF whose capacity they would exceed (a CBF has no
   * hard capacity).
   */
  void checkCapacity(long adding) throws IOException {
    if (filter.family() == FilterFamily.ACCURATE_COUNTING && itemsBefore + adding > capacity) {
      throw new IOException(
          "adding " + adding + " keys to the " + itemsBefore + " held would exceed the"
              + " capacity of " + capacity + " (" + filter.shape().name() + "); rebuild with a"
              + " larger --capacity; nothing written");
    }
  }

  /** Adds every key once; an ACBF's hard capacity is checked first. */
  private void add(Set<ByteBuffer> toAdd) throws IOException {
    checkCapacity(toAdd.size());
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
              p.from + ": key \"" + show(p, k.array(), k.limit()) + "\" to remove stopped being a"
                  + " member after the removals before it: one of them was a key never added (a"
                  + " false positive of the filter); nothing written");
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
      throw nonMembers(p, non, toRemove.size(), show(p, first.array(), first.limit()));
    }
  }

  /** The refusal of an update whose {@code non} of {@code keys} keys to remove are no members. */
  static IOException nonMembers(UpdatePlan p, long non, long keys, String first) {
    return new IOException(
        p.from + ": " + non + " of the " + keys + " keys to remove are not"
            + " members (first: \"" + first + "\"); removing keys that were never added"
            + " decrements counters of"
            + " real keys (about fpp x that many), so later joins lose their rows; nothing"
            + " written (remove only keys that were added, or pass --skip-non-members)");
  }

  /** The filter's hash of canonical key bytes. */
  private static KeyHash hash(CountingFilter f, ByteBuffer key) {
    return f.hashStrategy().hash(key.array(), 0, key.limit());
  }

  /** A key as messages show it: its fields as text, joined by the delimiter. */
  static String show(UpdatePlan p, byte[] key, int length) {
    return KeyEncoder.render(p.removeSpec.keyTypes(), p.removeSpec.delimiter(), key, length);
  }
}
