import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.github.luben.zstd.Zstd;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.brotli.dec.BrotliInputStream;

/**
 * Decode speed of Parquet's brotli pages by org.brotli:dec (pure Java, what bloomkit uses) and
 * brotli4j (native), against zstd-jni on the zstd pages of the same table, both files written by
 * DuckDB ({@code COPY ... (FORMAT parquet, COMPRESSION brotli|zstd)}, DuckDB's default levels).
 * The pages are taken from the files through parquet-java's own page reader (a codec factory that
 * keeps each compressed page); each run decodes every page once per decoder; prints each run and
 * the medians in MB/s of decoded bytes. scripts/bench-brotli-decode.sh runs it.
 */
public class BrotliDecodeBench {
  /** A compressed page and its decoded size. */
  record Page(byte[] bytes, int size) {}

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    long rows = args.length > 1 ? Long.parseLong(args[1]) : 2_000_000;
    File dir = java.nio.file.Files.createTempDirectory("brotli-bench").toFile();
    String table = "SELECT i::BIGINT AS id, 'name' || (hash(i) % 5000) AS name,"
        + " (hash(i * 7) % 100000) / 100.0 AS amount, DATE '2010-01-01' + (hash(i * 3) % 5000)::INT"
        + " AS day, 'A' || lpad((hash(i * 11) % 300)::VARCHAR, 3, '0') AS origin FROM range(" + rows
        + ") t(i)";
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = c.createStatement()) {
      for (String codec : new String[] {"brotli", "zstd", "uncompressed"}) {
        s.execute("COPY (" + table + ") TO '" + new File(dir, codec + ".parquet")
            + "' (FORMAT parquet, COMPRESSION " + codec + ")");
      }
    }
    for (String codec : new String[] {"brotli", "zstd", "uncompressed"}) {
      System.out.printf("%s.parquet: %d bytes%n", codec, new File(dir, codec + ".parquet").length());
    }
    List<Page> brotli = pages(new File(dir, "brotli.parquet"));
    List<Page> zstd = pages(new File(dir, "zstd.parquet"));
    System.out.printf("brotli: %d pages, %d -> %d bytes; zstd: %d pages, %d -> %d bytes%n",
        brotli.size(), compressed(brotli), decoded(brotli), zstd.size(), compressed(zstd),
        decoded(zstd));
    Brotli4jLoader.ensureAvailability();
    double[][] mbs = new double[3][runs];
    String[] names = {"org.brotli:dec", "brotli4j", "zstd-jni"};
    for (int r = -3; r < runs; r++) { // three warm-up runs
      double a = decodeJava(brotli);
      double b = decodeNative(brotli);
      double z = decodeZstd(zstd);
      if (r >= 0) {
        mbs[0][r] = a / 1e6;
        mbs[1][r] = b / 1e6;
        mbs[2][r] = z / 1e6;
        System.out.printf("run %d: org.brotli:dec %.0f MB/s, brotli4j %.0f MB/s, zstd-jni %.0f"
            + " MB/s%n", r + 1, mbs[0][r], mbs[1][r], mbs[2][r]);
      }
    }
    StringBuilder b = new StringBuilder("median of " + runs + " runs:");
    for (int i = 0; i < 3; i++) {
      Arrays.sort(mbs[i]);
      b.append(String.format(" %s %.0f MB/s%s", names[i], mbs[i][runs / 2], i < 2 ? "," : ""));
    }
    System.out.println(b);
    System.out.printf("zstd-jni / org.brotli:dec %.1fx, brotli4j / org.brotli:dec %.1fx%n",
        mbs[2][runs / 2] / mbs[0][runs / 2], mbs[1][runs / 2] / mbs[0][runs / 2]);
  }

  private static long compressed(List<Page> pages) {
    return pages.stream().mapToLong(p -> p.bytes.length).sum();
  }

  private static long decoded(List<Page> pages) {
    return pages.stream().mapToLong(p -> p.size).sum();
  }

  /** Every compressed page (dictionary and data) of {@code file}, as Parquet's reader reads it. */
  private static List<Page> pages(File file) throws IOException {
    List<Page> out = new ArrayList<>();
    Configuration conf = new Configuration();
    CompressionCodecFactory keep = new CompressionCodecFactory() {
      @Override
      public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        throw new UnsupportedOperationException();
      }

      @Override
      public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return new BytesInputDecompressor() {
          @Override
          public BytesInput decompress(BytesInput bytes, int size) throws IOException {
            byte[] in = bytes.toByteArray();
            out.add(new Page(in, size));
            byte[] o = new byte[size];
            if (codec == CompressionCodecName.ZSTD) {
              Zstd.decompressByteArray(o, 0, size, in, 0, in.length);
            } else {
              try (InputStream s = new BrotliInputStream(new java.io.ByteArrayInputStream(in))) {
                s.readNBytes(o, 0, size);
              }
            }
            return BytesInput.from(o);
          }

          @Override
          public void decompress(ByteBuffer in, int c, ByteBuffer o, int size) {
            throw new UnsupportedOperationException();
          }

          @Override
          public void release() {}
        };
      }

      @Override
      public void release() {}
    };
    Path path = new Path(file.toURI());
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf),
        HadoopReadOptions.builder(conf, path).withCodecFactory(keep).build())) {
      PageReadStore group;
      while ((group = r.readNextRowGroup()) != null) {
        for (ColumnDescriptor col : r.getFileMetaData().getSchema().getColumns()) {
          PageReader pr = group.getPageReader(col);
          pr.readDictionaryPage();
          DataPage p;
          while ((p = pr.readPage()) != null) {
            if (p instanceof org.apache.parquet.column.page.DataPageV1) {
              ((org.apache.parquet.column.page.DataPageV1) p).getBytes().toByteArray();
            }
          }
        }
      }
    }
    return out;
  }

  private static double decodeJava(List<Page> pages) throws IOException {
    long t = System.nanoTime();
    long n = 0;
    for (Page p : pages) {
      byte[] o = new byte[p.size];
      try (InputStream s = new BrotliInputStream(new java.io.ByteArrayInputStream(p.bytes))) {
        n += s.readNBytes(o, 0, p.size);
      }
    }
    return n / ((System.nanoTime() - t) / 1e9);
  }

  private static double decodeNative(List<Page> pages) throws IOException {
    long t = System.nanoTime();
    long n = 0;
    for (Page p : pages) {
      n += com.aayushatharva.brotli4j.decoder.Decoder.decompress(p.bytes, 0, p.bytes.length)
          .length;
    }
    return n / ((System.nanoTime() - t) / 1e9);
  }

  private static double decodeZstd(List<Page> pages) {
    long t = System.nanoTime();
    long n = 0;
    for (Page p : pages) {
      byte[] o = new byte[p.size];
      n += Zstd.decompressByteArray(o, 0, p.size, p.bytes, 0, p.bytes.length);
    }
    return n / ((System.nanoTime() - t) / 1e9);
  }
}
