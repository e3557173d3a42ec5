package io.bloomkit.mapreduce.cli;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.registry.Filters;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * {@code inspect FILE}: reads a filter file (local or any Hadoop file system), checks it fully
 * (checksum included) and prints its parameters as one JSON object, the key types the filter was
 * built with among them ({@code keys}: {@code (long, string)}; {@code keyTypes}: the list; {@code
 * keyTypesRecorded}: false for a format version 1 file, read as one string key). A corrupt file
 * fails (exit 1) with a message naming the field.
 */
public final class InspectTool extends BloomkitTool {
  @Override
  public String name() {
    return "inspect";
  }

  @Override
  public String description() {
    return "Check a filter file and print its family, shape, items and fpp as JSON.";
  }

  @Override
  protected boolean alwaysJson() {
    return true;
  }

  @Override
  protected String argsSyntax() {
    return "FILE";
  }

  @Override
  protected Options options() {
    return new Options();
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    if (cl.getArgList().size() != 1) {
      throw new UsageException("expected exactly one FILE, got " + cl.getArgList().size());
    }
    Path path = existingFile(cl.getArgList().get(0), "filter");
    FileStatus st = path.getFileSystem(getConf()).getFileStatus(path);
    if (st.isDirectory()) {
      throw new UsageException("filter is a directory: " + path);
    }
    Filter f = FilterFiles.read(getConf(), path, name(), Filters.FAMILIES);
    KeySignature keys = FilterFiles.readKeys(getConf(), path, name(), Filters.FAMILIES);
    Map<String, Object> r = result();
    r.put("file", path.toString());
    describe(f, keys, r);
    r.put("serializedBytes", st.getLen());
    return r;
  }

  /** What inspect prints about a filter read from a file (also run by the fuzz test). */
  static void describe(Filter f, KeySignature keys, Map<String, Object> r) {
    FilterShape s = f.shape();
    boolean acbf = f.family() == FilterFamily.ACCURATE_COUNTING;
    r.put("family", s.name());
    r.put("hash", f.hashStrategy().name());
    r.put("hashes", s.numHashes());
    r.put("counters", s.counters());
    r.put("bits", s.memoryBits());
    r.put("firstLevelBits", acbf ? s.positions() : null);
    r.put("levels", acbf ? ((AccurateCountingBloomFilter) f).levels() : null);
    r.put("items", f.items());
    r.put("capacity", s.capacity());
    r.put("fpp", f.expectedFpp());
    r.put("keys", keys.describe());
    List<String> types = new ArrayList<>();
    for (KeyType t : keys.types()) {
      types.add(t.cliName());
    }
    r.put("keyTypes", types);
    r.put("keyTypesRecorded", keys.recorded());
  }

  public static void main(String[] args) {
    main(new InspectTool(), args);
  }
}
