package io.bloomkit.mapreduce.update;

import io.bloomkit.filter.CountingFilter;
import io.bloomkit.filter.Filter;
import io.bloomkit.hash.KeyHash;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;

/**
 * {@code update --filter FILE --output FILE [--add PATH[,PATH]] [--remove PATH[,PATH]]
 * [--key-field I[,J]] [--delimiter D] [--json]}: incremental maintenance of a counting filter (acbf,
 * cbf), client-side. Reads FILE fully, adds the distinct keys of the {@code --add} inputs, then
 * removes the distinct keys of the {@code --remove} inputs, and writes OUTPUT atomically; FILE is
 * never modified. Removing a non-member is counted ({@code removedNonMembers}) and skipped. Adding
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
    o.addOption(opt("key-field", "I[,J]", "0-based key field(s) (default 0)"));
    o.addOption(SizingOptions.delimiter());
    return o;
  }

  /** Counts of one update. */
  private static final class Tally {
    long inputRecords;
    long malformed;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    KeyExtractor keys;
    try {
      keys =
          new KeyExtractor(
              KeyExtractor.parseDelimiter(cl.getOptionValue("delimiter", "\t")),
              KeyExtractor.parseFields(cl.getOptionValue("key-field", "0")));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (!cl.hasOption("add") && !cl.hasOption("remove")) {
      throw new UsageException("nothing to do: give --add and/or --remove");
    }
    Path in = existingPaths(required(cl, "filter"), "filter")[0];
    Path[] add = cl.hasOption("add") ? existingPaths(cl.getOptionValue("add"), "add") : new Path[0];
    Path[] remove =
        cl.hasOption("remove") ? existingPaths(cl.getOptionValue("remove"), "remove") : new Path[0];
    Path out = absentPath(required(cl, "output"), "output");
    long start = System.nanoTime();
    Filter read =
        FilterFiles.read(
            getConf(), in, name(),
            java.util.EnumSet.of(
                io.bloomkit.filter.FilterFamily.COUNTING,
                io.bloomkit.filter.FilterFamily.ACCURATE_COUNTING));
    if (!(read instanceof CountingFilter)) {
      throw new UsageException(
          in + " is a " + read.shape().name() + " filter; update needs a counting filter (acbf, cbf)");
    }
    CountingFilter f = (CountingFilter) read;
    long before = f.items();
    Tally tally = new Tally();
    Set<String> toAdd = distinctKeys(add, keys, tally);
    Set<String> toRemove = distinctKeys(remove, keys, tally);
    long capacity = f.shape().capacity();
    boolean hardCapacity = f.family() == io.bloomkit.filter.FilterFamily.ACCURATE_COUNTING;
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
    long removed = 0;
    long nonMembers = 0;
    for (String k : toRemove) {
      KeyHash h = f.hashStrategy().hash(k);
      try {
        f.remove(h);
        removed++;
      } catch (IllegalArgumentException e) {
        nonMembers++;
      }
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
    m.put("inputRecords", tally.inputRecords);
    m.put("malformedRecords", tally.malformed);
    m.put("capacity", capacity);
    m.put("bits", f.memoryBits());
    m.put("fpp", f.expectedFpp());
    m.put("serializedBytes", bytes);
    m.put("seconds", (System.nanoTime() - start) / 1e9);
    return m;
  }

  /** The distinct well-formed keys of every file under the paths (hidden files skipped). */
  private Set<String> distinctKeys(Path[] paths, KeyExtractor keys, Tally tally)
      throws IOException {
    Set<String> out = new HashSet<>();
    Text line = new Text();
    for (Path p : paths) {
      FileSystem fs = p.getFileSystem(getConf());
      for (Path file : files(fs, p)) {
        try (InputStream s = new BufferedInputStream(fs.open(file), 1 << 16)) {
          LineReader r = new LineReader(s);
          while (r.readLine(line) > 0) {
            tally.inputRecords++;
            if (keys.extract(line)) {
              out.add(keys.keyString());
            } else {
              tally.malformed++;
            }
          }
        }
      }
    }
    return out;
  }

  private static List<Path> files(FileSystem fs, Path p) throws IOException {
    List<Path> out = new ArrayList<>();
    FileStatus[] matched = fs.globStatus(p);
    if (matched == null) {
      return out;
    }
    Arrays.sort(matched);
    for (FileStatus st : matched) {
      collect(fs, st, out);
    }
    return out;
  }

  private static void collect(FileSystem fs, FileStatus st, List<Path> out) throws IOException {
    String n = st.getPath().getName();
    if (n.startsWith("_") || n.startsWith(".")) {
      return;
    }
    if (st.isDirectory()) {
      FileStatus[] children = fs.listStatus(st.getPath());
      Arrays.sort(children);
      for (FileStatus c : children) {
        collect(fs, c, out);
      }
    } else {
      out.add(st.getPath());
    }
  }

  public static void main(String[] args) {
    main(new UpdateTool(), args);
  }
}
