package io.bloomkit.core.format;

import io.bloomkit.core.CorruptFilterException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Where a filter came from: the key spec it was built with, the step that created it (the tool,
 * its command line, the bloomkit version, the time, the sources with their lengths, modification
 * times and record and distinct-key counts) and the later steps that changed it ({@code update},
 * {@code merge}, {@code subtract}), oldest first. Immutable: {@link #append} returns a new value.
 * Stored as metadata tag 2 of a version 2 filter file (see {@link FilterFormat}), under the
 * checksum; a file without it (version 1, or version 2 with tag 1 only) has no provenance.
 *
 * <p>The encoding is versioned and bounded: it never exceeds {@link #MAX_BYTES}. A step lists at
 * most {@link #MAX_LISTED_SOURCES} source files; beyond that its sources are summarised per
 * directory ({@link Source#directory}: how many files, their total length, the latest modification
 * time), at most {@link #MAX_LISTED_SOURCES} directories, then as one summary of all; strings are
 * cut at {@link #MAX_STRING_CHARS} characters. If the encoding still exceeds the bound, the oldest
 * later steps are dropped ({@link #omittedSteps()} counts them), then the creation's sources are
 * summarised further. {@link Step#sourcesSummarised()} says when a step's list is not per file.
 *
 * <pre>
 * the value of tag 2 (all integers big-endian; strings: 2-byte length, modified UTF-8)
 *   encoding        1 byte   1
 *   key spec        fields: count (2), strings; delimiter: string; key types: count (2), strings
 *   omittedSteps    8 bytes  later steps dropped to stay within the bound
 *   steps           count (4), then each step (the first is the creation):
 *     action, tool, bloomkitVersion, description: strings
 *     createdMillis  8 bytes
 *     options        count (2), strings (the command line)
 *     summarised     1 byte (0 per file, 1 summarised)
 *     sources        count (4), then each: kind (1: 1 file, 2 directory summary), path (string),
 *                    files (8), length (8), modifiedMillis (8), records (8), distinctKeys (8)
 *                    (-1: not known)
 * </pre>
 */
public final class Provenance {
  /** The encoding version written first in the value. */
  public static final int ENCODING = 1;
  /** The most bytes an encoded provenance takes (the whole metadata block is at most 2^20). */
  public static final int MAX_BYTES = 1 << 19;
  /** The most source files a step lists one by one; more are summarised per directory. */
  public static final int MAX_LISTED_SOURCES = 1000;
  /** Strings (paths, options) are cut to this many characters. */
  public static final int MAX_STRING_CHARS = 4096;
  /** The most options (command-line words) a step keeps. */
  public static final int MAX_OPTIONS = 256;

  private final KeySpec keySpec;
  private final List<Step> steps;
  private final long omittedSteps;

  Provenance(KeySpec keySpec, List<Step> steps, long omittedSteps) {
    this.keySpec = Objects.requireNonNull(keySpec, "keySpec");
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("a provenance has at least its creation step");
    }
    this.steps = Collections.unmodifiableList(new ArrayList<>(steps));
    this.omittedSteps = omittedSteps;
  }

  /** The provenance of a filter just created with {@code keySpec} by {@code creation}. */
  public static Provenance of(KeySpec keySpec, Step creation) {
    return new Provenance(keySpec, List.of(creation), 0);
  }

  /** This provenance with {@code step} appended to its history. */
  public Provenance append(Step step) {
    List<Step> s = new ArrayList<>(steps);
    s.add(Objects.requireNonNull(step, "step"));
    return new Provenance(keySpec, s, omittedSteps);
  }

  public KeySpec keySpec() {
    return keySpec;
  }

  /** The step that created the filter. */
  public Step creation() {
    return steps.get(0);
  }

  /** The later steps, oldest first (without the creation). */
  public List<Step> history() {
    return steps.subList(1, steps.size());
  }

  /** Every step: the creation, then the history. */
  public List<Step> steps() {
    return steps;
  }

  /** Later steps dropped (the oldest first) to keep the encoding within {@link #MAX_BYTES}. */
  public long omittedSteps() {
    return omittedSteps;
  }

  /** The step whose sources a staleness check compares with the inputs: the creation. */
  public List<Source> sources() {
    return creation().sources();
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Provenance)) {
      return false;
    }
    Provenance p = (Provenance) o;
    return keySpec.equals(p.keySpec) && steps.equals(p.steps) && omittedSteps == p.omittedSteps;
  }

  @Override
  public int hashCode() {
    return Objects.hash(keySpec, steps, omittedSteps);
  }

  @Override
  public String toString() {
    return "Provenance{" + keySpec + ", steps=" + steps + ", omitted=" + omittedSteps + "}";
  }

  // --- the parts -------------------------------------------------------------------------------

  /** How keys were taken from the records: fields or column names, delimiter, key types. */
  public static final class KeySpec {
    private final List<String> fields;
    private final String delimiter;
    private final List<String> keyTypes;

    /**
     * @param fields the key fields as given (indexes or column names), in key order
     * @param delimiter the text inputs' field delimiter ({@code ""} when none applies)
     * @param keyTypes the key types' names, one per key part (the composite arity is their count)
     */
    public KeySpec(List<String> fields, String delimiter, List<String> keyTypes) {
      this.fields = cut(fields, MAX_OPTIONS);
      this.delimiter = cut(Objects.requireNonNull(delimiter, "delimiter"));
      this.keyTypes = cut(keyTypes, MAX_OPTIONS);
    }

    public List<String> fields() {
      return fields;
    }

    public String delimiter() {
      return delimiter;
    }

    public List<String> keyTypes() {
      return keyTypes;
    }

    /** The number of key parts. */
    public int arity() {
      return keyTypes.size();
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof KeySpec)) {
        return false;
      }
      KeySpec k = (KeySpec) o;
      return fields.equals(k.fields) && delimiter.equals(k.delimiter)
          && keyTypes.equals(k.keyTypes);
    }

    @Override
    public int hashCode() {
      return Objects.hash(fields, delimiter, keyTypes);
    }

    @Override
    public String toString() {
      return "KeySpec{fields=" + fields + ", delimiter=" + delimiter + ", types=" + keyTypes + "}";
    }
  }

  /** One source: a file, or a summary of the files of one directory (or of all, path "*"). */
  public static final class Source {
    /** A number not known (records or distinct keys of a source not counted separately). */
    public static final long UNKNOWN = -1;
    /** The path of the summary of every source, when even the directories are too many. */
    public static final String ALL = "*";

    private final boolean directory;
    private final String path;
    private final long files;
    private final long length;
    private final long modifiedMillis;
    private final long records;
    private final long distinctKeys;

    private Source(boolean directory, String path, long files, long length, long modifiedMillis,
        long records, long distinctKeys) {
      this.directory = directory;
      this.path = cut(Objects.requireNonNull(path, "path"));
      this.files = files;
      this.length = length;
      this.modifiedMillis = modifiedMillis;
      this.records = records;
      this.distinctKeys = distinctKeys;
    }

    /** A source file; {@code records} and {@code distinctKeys} may be {@link #UNKNOWN}. */
    public static Source file(String path, long length, long modifiedMillis, long records,
        long distinctKeys) {
      return new Source(false, path, 1, length, modifiedMillis, records, distinctKeys);
    }

    /**
     * A summary of {@code files} source files directly under directory {@code path}: their total
     * length and latest modification time (and record and distinct-key counts, summed, or
     * {@link #UNKNOWN}).
     */
    public static Source directory(String path, long files, long length, long modifiedMillis,
        long records, long distinctKeys) {
      return new Source(true, path, files, length, modifiedMillis, records, distinctKeys);
    }

    /** Whether this summarises the files of a directory rather than naming one file. */
    public boolean isDirectory() {
      return directory;
    }

    public String path() {
      return path;
    }

    /** 1 for a file; the files summarised for a directory. */
    public long files() {
      return files;
    }

    /** Bytes: the file's length, or the summarised files' total. */
    public long length() {
      return length;
    }

    /** The modification time (ms since the epoch), or the latest of the summarised files. */
    public long modifiedMillis() {
      return modifiedMillis;
    }

    public long records() {
      return records;
    }

    public long distinctKeys() {
      return distinctKeys;
    }

    /** The parent directory of a path ({@code ""} for a path without a slash). */
    static String parent(String path) {
      int slash = path.lastIndexOf('/');
      return slash <= 0 ? (slash == 0 ? "/" : "") : path.substring(0, slash);
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Source)) {
        return false;
      }
      Source s = (Source) o;
      return directory == s.directory && path.equals(s.path) && files == s.files
          && length == s.length && modifiedMillis == s.modifiedMillis && records == s.records
          && distinctKeys == s.distinctKeys;
    }

    @Override
    public int hashCode() {
      return Objects.hash(directory, path, files, length, modifiedMillis, records, distinctKeys);
    }

    @Override
    public String toString() {
      return (directory ? "dir " + path + " (" + files + " files)" : path) + " length " + length
          + " modified " + modifiedMillis;
    }
  }

  /** One step of a filter's life: its creation ({@code build}) or a later change. */
  public static final class Step {
    private final String action;
    private final String tool;
    private final List<String> options;
    private final String bloomkitVersion;
    private final long createdMillis;
    private final String description;
    private final List<Source> sources;
    private final boolean sourcesSummarised;

    Step(String action, String tool, List<String> options, String bloomkitVersion,
        long createdMillis, String description, List<Source> sources, boolean summarised) {
      this.action = cut(Objects.requireNonNull(action, "action"));
      this.tool = cut(Objects.requireNonNull(tool, "tool"));
      this.options = cut(options, MAX_OPTIONS);
      this.bloomkitVersion = cut(Objects.requireNonNull(bloomkitVersion, "bloomkitVersion"));
      this.createdMillis = createdMillis;
      this.description = cut(Objects.requireNonNull(description, "description"));
      List<Source> s = new ArrayList<>(sources);
      boolean sum = summarised;
      if (s.size() > MAX_LISTED_SOURCES) {
        s = summarise(s, false);
        sum = true;
      }
      if (s.size() > MAX_LISTED_SOURCES) {
        s = summarise(s, true);
      }
      this.sources = Collections.unmodifiableList(s);
      this.sourcesSummarised = sum;
    }

    /** A builder of a step doing {@code action} ({@code build}, {@code update}, ...). */
    public static Builder builder(String action) {
      return new Builder(action);
    }

    /** What the step did: {@code build}, {@code update}, {@code merge}, {@code subtract}. */
    public String action() {
      return action;
    }

    /** The tool that ran it. */
    public String tool() {
      return tool;
    }

    /** The tool's command line (options and arguments). */
    public List<String> options() {
      return options;
    }

    public String bloomkitVersion() {
      return bloomkitVersion;
    }

    /** When the step wrote the filter (ms since the epoch). */
    public long createdMillis() {
      return createdMillis;
    }

    /** What it did, in words ({@code "added 12 keys, removed 3"}); may be empty. */
    public String description() {
      return description;
    }

    /** Its sources: files, or directory summaries when {@link #sourcesSummarised()}. */
    public List<Source> sources() {
      return sources;
    }

    /** Whether some sources are summarised per directory (or as one) instead of listed. */
    public boolean sourcesSummarised() {
      return sourcesSummarised;
    }

    /** This step with its sources summarised per directory, or as one summary if {@code all}. */
    Step summarised(boolean all) {
      return new Step(action, tool, options, bloomkitVersion, createdMillis, description,
          summarise(sources, all), true);
    }

    Step withoutOptions() {
      return new Step(action, tool, List.of(), bloomkitVersion, createdMillis, description,
          sources, sourcesSummarised);
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Step)) {
        return false;
      }
      Step s = (Step) o;
      return action.equals(s.action) && tool.equals(s.tool) && options.equals(s.options)
          && bloomkitVersion.equals(s.bloomkitVersion) && createdMillis == s.createdMillis
          && description.equals(s.description) && sources.equals(s.sources)
          && sourcesSummarised == s.sourcesSummarised;
    }

    @Override
    public int hashCode() {
      return Objects.hash(action, tool, options, bloomkitVersion, createdMillis, description,
          sources, sourcesSummarised);
    }

    @Override
    public String toString() {
      return action + " by " + tool + " " + options + " at " + createdMillis + ": " + description
          + ", sources " + sources;
    }

    /** Builds a {@link Step}; the version defaults to {@link #bloomkitVersion()}, time to now. */
    public static final class Builder {
      private final String action;
      private String tool;
      private List<String> options = List.of();
      private String version = Provenance.bloomkitVersion();
      private long createdMillis = System.currentTimeMillis();
      private String description = "";
      private final List<Source> sources = new ArrayList<>();

      private Builder(String action) {
        this.action = action;
        this.tool = action;
      }

      public Builder tool(String tool) {
        this.tool = tool;
        return this;
      }

      /** The command line, as the tool was given it. */
      public Builder options(List<String> options) {
        this.options = List.copyOf(options);
        return this;
      }

      public Builder bloomkitVersion(String version) {
        this.version = version;
        return this;
      }

      public Builder createdMillis(long millis) {
        this.createdMillis = millis;
        return this;
      }

      public Builder description(String description) {
        this.description = description;
        return this;
      }

      public Builder source(Source source) {
        sources.add(Objects.requireNonNull(source, "source"));
        return this;
      }

      public Builder sources(List<Source> sources) {
        sources.forEach(this::source);
        return this;
      }

      public Step build() {
        return new Step(action, tool, options, version, createdMillis, description, sources,
            false);
      }
    }
  }

  /**
   * Sources summarised per parent directory (files) or kept (directory summaries), in path order;
   * with {@code all}, one summary {@link Source#ALL} of everything.
   */
  static List<Source> summarise(List<Source> sources, boolean all) {
    Map<String, long[]> dirs = new TreeMap<>();
    for (Source s : sources) {
      String dir = all ? Source.ALL : s.isDirectory() ? s.path() : Source.parent(s.path());
      long[] a = dirs.computeIfAbsent(dir, d -> new long[] {0, 0, Long.MIN_VALUE, 0, 0});
      a[0] += s.files();
      a[1] += s.length();
      a[2] = Math.max(a[2], s.modifiedMillis());
      a[3] = a[3] < 0 || s.records() < 0 ? Source.UNKNOWN : a[3] + s.records();
      a[4] = a[4] < 0 || s.distinctKeys() < 0 ? Source.UNKNOWN : a[4] + s.distinctKeys();
    }
    List<Source> out = new ArrayList<>(dirs.size());
    dirs.forEach((d, a) -> out.add(Source.directory(d, a[0], a[1], a[2], a[3], a[4])));
    return out;
  }

  // --- the version -----------------------------------------------------------------------------

  private static final String UNKNOWN_VERSION = "unknown (not run from a bloomkit jar)";

  /**
   * This bloomkit's version, from the jar's Maven descriptor (written by Maven into every jar);
   * {@code "unknown (not run from a bloomkit jar)"} when run from classes (tests).
   */
  public static String bloomkitVersion() {
    try (InputStream in = Provenance.class.getResourceAsStream(
        "/META-INF/maven/io.bloomkit/bloomkit/pom.properties")) {
      if (in == null) {
        return UNKNOWN_VERSION;
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", UNKNOWN_VERSION);
    } catch (IOException e) {
      return UNKNOWN_VERSION;
    }
  }

  // --- the encoding ----------------------------------------------------------------------------

  /**
   * The bytes of metadata tag 2, at most {@link #MAX_BYTES}: if this provenance's encoding is
   * longer, the oldest later steps are dropped first, then the creation's sources summarised per
   * directory, then as one, then its options dropped (the key spec and the steps' fixed fields
   * always fit).
   */
  public byte[] encode() {
    Provenance p = this;
    byte[] b = ProvenanceCodec.encode(p);
    while (b.length > MAX_BYTES) {
      Step first = p.creation();
      List<Step> s = new ArrayList<>(p.steps);
      long omitted = p.omittedSteps;
      if (s.size() > 1) {
        s.remove(1);
        omitted++;
      } else if (first.sources().stream().anyMatch(x -> !x.isDirectory())) {
        s.set(0, first.summarised(false));
      } else if (first.sources().size() > 1) {
        s.set(0, first.summarised(true));
      } else if (!first.options().isEmpty()) {
        s.set(0, first.withoutOptions());
      } else {
        throw new IllegalStateException("provenance of " + b.length + " bytes cannot be bounded");
      }
      p = new Provenance(p.keySpec, s, omitted);
      b = ProvenanceCodec.encode(p);
    }
    return b;
  }

  /**
   * Reads the value of tag 2. Every count is checked against the bytes left before a list is
   * made; any inconsistency is a {@link CorruptFilterException} naming the field ({@code
   * provenance.steps}, {@code provenance.sources}, ...).
   */
  public static Provenance decode(byte[] value) throws CorruptFilterException {
    return ProvenanceCodec.decode(value);
  }

  // --- limits ----------------------------------------------------------------------------------

  private static String cut(String s) {
    return s.length() <= MAX_STRING_CHARS ? s : s.substring(0, MAX_STRING_CHARS);
  }

  private static List<String> cut(List<String> strings, int max) {
    List<String> out = new ArrayList<>(Math.min(strings.size(), max));
    for (String s : strings) {
      if (out.size() == max) {
        break;
      }
      out.add(cut(Objects.requireNonNull(s, "null string")));
    }
    return Collections.unmodifiableList(out);
  }
}
