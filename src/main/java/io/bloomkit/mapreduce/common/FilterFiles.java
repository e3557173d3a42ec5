package io.bloomkit.mapreduce.common;

import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.UnsupportedFamilyException;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.registry.Filters;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Reading and atomically writing filter files on any Hadoop file system (local or HDFS). */
public final class FilterFiles {
  private FilterFiles() {}

  /**
   * Reads a whole, updatable filter of a family {@link Filters#read} takes. The file's length is
   * checked against the header before anything is allocated, and every failure names the file: a
   * {@link CorruptFilterException} or {@link UnsupportedFamilyException} whose message starts with
   * the qualified path ({@code hdfs://.../f.acbf: corrupt filter: payloadBytes: ...}).
   */
  public static Filter read(Configuration conf, Path path) throws IOException {
    return read(conf, path, "Filters.read", Filters.FAMILIES);
  }

  /** Reads the read-only query view of a filter, as {@link #read(Configuration, Path)}. */
  public static Filter readQueryView(Configuration conf, Path path) throws IOException {
    return readQueryView(conf, path, "Filters.read", Filters.FAMILIES);
  }

  /**
   * As {@link #read(Configuration, Path)} for {@code tool}, which takes only the families {@code
   * accepted}: a well-formed file of another family fails with {@code PATH: unsupported family sbf
   * for join (join needs bf, cbf, acbf, exact, sbbf)}.
   */
  public static Filter read(
      Configuration conf, Path path, String tool, Set<FilterFamily> accepted) throws IOException {
    return load(conf, path, tool, accepted, (r, length) -> Filters.read(r, Filter.class));
  }

  /** The query view, as {@link #read(Configuration, Path, String, Set)}. */
  public static Filter readQueryView(
      Configuration conf, Path path, String tool, Set<FilterFamily> accepted) throws IOException {
    return load(conf, path, tool, accepted, (r, length) -> Filters.readQueryView(r));
  }

  /**
   * The shape from the header only, the file's length checked against it (no trailing bytes, no
   * payload longer than the file); errors as {@link #read(Configuration, Path, String, Set)}.
   */
  public static FilterShape readShape(
      Configuration conf, Path path, String tool, Set<FilterFamily> accepted) throws IOException {
    return load(conf, path, tool, accepted, (r, length) -> {
      r.checkLength(length);
      return r.header.shape();
    });
  }

  /**
   * The header only (family, hash, shape values, items), the file's length checked against it;
   * errors as {@link #read(Configuration, Path, String, Set)}. For tools that check several files
   * against each other before reading any payload ({@code merge}, {@code subtract}).
   */
  public static FilterFormat.Header readHeader(
      Configuration conf, Path path, String tool, Set<FilterFamily> accepted) throws IOException {
    return load(conf, path, tool, accepted, (r, length) -> {
      r.checkLength(length);
      r.header.shape(); // its values in range
      return r.header;
    });
  }

  /**
   * The key signature the file records ({@link KeySignature#LEGACY} for a format version 1 file),
   * from the header and metadata only, the file's length checked against them; errors as {@link
   * #read(Configuration, Path, String, Set)}.
   */
  public static KeySignature readKeys(
      Configuration conf, Path path, String tool, Set<FilterFamily> accepted) throws IOException {
    return load(conf, path, tool, accepted, (r, length) -> {
      r.checkLength(length);
      return r.keys;
    });
  }

  /**
   * Refuses (usage error, exit 2) a filter built for keys of other types than {@code probed}, the
   * key a tool tests against it: their canonical bytes would never meet. A format version 1
   * filter (types not recorded) holds string keys and is taken for a single string key.
   *
   * @param whose whose key it is, in the message ({@code the right side})
   * @param typeOption the option that declares the key's types ({@code right-key-type})
   */
  public static void checkKeys(Configuration conf, Path filter, KeySignature probed, String tool,
      String whose, String typeOption) throws IOException {
    KeySignature built = readKeys(conf, filter, tool, Filters.FAMILIES);
    if (!built.accepts(probed)) {
      throw new UsageException(
          "filter " + filter + " was built for keys " + built.describe() + " but " + whose
              + "'s key is " + probed.describe() + ": build the filter with " + whose
              + "'s key types (build --key-type) or declare them (--" + typeOption + ")");
    }
  }

  /**
   * Refuses (usage error, exit 2) an exact key set that would need more than {@code exactMax}
   * bytes of heap ({@link BloomkitConfig#EXACT_MAX_BYTES}) in every map task; other families
   * pass. Reads the header only.
   */
  public static void checkExactBudget(Configuration conf, Path path, String tool, long exactMax)
      throws IOException {
    FilterShape shape = readShape(conf, path, tool, Filters.FAMILIES);
    if (shape.family() == FilterFamily.EXACT && ExactKeySet.heapBytes(shape) > exactMax) {
      throw new UsageException(
          "the exact key set of " + shape.positions() + " keys needs about "
              + ExactKeySet.heapBytes(shape) + " bytes in every map task, more than "
              + BloomkitConfig.EXACT_MAX_BYTES.key() + " = " + exactMax
              + "; use a Bloom filter type or raise the limit with -D");
    }
  }

  /** What is read after the header: the payload, or nothing but checks. */
  private interface Payload<T> {
    T read(FilterFormat.Reader r, long fileLength) throws IOException;
  }

  /** Opens the file, checks its header against its length and the accepted families, reads. */
  private static <T> T load(
      Configuration conf, Path path, String tool, Set<FilterFamily> accepted, Payload<T> payload)
      throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    Path q = fs.makeQualified(path);
    long length = fs.getFileStatus(q).getLen();
    try (InputStream in = new BufferedInputStream(fs.open(q), 1 << 16)) {
      return named(q, () -> {
        FilterFormat.Reader r = FilterFormat.open(in, length);
        if (!accepted.contains(r.header.family)) {
          throw r.unsupported(tool, accepted);
        }
        return payload.read(r, length);
      });
    }
  }

  /** Something that reads a filter file. */
  public interface FileRead<T> {
    T read() throws IOException;
  }

  /**
   * Runs {@code read}, prefixing the message of a {@link CorruptFilterException} or {@link
   * UnsupportedFamilyException} with {@code file}; for readers of streams whose source is known
   * (a task's shipped copy), so every message names the file.
   */
  public static <T> T named(Object file, FileRead<T> read) throws IOException {
    try {
      return read.read();
    } catch (CorruptFilterException e) {
      throw e.inFile(file);
    } catch (UnsupportedFamilyException e) {
      throw e.inFile(file);
    }
  }

  /** Writes a filter's bytes. */
  public interface Writer {
    void write(OutputStream out) throws IOException;
  }

  /**
   * Writes the hidden {@code .FILE._tmp-<id>} next to {@code path}, then renames it to {@code
   * path}: readers never see a partial file. Fails if {@code path} exists. The temporary is removed
   * if the JVM is stopped meanwhile, and a stale one of an earlier killed run is removed first (see
   * {@link Temporaries}).
   *
   * @return the bytes written
   */
  public static long writeAtomically(Configuration conf, Path path, Writer writer)
      throws IOException {
    FileSystem fs = path.getFileSystem(conf);
    path = fs.makeQualified(path);
    long bytes;
    try (Temporaries.Temporary t = Temporaries.of(conf, path, "tmp")) {
      Path tmp = t.path();
      try (FSDataOutputStream out = fs.create(tmp, false)) {
        writer.write(out);
        out.hflush();
        bytes = out.getPos();
      }
      if (fs.exists(path)) {
        throw new IOException("output " + path + " appeared while writing; left it untouched");
      }
      if (!fs.rename(tmp, path)) {
        throw new IOException("could not rename " + tmp + " to " + path);
      }
    }
    return bytes;
  }

  /**
   * Writes {@code filter} to {@code path} atomically, recording {@code keys}, the types of the keys
   * it holds (a format version 2 file; see {@link FilterFormat#withKeys}).
   */
  public static long writeAtomically(
      Configuration conf, Path path, StoredFilter filter, KeySignature keys) throws IOException {
    return writeAtomically(conf, path, out -> filter.writeTo(FilterFormat.withKeys(out, keys)));
  }

  /**
   * Writes {@code filter} to {@code path} atomically, recording {@code keys} and {@code provenance}
   * (metadata tags 1 and 2 of a format version 2 file; {@code provenance} null: none).
   */
  public static long writeAtomically(Configuration conf, Path path, StoredFilter filter,
      KeySignature keys, Provenance provenance) throws IOException {
    return writeAtomically(
        conf, path, out -> filter.writeTo(FilterFormat.withKeys(out, keys, provenance)));
  }

  /**
   * The provenance the file records (empty for a version 1 file or one written without it), from
   * the header and metadata only, the file's length checked against them; errors as {@link
   * #read(Configuration, Path, String, Set)}.
   */
  public static Optional<Provenance> readProvenance(
      Configuration conf, Path path, String tool, Set<FilterFamily> accepted) throws IOException {
    return load(conf, path, tool, accepted, (r, length) -> {
      r.checkLength(length);
      return r.provenance();
    });
  }
}
