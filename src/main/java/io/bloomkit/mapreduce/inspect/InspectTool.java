package io.bloomkit.mapreduce.inspect;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.export.ExportFilter;
import io.bloomkit.registry.DistinctItems;
import io.bloomkit.registry.Filters;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * {@code inspect FILE}: reads a filter file (local or any Hadoop file system), checks it fully
 * (checksum included) and prints its parameters as one JSON object, the key types the filter was
 * built with among them ({@code keys}: {@code (long, string)}; {@code keyTypes}: the list; {@code
 * keyTypesRecorded}: false for a format version 1 file, read as one string key). A file without
 * bloomkit's header that another library wrote in a format {@code build --target} writes (Hadoop's
 * BloomFilter Writable, Hive's BloomKFilter, Spark's BloomFilter, Parquet's split-block filter) is
 * recognised by its structure, read back by its library, and described ({@code target}, {@code
 * library}, {@code format}, {@code hash}, {@code hashes}, {@code bits}, {@code readBy}). Any other
 * file fails (exit 1) with a message naming the field of bloomkit's header that is wrong.
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
    Filter f;
    try {
      f = FilterFiles.read(getConf(), path, name(), Filters.FAMILIES);
    } catch (CorruptFilterException notBloomkit) {
      Map<String, Object> other = foreign(path);
      if (other == null) {
        throw notBloomkit;
      }
      Map<String, Object> r = result();
      r.put("file", path.toString());
      r.putAll(other);
      r.put("serializedBytes", st.getLen());
      return r;
    }
    KeySignature keys = FilterFiles.readKeys(getConf(), path, name(), Filters.FAMILIES);
    Map<String, Object> r = result();
    r.put("file", path.toString());
    describe(f, keys, r);
    describe(FilterFiles.readProvenance(getConf(), path, name(), Filters.FAMILIES), r);
    r.put("serializedBytes", st.getLen());
    return r;
  }

  /** What the file is if another library wrote it in a format build exports, else null. */
  private Map<String, Object> foreign(Path path) throws java.io.IOException {
    try (InputStream in = path.getFileSystem(getConf()).open(path)) {
      return ExportFilter.recognise(in.readAllBytes());
    }
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
    r.putAll(DistinctItems.of(f).fields());
    r.put("keys", keys.describe());
    List<String> types = new ArrayList<>();
    for (KeyType t : keys.types()) {
      types.add(t.cliName());
    }
    r.put("keyTypes", types);
    r.put("keyTypesRecorded", keys.recorded());
  }

  /**
   * The provenance as inspect prints it: {@code provenanceRecorded}, and {@code provenance} (null
   * when none): the key spec, the creation step, the later steps ({@code history}, oldest first)
   * and how many were dropped to bound the file ({@code omittedSteps}).
   */
  static void describe(Optional<Provenance> provenance, Map<String, Object> r) {
    r.put("provenanceRecorded", provenance.isPresent());
    if (provenance.isEmpty()) {
      r.put("provenance", null);
      return;
    }
    Provenance p = provenance.get();
    Map<String, Object> m = new LinkedHashMap<>();
    Map<String, Object> spec = new LinkedHashMap<>();
    spec.put("fields", p.keySpec().fields());
    spec.put("delimiter", p.keySpec().delimiter());
    spec.put("keyTypes", p.keySpec().keyTypes());
    spec.put("arity", p.keySpec().arity());
    m.put("keySpec", spec);
    m.put("created", step(p.creation()));
    List<Object> history = new ArrayList<>();
    for (Provenance.Step s : p.history()) {
      history.add(step(s));
    }
    m.put("history", history);
    m.put("omittedSteps", p.omittedSteps());
    r.put("provenance", m);
  }

  private static Map<String, Object> step(Provenance.Step s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("action", s.action());
    m.put("tool", s.tool());
    m.put("options", s.options());
    m.put("bloomkitVersion", s.bloomkitVersion());
    m.put("createdMillis", s.createdMillis());
    m.put("description", s.description());
    m.put("sourcesSummarised", s.sourcesSummarised());
    List<Object> sources = new ArrayList<>();
    for (Provenance.Source src : s.sources()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("path", src.path());
      x.put("directory", src.isDirectory());
      x.put("files", src.files());
      x.put("length", src.length());
      x.put("modifiedMillis", src.modifiedMillis());
      x.put("records", src.records() < 0 ? null : src.records());
      x.put("distinctKeys", src.distinctKeys() < 0 ? null : src.distinctKeys());
      sources.add(x);
    }
    m.put("sources", sources);
    return m;
  }

  public static void main(String[] args) {
    main(new InspectTool(), args);
  }
}
