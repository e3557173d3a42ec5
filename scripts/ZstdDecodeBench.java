import com.github.luben.zstd.Zstd;
import io.airlift.compress.zstd.ZstdDecompressor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Decode speed of zstd-jni's native decoder against aircompressor's pure-Java one, on the same
 * frames: 64 MB of table-like text (pipe-delimited rows of ids, names, amounts, dates, from a
 * fixed seed) cut into 1 MB pages (Parquet's default page size) and compressed by zstd-jni at
 * level 3 (the default of Parquet, Polars and Iceberg). Runs alternate (jni, java, jni, ...), each
 * decoding every page once; prints each run and the medians in MB/s of decoded bytes. A
 * single-file program: scripts/bench-zstd-decode.sh runs it with the two jars from ~/.m2.
 */
public class ZstdDecodeBench {
  public static void main(String[] args) {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    int pageSize = 1 << 20;
    byte[] data = data(64 << 20);
    List<byte[]> pages = new ArrayList<>();
    for (int off = 0; off < data.length; off += pageSize) {
      pages.add(Zstd.compress(Arrays.copyOfRange(data, off, off + pageSize), 3));
    }
    long compressed = pages.stream().mapToLong(p -> p.length).sum();
    System.out.printf("data %d bytes, %d pages, compressed %d bytes (ratio %.2f)%n",
        data.length, pages.size(), compressed, (double) data.length / compressed);
    byte[] out = new byte[pageSize];
    ZstdDecompressor air = new ZstdDecompressor();
    double[] jni = new double[runs];
    double[] java = new double[runs];
    for (int warm = 0; warm < 3; warm++) {
      decodeJni(pages, out);
      decodeJava(air, pages, out);
    }
    for (int r = 0; r < runs; r++) {
      jni[r] = decodeJni(pages, out) / 1e6;
      java[r] = decodeJava(air, pages, out) / 1e6;
      System.out.printf("run %d: zstd-jni %.0f MB/s, aircompressor %.0f MB/s%n", r + 1, jni[r],
          java[r]);
    }
    Arrays.sort(jni);
    Arrays.sort(java);
    System.out.printf("median of %d runs: zstd-jni %.0f MB/s, aircompressor %.0f MB/s%n", runs,
        jni[runs / 2], java[runs / 2]);
  }

  /** Bytes per second of one pass of zstd-jni over every page. */
  private static double decodeJni(List<byte[]> pages, byte[] out) {
    long t = System.nanoTime();
    long n = 0;
    for (byte[] p : pages) {
      n += Zstd.decompressByteArray(out, 0, out.length, p, 0, p.length);
    }
    return n / ((System.nanoTime() - t) / 1e9);
  }

  /** Bytes per second of one pass of aircompressor over every page. */
  private static double decodeJava(ZstdDecompressor d, List<byte[]> pages, byte[] out) {
    long t = System.nanoTime();
    long n = 0;
    for (byte[] p : pages) {
      n += d.decompress(p, 0, p.length, out, 0, out.length);
    }
    return n / ((System.nanoTime() - t) / 1e9);
  }

  /** Rows {@code id|name|amount|yyyy-mm-dd} from a fixed seed, {@code size} bytes. */
  private static byte[] data(int size) {
    Random random = new Random(24);
    StringBuilder b = new StringBuilder(size + 64);
    for (long id = 0; b.length() < size; id++) {
      b.append(id).append("|name").append(random.nextInt(5000)).append('|')
          .append(random.nextInt(100000) / 100.0).append("|20")
          .append(10 + random.nextInt(15)).append('-').append(1 + random.nextInt(9)).append("-1")
          .append(random.nextInt(9)).append('\n');
    }
    return Arrays.copyOf(b.toString().getBytes(StandardCharsets.US_ASCII), size);
  }
}
