package io.bloomkit.mapreduce.common;

import io.bloomkit.core.format.Provenance.Source;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.registry.Filters;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A filter's sources on a Hadoop file system: what a build records in the {@link Provenance}
 * ({@link #sources}, {@link #keySpec}) and the staleness check of {@code join --filter} and {@code
 * probe} ({@link #check}): the recorded source files compared with the files now at their paths.
 */
public final class FilterSources {
  private FilterSources() {}

  /**
   * One {@link Source#file} per file {@code inputs} stand for ({@link Inputs#list}), qualified,
   * with its length and modification time; records and distinct keys are filled in when there is
   * one file and the counts are given ({@code >= 0}), else {@link Source#UNKNOWN}.
   */
  public static List<Source> sources(Configuration conf, long records, long distinctKeys,
      Path... inputs) throws IOException {
    List<FileStatus> files = Inputs.list(conf, inputs);
    List<Source> out = new ArrayList<>(files.size());
    boolean one = files.size() == 1;
    for (FileStatus st : files) {
      out.add(Source.file(st.getPath().toString(), st.getLen(), st.getModificationTime(),
          one ? records : Source.UNKNOWN, one ? distinctKeys : Source.UNKNOWN));
    }
    return out;
  }

  /** The key spec of {@code table}: its key fields, delimiter and key types. */
  public static Provenance.KeySpec keySpec(TableSpec table) {
    return new Provenance.KeySpec(
        List.copyOf(table.fields().subList(0, table.keyFieldCount())),
        String.valueOf(table.delimiter()),
        table.keyTypes().stream().map(KeyType::cliName).collect(Collectors.toList()));
  }

  /** The outcome of a staleness check. */
  public static final class Staleness {
    /** {@code fresh}, {@code stale}, {@code no provenance} or {@code other inputs}. */
    public final String status;
    /** One line per changed source: the file and what changed. */
    public final List<String> changes;

    Staleness(String status, List<String> changes) {
      this.status = status;
      this.changes = List.copyOf(changes);
    }

    public boolean stale() {
      return STALE.equals(status);
    }
  }

  public static final String FRESH = "fresh";
  public static final String STALE = "stale";
  public static final String NO_PROVENANCE = "no provenance";
  public static final String OTHER_INPUTS = "other inputs";

  /**
   * Compares the sources {@code filter} recorded when it was built with the files now at their
   * paths. With {@code inputs} (join: the left input), only when the filter came from the same
   * paths (a recorded source file is among the files the inputs stand for, or in a directory of
   * them; else {@link #OTHER_INPUTS}): a recorded file changed in length or modification time,
   * deleted, or a new input file in a directory holding recorded sources is stale. Without {@code inputs}
   * (probe): the recorded sources that still exist at their paths are compared (a summarised
   * directory: its files now); a source no longer there, or a new file beside one, is not a
   * change. A filter without provenance is {@link #NO_PROVENANCE}.
   */
  public static Staleness check(Configuration conf, Path filter, Path[] inputs, String tool)
      throws IOException {
    return check(conf, FilterFiles.readProvenance(conf, filter, tool, Filters.FAMILIES), inputs);
  }

  /** {@link #check} of a filter whose provenance {@code p} was read already. */
  public static Staleness check(Configuration conf, Optional<Provenance> p, Path[] inputs)
      throws IOException {
    if (p.isEmpty()) {
      return new Staleness(NO_PROVENANCE, List.of());
    }
    List<Source> recorded = p.get().sources();
    // the files now: the inputs', or every file of the recorded sources' directories
    Map<String, FileStatus> now = inputs != null ? files(conf, inputs) : new LinkedHashMap<>();
    if (inputs == null) {
      // probe: the recorded files still there, and the files of summarised directories
      for (Source s : recorded) {
        if (Source.ALL.equals(s.path())) {
          continue;
        }
        Path path = new Path(s.path());
        FileSystem fs = path.getFileSystem(conf);
        if (!s.isDirectory()) {
          if (fs.isFile(path)) {
            now.put(s.path(), fs.getFileStatus(path));
          }
        } else if (fs.isDirectory(path)) {
          for (FileStatus st : fs.listStatus(path)) {
            if (st.isFile() && !Inputs.hidden(st.getPath().getName())) {
              now.put(st.getPath().toString(), st);
            }
          }
        }
      }
    }
    Map<String, List<FileStatus>> nowByDir = byDirectory(now);
    boolean related = inputs == null || related(recorded, now, nowByDir);
    Set<String> recordedFiles = new HashSet<>();
    Set<String> recordedDirs = new HashSet<>();
    for (Source s : recorded) {
      if (s.isDirectory()) {
        recordedDirs.add(s.path());
      } else {
        recordedFiles.add(s.path());
        recordedDirs.add(parent(s.path()));
      }
    }
    if (!related) {
      return new Staleness(OTHER_INPUTS, List.of());
    }
    List<String> changes = new ArrayList<>();
    for (Source s : recorded) {
      if (s.isDirectory()) {
        List<FileStatus> files = Source.ALL.equals(s.path())
            ? new ArrayList<>(now.values()) : nowByDir.getOrDefault(s.path(), List.of());
        long length = 0;
        long latest = Long.MIN_VALUE;
        for (FileStatus st : files) {
          length += st.getLen();
          latest = Math.max(latest, st.getModificationTime());
        }
        if (files.size() != s.files() || length != s.length() || latest != s.modifiedMillis()) {
          changes.add(s.path() + ": " + s.files() + " files of " + s.length()
              + " bytes, latest modified " + s.modifiedMillis() + " when built, now "
              + files.size() + " files of " + length + " bytes, latest modified " + latest);
        }
        continue;
      }
      FileStatus st = now.get(s.path());
      if (st == null) {
        // not among the input's files: a change if it is gone (a file left out is not one)
        Path path = new Path(s.path());
        if (inputs != null && !path.getFileSystem(conf).exists(path)) {
          changes.add(s.path() + ": gone (deleted since the filter was built)");
        }
        continue;
      }
      if (st.getLen() != s.length()) {
        changes.add(s.path() + ": length " + st.getLen() + ", was " + s.length());
      }
      if (st.getModificationTime() != s.modifiedMillis()) {
        changes.add(s.path() + ": modified at " + iso(st.getModificationTime()) + ", was "
            + iso(s.modifiedMillis()));
      }
    }
    for (String f : inputs == null ? Set.<String>of() : now.keySet()) {
      if (!recordedFiles.contains(f) && recordedDirs.contains(parent(f))
          && !summarised(recorded, parent(f))) {
        changes.add(f + ": new file in " + parent(f));
      }
    }
    return new Staleness(changes.isEmpty() ? FRESH : STALE, changes);
  }

  /**
   * Whether a filter of provenance {@code p} was built from {@code inputs}: a recorded source file
   * is among the files they stand for ({@link Inputs#list}), a recorded directory holds one of
   * them, or the sources were summarised as all ({@link Source#ALL}). False without provenance.
   */
  public static boolean builtFrom(Configuration conf, Optional<Provenance> p, Path[] inputs)
      throws IOException {
    if (p.isEmpty()) {
      return false;
    }
    Map<String, FileStatus> now = files(conf, inputs);
    return related(p.get().sources(), now, byDirectory(now));
  }

  private static Map<String, FileStatus> files(Configuration conf, Path[] inputs)
      throws IOException {
    Map<String, FileStatus> now = new LinkedHashMap<>();
    for (FileStatus st : Inputs.list(conf, inputs)) {
      now.put(st.getPath().toString(), st);
    }
    return now;
  }

  private static Map<String, List<FileStatus>> byDirectory(Map<String, FileStatus> files) {
    Map<String, List<FileStatus>> byDir = new HashMap<>();
    for (FileStatus st : files.values()) {
      byDir.computeIfAbsent(parent(st.getPath().toString()), d -> new ArrayList<>()).add(st);
    }
    return byDir;
  }

  private static boolean related(List<Source> recorded, Map<String, FileStatus> now,
      Map<String, List<FileStatus>> nowByDir) {
    for (Source s : recorded) {
      if (s.isDirectory() ? nowByDir.containsKey(s.path()) || Source.ALL.equals(s.path())
          : now.containsKey(s.path())) {
        return true;
      }
    }
    return false;
  }

  /** A file time for people: ISO-8601 in the client's zone, with its offset. */
  static String iso(long millis) {
    return java.time.Instant.ofEpochMilli(millis).atZone(java.time.ZoneId.systemDefault())
        .toOffsetDateTime().toString();
  }

  private static boolean summarised(List<Source> recorded, String dir) {
    for (Source s : recorded) {
      if (s.isDirectory() && (s.path().equals(dir) || Source.ALL.equals(s.path()))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Runs {@link #check} and refuses a stale filter (a usage error, exit 2) naming each changed
   * file and what changed; with {@code allowStale} it proceeds, warning on {@code err}.
   */
  public static Staleness enforce(Configuration conf, Path filter, Path[] inputs, String tool,
      boolean allowStale, PrintStream err) throws IOException {
    return enforce(conf, filter, FilterFiles.readProvenance(conf, filter, tool, Filters.FAMILIES),
        inputs, tool, allowStale, err);
  }

  /** {@link #enforce} of {@code filter}, whose provenance {@code p} was read already. */
  public static Staleness enforce(Configuration conf, Path filter, Optional<Provenance> p,
      Path[] inputs, String tool, boolean allowStale, PrintStream err) throws IOException {
    Staleness s = check(conf, p, inputs);
    if (s.stale()) {
      String what = "filter " + filter + " is stale: its sources changed since it was built: "
          + String.join("; ", s.changes);
      if (!allowStale) {
        throw new UsageException(
            what + " (rebuild the filter, or --allow-stale to use it anyway)");
      }
      err.println(tool + ": warning: " + what + " (--allow-stale: used anyway)");
      err.flush();
    }
    return s;
  }

  private static String parent(String path) {
    Path p = new Path(path).getParent();
    return p == null ? "" : p.toString();
  }
}
