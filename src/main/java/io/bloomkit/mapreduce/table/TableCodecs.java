package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.FsInput;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The compression codecs of an input's files, checked before any job: a file whose codec bloomkit
 * cannot decode fails here with one line naming the file and the codec, instead of a task's
 * class-loading stack trace or Parquet's {@code Can not read value at 0 in block -1}.
 *
 * <ul>
 *   <li>Parquet: every column chunk's codec (the footer). Read: uncompressed, snappy, gzip, zstd,
 *       lz4_raw, lz4 (Hadoop's framing), brotli (Google's pure-Java {@code org.brotli:dec}, through
 *       {@link ParquetCodecs}); lzo only when its Hadoop codec class is on the classpath (it is
 *       not in the job jar: only the GPL hadoop-lzo provides it).
 *   <li>ORC: every kind ORC 1.9 knows decodes (none, zlib, snappy, lzo, lz4 through aircompressor,
 *       zstd): nothing to check.
 *   <li>Avro: the header's {@code avro.codec}. Read: null, deflate, snappy, bzip2, xz, zstandard
 *       (xz and zstandard by the job jar's decoders, {@link AvroCodecs}); any other name fails.
 * </ul>
 *
 * Each codec's decoder is also loaded once (zstd: zstd-jni with its native library), so a class or
 * native library missing from a classpath is reported here, naming the file, rather than in a
 * task.
 */
public final class TableCodecs {
  private TableCodecs() {}

  /** Parquet codecs the job jar decodes (their decoders checked by {@link #DECODERS}). */
  private static final Set<CompressionCodecName> PARQUET_READ = Set.of(
      CompressionCodecName.UNCOMPRESSED, CompressionCodecName.SNAPPY, CompressionCodecName.GZIP,
      CompressionCodecName.ZSTD, CompressionCodecName.LZ4_RAW, CompressionCodecName.LZ4,
      CompressionCodecName.BROTLI);

  /** zstd-jni's classes Parquet 1.15 and Avro 1.11 use (an older zstd-jni first lacks some). */
  private static final String ZSTD = "com.github.luben.zstd.Zstd,"
      + "com.github.luben.zstd.RecyclingBufferPool,com.github.luben.zstd.ZstdInputStreamNoFinalizer";

  /**
   * The classes each codec's decoder needs (comma-separated), by lower-case codec name (Parquet's
   * and Avro's).
   */
  private static final Map<String, String> DECODERS = Map.of(
      "zstd", ZSTD,
      "zstandard", ZSTD,
      "snappy", "org.xerial.snappy.Snappy",
      "xz", "org.tukaani.xz.XZInputStream",
      "bzip2", "org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream",
      "lz4_raw", "io.airlift.compress.lz4.Lz4Decompressor",
      "lz4", "net.jpountz.lz4.LZ4Factory",
      "brotli", "org.brotli.dec.BrotliInputStream");

  /** Avro codec names Avro 1.11 decodes. */
  private static final Set<String> AVRO_READ = Set.of(DataFileConstants.NULL_CODEC,
      DataFileConstants.DEFLATE_CODEC, DataFileConstants.SNAPPY_CODEC,
      DataFileConstants.BZIP2_CODEC, DataFileConstants.XZ_CODEC,
      DataFileConstants.ZSTANDARD_CODEC);

  /**
   * Checks the codecs of every file {@code inputs} stand for ({@link Tables#list}) as {@code
   * format}; text, CSV and SequenceFile files (Hadoop's codecs, by name) are not checked.
   *
   * @throws IOException naming the first file whose codec cannot be read, and the codec
   */
  public static void check(Configuration conf, TableFormat format, Path... inputs)
      throws IOException {
    if (format != TableFormat.PARQUET && format != TableFormat.AVRO) {
      return;
    }
    Map<String, String> loaded = new HashMap<>();
    for (FileStatus st : Tables.list(conf, inputs)) {
      if (st.getLen() == 0) {
        continue;
      }
      if (format == TableFormat.PARQUET) {
        checkParquet(conf, st.getPath(), loaded);
      } else {
        checkAvro(conf, st.getPath(), loaded);
      }
    }
  }

  private static void checkParquet(Configuration conf, Path file, Map<String, String> loaded)
      throws IOException {
    try (ParquetFileReader r = ParquetRows.openFooter(conf, file)) {
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          CompressionCodecName codec = c.getCodec();
          String name = codec.name().toLowerCase(java.util.Locale.ROOT);
          String decoder = DECODERS.get(name);
          if (!PARQUET_READ.contains(codec)) {
            decoder = codec.getHadoopCompressionCodecClassName();
          }
          String problem = decoder == null ? null
              : load(conf, loader(codec), decoder, loaded);
          if (problem != null) {
            throw new IOException("cannot read " + file + ": its Parquet column "
                + c.getPath().toDotString() + " is compressed with " + name
                + (PARQUET_READ.contains(codec)
                    ? ", whose decoder cannot be loaded (" + problem + ")"
                    : ", which bloomkit does not read (it reads uncompressed, snappy, gzip, zstd,"
                        + " lz4_raw, lz4 and brotli; rewrite the file with one of them)"));
          }
        }
      }
    }
  }

  private static void checkAvro(Configuration conf, Path file, Map<String, String> loaded)
      throws IOException {
    AvroCodecs.install();
    String codec;
    try (DataFileReader<GenericRecord> r =
        new DataFileReader<>(new FsInput(file, conf), new GenericDatumReader<>())) {
      codec = r.getMetaString(DataFileConstants.CODEC);
    } catch (AvroRuntimeException e) {
      // the header names a codec Avro does not know ("Unrecognized codec: brotli")
      throw new IOException("cannot read " + file + ": " + e.getMessage()
          + " (bloomkit reads the Avro codecs null, deflate, snappy, bzip2, xz and zstandard)");
    }
    if (codec == null) {
      return;
    }
    if (!AVRO_READ.contains(codec)) {
      throw new IOException("cannot read " + file + ": its Avro codec is " + codec
          + ", which bloomkit does not read (it reads null, deflate, snappy, bzip2, xz and"
          + " zstandard)");
    }
    String decoder = DECODERS.get(codec);
    // xz and zstandard blocks are decoded by the job jar's decoders (AvroCodecs), the others by
    // the codecs of Avro itself
    ClassLoader user = DataFileConstants.XZ_CODEC.equals(codec)
        || DataFileConstants.ZSTANDARD_CODEC.equals(codec) ? BLOOMKIT : AVRO;
    String problem = decoder == null ? null : load(conf, user, decoder, loaded);
    if (problem != null) {
      throw new IOException("cannot read " + file + ": its Avro codec is " + codec
          + ", whose decoder cannot be loaded (" + problem + ")");
    }
  }

  /** The class loaders of the libraries that load the codecs: Parquet's, Avro's, Hadoop's. */
  private static final ClassLoader PARQUET = ParquetFileReader.class.getClassLoader();
  private static final ClassLoader AVRO = DataFileReader.class.getClassLoader();
  private static final ClassLoader HADOOP = Configuration.class.getClassLoader();
  private static final ClassLoader BLOOMKIT = TableCodecs.class.getClassLoader();

  /** The loader of the library that loads {@code codec}'s decoder for Parquet. */
  private static ClassLoader loader(CompressionCodecName codec) {
    switch (codec) {
      case LZ4:
        return HADOOP; // Hadoop's Lz4Codec
      case BROTLI:
        return BLOOMKIT; // ParquetCodecs
      default:
        return PARQUET;
    }
  }

  /**
   * Checks that {@code format}'s writer can load its {@code codec} ({@link TableWriter#codec}'s
   * name): Parquet's and Avro's zstd need zstd-jni where Parquet and Avro are loaded. Under {@code
   * hadoop jar} or {@code scripts/bloomkit}, Hadoop's own Avro (on Hadoop's classpath, ahead of
   * the job jar's) cannot see the job jar's zstd-jni, and its writer would fail in the task.
   *
   * @throws IllegalArgumentException naming the option, the codec and the remedy
   */
  public static void checkOutput(Configuration conf, TableFormat format, String codec) {
    if (!"zstd".equals(codec)
        || (format != TableFormat.AVRO && format != TableFormat.PARQUET)) {
      return;
    }
    String problem = load(conf, format == TableFormat.AVRO ? AVRO : PARQUET, ZSTD,
        new HashMap<>());
    if (problem != null) {
      throw new IllegalArgumentException("--output-codec zstd: " + format.cliName()
          + "'s zstd encoder cannot be loaded (" + problem + "), or choose another codec");
    }
  }

  /**
   * Loads and initializes the classes {@code classNames} (zstd-jni's {@code Zstd} loads its native
   * library then) once per check, through the configuration's class loader and through {@code
   * user}, the loader of the library that uses them; null when they load, else why not.
   */
  private static String load(Configuration conf, ClassLoader user, String classNames,
      Map<String, String> loaded) {
    String problem = loaded.computeIfAbsent(classNames + "@" + System.identityHashCode(user),
        names -> {
          for (String n : classNames.split(",")) {
            for (ClassLoader l : new ClassLoader[] {conf.getClassLoader(), user}) {
              try {
                Class.forName(n, true, l);
              } catch (ClassNotFoundException e) {
                return n + " is not on the classpath"
                    + (l == user && user != conf.getClassLoader()
                        ? " of the library that uses it (Hadoop's own, ahead of the job jar):"
                            + " run with HADOOP_USE_CLIENT_CLASSLOADER=true"
                        : "");
              } catch (LinkageError e) {
                return n + ": " + e;
              }
            }
          }
          return "";
        });
    return problem.isEmpty() ? null : problem;
  }
}
