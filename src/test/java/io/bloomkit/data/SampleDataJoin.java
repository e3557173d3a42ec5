package io.bloomkit.data;

import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The reference for join tests on sample-data: a naive in-memory join, and part-file reading. */
public final class SampleDataJoin {
  public static final File SAMPLE_DATA = RepoFiles.file("sample-data");

  private SampleDataJoin() {}

  /** The non-empty lines of all {@code part-*} files of {@code dir}, in file-name order. */
  public static List<String> partLines(File dir) throws IOException {
    File[] files = dir.listFiles((d, n) -> n.startsWith("part-"));
    if (files == null || files.length == 0) {
      throw new AssertionError(dir + " has no part files");
    }
    Arrays.sort(files);
    List<String> all = new ArrayList<>();
    for (File f : files) {
      for (String l : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!l.isEmpty()) {
          all.add(l);
        }
      }
    }
    return all;
  }

  /**
   * Every (key line, citation line) pair of sample-data with key {@code PATENT} (field 0) equal to
   * citation {@code CITED} (field 1), as {@code key + "\t" + citation}, sorted.
   */
  public static List<String> naiveJoin() throws IOException {
    Map<String, List<String>> keys = new HashMap<>();
    for (String k : partLines(new File(SAMPLE_DATA, "keys"))) {
      keys.computeIfAbsent(k.split(",", -1)[0], x -> new ArrayList<>()).add(k);
    }
    List<String> out = new ArrayList<>();
    for (String c : partLines(new File(SAMPLE_DATA, "citations"))) {
      for (String k : keys.getOrDefault(c.split(",", -1)[1], List.of())) {
        out.add(k + "\t" + c);
      }
    }
    Collections.sort(out);
    return out;
  }

  /** The sorted lines of a join output directory. */
  public static List<String> sortedOutput(File dir) throws IOException {
    List<String> l = partLines(dir);
    Collections.sort(l);
    return l;
  }
}
