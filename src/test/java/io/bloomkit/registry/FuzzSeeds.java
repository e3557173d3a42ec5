package io.bloomkit.registry;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the seed corpus of the filter fuzz tests: every golden file and the crafted headers of
 * {@code CraftedFilterFilesTest} and {@code StreamCraftedFilesTest}, into each fuzz test's Jazzer
 * inputs directory ({@code src/test/resources/<package>/<TestClass>Inputs/<method>/}). Run from the
 * project root when the golden files or the crafted cases change (docs/fuzzing.md); findings of
 * {@code scripts/fuzz.sh} are added to those directories by hand, under a name saying what they
 * found.
 */
public final class FuzzSeeds {
  private FuzzSeeds() {}

  static final String[] TARGETS = {
    "io/bloomkit/registry/FilterReadersFuzzTestInputs/read",
    "io/bloomkit/registry/FilterReadersFuzzTestInputs/readQueryView",
    "io/bloomkit/registry/FilterReadersFuzzTestInputs/readShape",
    "io/bloomkit/registry/StreamFiltersFuzzTestInputs/read",
    "io/bloomkit/registry/StreamFiltersFuzzTestInputs/readWindow",
    "io/bloomkit/lcbf/LcbfReadFuzzTestInputs/read",
    "io/bloomkit/mapreduce/inspect/InspectFuzzTestInputs/inspect",
  };

  static final String[] GOLDEN = {
    "bf", "cbf", "acbf", "acbf2", "sbbf", "sbf", "rsbf", "ibf-2c", "ibf-mc", "ibf-h", "ibf-2c-alg1",
    "stream-bf", "timer", "timer-dynamic", "lcbf"
  };

  static Map<String, byte[]> seeds() throws IOException {
    Map<String, byte[]> m = new LinkedHashMap<>();
    for (String g : GOLDEN) {
      m.put("golden-" + g, Crafted.golden(g));
    }
    long bits = 1L << 36;
    m.put("crafted-bf-2e36-bits-in-76-bytes",
        Crafted.file(1, 3, 0, bits, 0, bits, 0, 1000, bits / 8, new byte[8]));
    m.put("crafted-sbbf-2e36-bits-in-76-bytes",
        Crafted.file(11, 8, 0, bits, 0, bits, 0, 1000, bits / 8, new byte[8]));
    m.put("crafted-sbbf-part-of-a-block",
        Crafted.file(11, 8, 0, 320, 0, 320, 0, 10, 40, new byte[40]));
    long c = 1L << 34;
    m.put("crafted-cbf-2e34-counters", Crafted.file(2, 3, 0, c, c, 4 * c, 0, 10, c / 2, new byte[8]));
    long keys = Integer.MAX_VALUE - 9;
    m.put("crafted-exact-2e31-keys",
        Crafted.file(4, 1, 0, keys, 0, 8 * 4 * keys, keys, keys, 4 * keys, new byte[8]));
    long past = Integer.MAX_VALUE - 8; // one offset more than an int array holds
    m.put("crafted-exact-offsets-past-array",
        Crafted.file(4, 1, 0, past, 0, 8 * 4 * past, past, past, 4 * past, new byte[8]));
    long words = (1L << 31) + 1;
    m.put("crafted-bf-words-past-2e31",
        Crafted.file(1, 3, 0, 64 * words, 0, 64 * words, 0, 1000, 8 * words, new byte[8]));
    m.put("crafted-payload-larger-than-file",
        Crafted.file(1, 3, 0, 64000, 0, 64000, 0, 1000, 8000, new byte[800]));
    byte[] bf = Crafted.golden("bf");
    m.put("crafted-bf-trailing-byte", Arrays.copyOf(bf, bf.length + 1));
    m.put("crafted-bf-cbf-concatenated", Crafted.concat(bf, Crafted.golden("cbf")));
    long cells = 1L << 34;
    m.put("crafted-sbf-2e34-cells",
        Crafted.file(5, 5, 0, cells, cells, 2 * cells, 0, 0, 8 + 24 + 8 * (2 * cells / 64),
            ByteBuffer.allocate(32).putInt(3).putInt(4).putLong(7).putLong(1).putLong(0).array()));
    long sb = 1L << 35;
    m.put("crafted-stream-bf-2e35-bits", Crafted.file(10, 3, 0, sb, 0, sb, 0, 0, 8 + sb / 8,
        Crafted.longs(0)));
    long timers = Integer.MAX_VALUE - 8;
    m.put("crafted-timer-2e31-timers", Crafted.file(8, 3, 0, timers, 0, timers, 0, 0,
        20 + 8 * ((timers + 63) / 64),
        ByteBuffer.allocate(20).putLong(1).putLong(Long.MIN_VALUE).putInt(0).array()));
    // format version 2: the key signature in the metadata block (docs/format.md)
    m.put("keyed-bf-long-string", Crafted.version2(bf, Crafted.keyTypesEntry(2, 1)));
    m.put("keyed-acbf-date", Crafted.version2(Crafted.golden("acbf"), Crafted.keyTypesEntry(4)));
    m.put("keyed-sbf-binary", Crafted.version2(Crafted.golden("sbf"), Crafted.keyTypesEntry(7)));
    m.put("keyed-timer-decimal-boolean",
        Crafted.version2(Crafted.golden("timer"), Crafted.keyTypesEntry(3, 6)));
    m.put("keyed-lcbf-timestamp", Crafted.version2(Crafted.golden("lcbf"), Crafted.keyTypesEntry(5)));
    m.put("crafted-keyed-unknown-type", Crafted.version2(bf, Crafted.keyTypesEntry(2, 8)));
    m.put("crafted-keyed-unknown-tag",
        Crafted.version2(bf, Crafted.concat(Crafted.keyTypesEntry(1), new byte[] {3, 0, 0, 0, 0})));
    // tag 2: the provenance (docs/format.md)
    byte[] prov = ProvenanceFormatTest.sample(3).encode();
    m.put("keyed-bf-provenance",
        Crafted.version2(bf, Crafted.concat(Crafted.keyTypesEntry(1), Crafted.provenanceEntry(prov))));
    m.put("keyed-acbf-provenance", Crafted.version2(Crafted.golden("acbf"),
        Crafted.concat(Crafted.keyTypesEntry(2), Crafted.provenanceEntry(prov))));
    byte[] manySteps = ProvenanceFormatTest.withStepCount(prov, Integer.MAX_VALUE);
    m.put("crafted-provenance-2e31-steps", Crafted.version2(bf,
        Crafted.concat(Crafted.keyTypesEntry(1), Crafted.provenanceEntry(manySteps))));
    byte[] pastMetadata = Crafted.provenanceEntry(prov);
    ByteBuffer.wrap(pastMetadata).putInt(1, Integer.MAX_VALUE);
    m.put("crafted-provenance-length-2e31", Crafted.version2(bf,
        Crafted.concat(Crafted.keyTypesEntry(1), pastMetadata)));
    byte[] huge = Crafted.version2(bf, Crafted.keyTypesEntry(1));
    ByteBuffer.wrap(huge).putInt(64, 1 << 20); // metadata of 1 MiB claimed in a small file
    m.put("crafted-keyed-metadata-2e20", huge);
    return m;
  }

  public static void main(String[] args) throws IOException {
    Path root = Paths.get(args.length > 0 ? args[0] : "src/test/resources");
    Map<String, byte[]> seeds = seeds();
    for (String t : TARGETS) {
      Path dir = root.resolve(t);
      Files.createDirectories(dir);
      for (Map.Entry<String, byte[]> e : seeds.entrySet()) {
        Files.write(dir.resolve(e.getKey()), e.getValue());
      }
    }
    System.out.println(seeds.size() + " seeds in each of " + TARGETS.length + " inputs directories");
  }
}
