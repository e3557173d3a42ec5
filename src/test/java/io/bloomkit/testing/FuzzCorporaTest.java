package io.bloomkit.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every fuzz test replays a seed corpus, and every corpus belongs to a fuzz test: Jazzer looks for
 * the inputs of {@code pkg.Class#method} in {@code src/test/resources/pkg/ClassInputs/method/}
 * (docs/fuzzing.md) and, when the directory is missing (a class moved to another package without
 * its corpus), replays one empty input and passes, so a lost corpus would go unnoticed.
 */
class FuzzCorporaTest {
  private static final Pattern FUZZ_METHOD =
      Pattern.compile("^\\s*@FuzzTest\\b[^;{]*?\\bvoid\\s+(\\w+)\\s*\\(", Pattern.DOTALL | Pattern.MULTILINE);

  /** {@code pkg/path/ClassInputs/method} for every {@code @FuzzTest} method of the test sources. */
  static List<String> fuzzMethods(Path sources) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        String text = Files.readString(f);
        String rel = sources.relativize(f).toString().replace('\\', '/');
        String cls = rel.substring(0, rel.length() - ".java".length());
        Matcher m = FUZZ_METHOD.matcher(text);
        while (m.find()) {
          out.add(cls + "Inputs/" + m.group(1));
        }
      }
    }
    return out;
  }

  @Test
  void everyFuzzTestHasANonEmptySeedCorpusWhereJazzerLooks() throws IOException {
    Path resources = RepoFiles.path("src/test/resources");
    List<String> methods = fuzzMethods(RepoFiles.path("src/test/java"));
    assertTrue(methods.size() >= 9, "found only " + methods);
    List<String> missing = new ArrayList<>();
    for (String m : methods) {
      Path dir = resources.resolve(m);
      boolean seeded;
      try (Stream<Path> seeds = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
        seeded = seeds.anyMatch(Files::isRegularFile);
      }
      if (!seeded) {
        missing.add(m);
      }
    }
    assertEquals(List.of(), missing, "fuzz tests without seeds under src/test/resources");
  }

  @Test
  void everyCorpusBelongsToAFuzzTest() throws IOException {
    Path resources = RepoFiles.path("src/test/resources");
    TreeSet<String> methods = new TreeSet<>(fuzzMethods(RepoFiles.path("src/test/java")));
    List<String> orphans = new ArrayList<>();
    try (Stream<Path> dirs = Files.walk(resources)) {
      for (Path d : (Iterable<Path>) dirs.filter(Files::isDirectory)::iterator) {
        Path parent = d.getParent();
        if (parent != null && parent.getFileName().toString().endsWith("FuzzTestInputs")) {
          String rel = resources.relativize(d).toString().replace('\\', '/');
          if (!methods.contains(rel)) {
            orphans.add(rel);
          }
        }
      }
    }
    assertEquals(List.of(), orphans, "seed corpora of no fuzz test (moved or renamed?)");
  }

  @Test
  void theScanFindsAnnotatedMethodsOnly() throws IOException {
    Path dir = Files.createTempDirectory("fuzz-scan");
    try {
      Path pkg = Files.createDirectories(dir.resolve("a/b"));
      Files.writeString(pkg.resolve("XFuzzTest.java"), "class XFuzzTest {\n"
          + "  @FuzzTest(maxDuration = \"60s\")\n  @Timeout(10)\n  void read(byte[] in) {}\n"
          + "  @Test\n  void notFuzz() {}\n  @FuzzTest\n  public void two(FuzzedDataProvider d) {}\n}\n");
      List<String> found = fuzzMethods(dir);
      assertEquals(List.of("a/b/XFuzzTestInputs/read", "a/b/XFuzzTestInputs/two"), found);
      assertFalse(found.contains("a/b/XFuzzTestInputs/notFuzz"));
    } finally {
      try (Stream<Path> w = Files.walk(dir)) {
        w.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
