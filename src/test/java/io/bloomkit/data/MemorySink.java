package io.bloomkit.data;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects generated parts in memory, checking that parts are opened in order. */
final class MemorySink implements PartSink {
  final Map<String, List<ByteArrayOutputStream>> parts = new LinkedHashMap<>();

  @Override
  public OutputStream open(String dataset, int part) {
    List<ByteArrayOutputStream> list = parts.computeIfAbsent(dataset, d -> new ArrayList<>());
    if (list.size() != part) {
      throw new AssertionError("part " + part + " of " + dataset + " opened out of order");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    list.add(out);
    return out;
  }

  int partCount(String dataset) {
    return parts.get(dataset).size();
  }

  byte[] part(String dataset, int part) {
    return parts.get(dataset).get(part).toByteArray();
  }

  /** All parts of a dataset concatenated. */
  byte[] bytes(String dataset) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (ByteArrayOutputStream p : parts.get(dataset)) {
      all.writeBytes(p.toByteArray());
    }
    return all.toByteArray();
  }

  List<String> lines(String dataset) {
    String s = new String(bytes(dataset), StandardCharsets.US_ASCII);
    if (s.isEmpty()) {
      return List.of();
    }
    if (!s.endsWith("\n")) {
      throw new AssertionError(dataset + " does not end with a newline");
    }
    return Arrays.asList(s.substring(0, s.length() - 1).split("\n", -1));
  }
}
