package io.bloomkit.mapreduce.update;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;

/**
 * {@code update --filter FILE --output FILE [--add PATH[,PATH]] [--remove PATH[,PATH]]
 * [--skip-non-members] [--key-field I[,J]] [--delimiter D] [--max-malformed-share S] [--json]}:
 * incremental maintenance of a counting filter (acbf,
 * cbf), client-side. Reads FILE fully, adds the distinct keys of the {@code --add} inputs, then
 * removes the distinct keys of the {@code --remove} inputs, and writes OUTPUT atomically; FILE is
 * never modified. If a key to remove is not a member (some counter is 0), the whole update is
 * refused (exit 1, nothing written), naming the first such key and how many there are: a counting
 * filter cannot tell a key never added that passes it (a false positive, probability fpp) from a
 * member, so such removals decrement counters of real keys and later queries miss them. With
 * {@code --skip-non-members} they are skipped and counted ({@code removedNonMembers}) and a warning
 * gives {@code expectedWrongDecrements}, the expected number of undetectable false-positive
 * removals among the same keys: {@code removedNonMembers * fpp / (1 - fpp)}. Adding
 * past an ACBF's capacity (the items its idle space holds; build it with {@code --capacity} above
 * the key count to leave room) fails before anything is written. A CBF has no hard capacity: it
 * takes more keys than it was sized for at a higher fpp (its counters saturate at 15, safely).
 *
 * <p>Keys are added once per distinct key of the inputs, unconditionally: a key already present
 * gets a count of 2 and needs two removals, which is safe (never a false negative).
 */
public final class UpdateTool extends BloomkitTool {
  @Override
  public String name() {
    return "update";
  }

  @Override
  public String description() {
    return "Add and remove keys of a counting filter (acbf, cbf), writing a new filter file.";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("filter", "FILE", "counting filter to start from (required; not modified)"));
    o.addOption(opt("output", "FILE", "updated filter to write; must not exist (required)"));
    o.addOption(opt("add", "PATH[,PATH]", "text inputs whose keys are added"));
    o.addOption(opt("remove", "PATH[,PATH]", "text inputs whose keys are removed"));
    o.addOption(
        flag("skip-non-members", "skip keys to remove that are not members instead of refusing"
            + " the update; warns with the expected number of keys never added that passed the"
            + " filter and were wrongly removed"));
    o.addOption(opt("key-field", "I[,J]", "0-based key field(s) (default 0)"));
    o.addOption(SizingOptions.delimiter());
    MalformedOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    KeyExtractor keys;
    char delimiter;
    int[] fields;
    try {
      delimiter = KeyExtractor.parseDelimiter(cl.getOptionValue("delimiter", "\t"));
      fields = KeyExtractor.parseFields(cl.getOptionValue("key-field", "0"));
      keys = new KeyExtractor(delimiter, fields);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    double maxShare = MalformedOptions.maxShare(cl);
    if (!cl.hasOption("add") && !cl.hasOption("remove")) {
      throw new UsageException("nothing to do: give --add and/or --remove");
    }
    Path in = existingFile(required(cl, "filter"), "filter");
    Path[] add = cl.hasOption("add") ? existingPaths(cl.getOptionValue("add"), "add") : new Path[0];
    Path[] remove =
        cl.hasOption("remove") ? existingPaths(cl.getOptionValue("remove"), "remove") : new Path[0];
    Path out = absentPath(required(cl, "output"), "output");
    long start = System.nanoTime();
    // any other family is refused naming the file (unsupported family: exit 2)
    CountingFilter f =
        (CountingFilter)
            FilterFiles.read(
                getConf(), in, name(),
                EnumSet.of(FilterFamily.COUNTING, FilterFamily.ACCURATE_COUNTING));
    long before = f.items();
    String keyFields = KeyExtractor.formatFields(fields);
    String delim = String.valueOf(delimiter);
    MalformedRecords.Tally addTally = new MalformedRecords.Tally("--add input", keyFields, delim);
    MalformedRecords.Tally removeTally =
        new MalformedRecords.Tally("--remove input", keyFields, delim);
    Set<String> toAdd = distinctKeys(add, keys, addTally);
    Set<String> toRemove = distinctKeys(remove, keys, removeTally);
    boolean warning = false;
    for (MalformedRecords.Tally t : List.of(addTally, removeTally)) {
      t.failIfAllMalformed();
      warning |= t.warnIfAbove(maxShare, err());
    }
    long capacity = f.shape().capacity();
    boolean hardCapacity = f.family() == FilterFamily.ACCURATE_COUNTING;
    if (hardCapacity && before + toAdd.size() > capacity) {
      throw new IOException(
          "adding " + toAdd.size() + " keys to the " + before + " held would exceed the capacity of "
              + capacity + " (" + f.shape().name() + "); rebuild with a larger --capacity;"
              + " nothing written");
    }
    for (String k : toAdd) {
      try {
        f.add(k);
      } catch (IllegalStateException e) {
        throw new IOException(e.getMessage() + "; nothing written", e);
      }
    }
    boolean skip = cl.hasOption("skip-non-members");
    double fpp = f.expectedFpp(); // before the removals: the chance a non-member passes
    if (!skip) {
      refuseNonMembers(in, f, toRemove);
    }
    long removed = 0;
    long nonMembers = 0;
    for (String k : toRemove) {
      KeyHash h = f.hashStrategy().hash(k);
      try {
        f.remove(h);
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
        nonMembers++;
      }
    }
    double expectedWrong = nonMembers == 0 ? 0.0 : nonMembers * fpp / (1 - fpp);
    if (nonMembers > 0) {
      err().printf(java.util.Locale.ROOT,
          "update: warning: %d keys to remove were not members and were skipped; about %.3g more"
              + " keys never added passed the filter (false positives, fpp %.3g) and decremented"
              + " counters of real keys, which later queries may miss%n",
          nonMembers, expectedWrong, fpp);
      err().flush();
    }
    long bytes = FilterFiles.writeAtomically(getConf(), out, f);
    Map<String, Object> m = result();
    m.put("filter", out.toString());
    m.put("from", in.toString());
    m.put("family", f.shape().name());
    m.put("itemsBefore", before);
    m.put("items", f.items());
    m.put("added", (long) toAdd.size());
    m.put("removed", removed);
    m.put("removedNonMembers", nonMembers);
    m.put("expectedWrongDecrements", expectedWrong);
    m.put("inputRecords", addTally.records + removeTally.records);
    m.put("malformedRecords", addTally.malformed + removeTally.malformed);
    m.put("malformedWarning", warning);
    m.put("capacity", capacity);
    m.put("bits", f.memoryBits());
    m.put("fpp", f.expectedFpp());
    m.put("serializedBytes", bytes);
    m.put("seconds", (System.nanoTime() - start) / 1e9);
    return m;
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

  /**
   * The distinct well-formed keys of the files the paths stand for, read as every tool reads its
   * inputs ({@link Inputs}: sub-directories, hidden names skipped, decompressed by codec).
   */
  private Set<String> distinctKeys(Path[] paths, KeyExtractor keys, MalformedRecords.Tally tally)
      throws IOException {
    Set<String> out = new LinkedHashSet<>(); // input order: "the first" is the first in the input
    if (paths.length == 0) {
      return out;
    }
    Text line = new Text();
    for (FileStatus st : Inputs.list(getConf(), paths)) {
      try (InputStream s = Inputs.open(getConf(), st.getPath())) {
        LineReader r = new LineReader(s, 1 << 16);
        long offset = 0;
        for (int n = r.readLine(line); n > 0; offset += n, n = r.readLine(line)) {
          tally.records++;
          if (keys.extract(line)) {
            out.add(keys.keyString());
          } else {
            tally.note(
                new MalformedRecords.Sample(st.getPath().toString(), offset, keys.problem(),
                    line.getBytes(), line.getLength()));
          }
        }
      }
    }
    return out;
  }

  public static void main(String[] args) {
    main(new UpdateTool(), args);
  }
}
