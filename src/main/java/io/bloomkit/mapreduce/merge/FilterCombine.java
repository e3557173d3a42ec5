package io.bloomkit.mapreduce.merge;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.merge.CombinePlan.Operation;
import io.bloomkit.sbbf.SplitBlockBloomFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The work of a {@link CombinePlan}, on the client. First every file's header and key types are
 * read and checked against the first file's (family, ACBF variant, size, numHashes, ACBF capacity,
 * hash, key types: a usage error naming both files and both values), and a merge of ACBFs whose
 * items would exceed their capacity is refused; then the payloads are read one after the other and
 * combined into the first (an exact set's keys are collected and united once); then the result is
 * written atomically, with the first file's provenance and this step appended to it (see {@link
 * #provenance}). Every refusal comes before anything is written.
 */
final class FilterCombine {
  /** The filter written. */
  final Filter result;
  final Map<CombineCounters, Long> counters = new EnumMap<>(CombineCounters.class);

  private FilterCombine(Filter result) {
    this.result = result;
  }

  /** A file's header and key types. */
  static final class Header {
    final Path path;
    final FilterFormat.Header header;
    final FilterShape shape;
    final KeySignature keys;

    Header(Configuration conf, Path path, Operation op) throws IOException {
      this.path = path;
      this.header = FilterFiles.readHeader(conf, path, op.tool, op.families);
      this.shape = header.shape();
      this.keys = FilterFiles.readKeys(conf, path, op.tool, op.families);
    }
  }

  static FilterCombine run(Configuration conf, CombinePlan p) throws IOException {
    Operation op = p.operation;
    List<Header> headers = new ArrayList<>();
    for (Path in : p.inputs) {
      headers.add(new Header(conf, in, op));
    }
    Header first = headers.get(0);
    long inputItems = 0;
    for (Header h : headers) {
      checkCompatible(op, first, h);
      inputItems += h.header.items;
    }
    long subtracted = inputItems - first.header.items;
    if (op == Operation.MERGE && first.shape.family() == FilterFamily.ACCURATE_COUNTING
        && inputItems > first.shape.capacity()) {
      throw new IOException(
          "merging " + inputItems + " items would exceed the capacity of " + first.shape.capacity()
              + " of " + first.path + " (" + first.shape.name() + "; the ACBF's idle space holds"
              + " no more); build the inputs with a larger --capacity; nothing written");
    }

    Filter acc = FilterFiles.read(conf, first.path, op.tool, op.families);
    List<ExactKeySet> sets = new ArrayList<>();
    for (Header h : headers.subList(1, headers.size())) {
      Filter next = FilterFiles.read(conf, h.path, op.tool, op.families);
      if (acc instanceof ExactKeySet) {
        sets.add((ExactKeySet) next);
        continue;
      }
      try {
        combine(op, acc, next);
      } catch (IllegalArgumentException | IllegalStateException e) {
        // counters below zero, or past an ACBF's idle space: nothing changed, nothing written
        throw new IOException(
            (op == Operation.SUBTRACT
                    ? "subtracting " + h.path + " from " + first.path
                        + (headers.indexOf(h) > 1 ? " (less the files before it)" : "")
                    : "merging " + h.path + " into " + first.path)
                + ": " + e.getMessage() + "; nothing written", e);
      }
    }
    if (acc instanceof ExactKeySet) {
      sets.add(0, (ExactKeySet) acc);
      acc = ExactKeySet.union(sets);
    }
    FilterCombine c = new FilterCombine(acc);
    c.counters.put(CombineCounters.INPUT_FILES, (long) headers.size());
    if (op == Operation.MERGE) {
      c.counters.put(CombineCounters.INPUT_ITEMS, inputItems);
    } else {
      c.counters.put(CombineCounters.ITEMS_BEFORE, first.header.items);
      c.counters.put(CombineCounters.ITEMS_SUBTRACTED, subtracted);
    }
    c.counters.put(CombineCounters.ITEMS, acc.items());
    Provenance provenance = provenance(conf, p, headers, acc.items()).orElse(null);
    c.counters.put(CombineCounters.SERIALIZED_BYTES,
        FilterFiles.writeAtomically(conf, p.output, acc, outputKeys(headers), provenance));
    return c;
  }

  /**
   * The provenance of the first file (the base of a subtract) with this step appended: the command
   * line, every input filter file as a source (its length and modification time; records and
   * distinct keys not known), the items of each and of the result. Empty when the first file
   * records none (an older file: its history is unknown, and none is written), as for update.
   */
  static Optional<Provenance> provenance(Configuration conf, CombinePlan p, List<Header> headers,
      long items) throws IOException {
    Operation op = p.operation;
    Optional<Provenance> before =
        FilterFiles.readProvenance(conf, headers.get(0).path, op.tool, op.families);
    if (before.isEmpty()) {
      return before;
    }
    Provenance.Step.Builder step =
        Provenance.Step.builder(op.tool).tool(op.tool).options(p.commandLine);
    List<String> held = new ArrayList<>();
    for (Header h : headers) {
      FileStatus st = h.path.getFileSystem(conf).getFileStatus(h.path);
      step.source(Provenance.Source.file(st.getPath().toString(), st.getLen(),
          st.getModificationTime(), Provenance.Source.UNKNOWN, Provenance.Source.UNKNOWN));
      held.add(String.valueOf(h.header.items));
    }
    String files = headers.size() + " filter files holding " + String.join(", ", held) + " items";
    return Optional.of(before.get().append(step
        .description((op == Operation.MERGE
                ? "merged " + files
                : "subtracted from the first of " + files + " the others")
            + " (sources in that order); the result holds " + items + " items")
        .build()));
  }

  private static void combine(Operation op, Filter acc, Filter next) {
    if (op == Operation.SUBTRACT) {
      ((CountingFilter) acc).subtract((CountingFilter) next);
    } else if (acc instanceof CountingFilter) {
      ((CountingFilter) acc).merge((CountingFilter) next); // counter addition, never OR
    } else if (acc instanceof SplitBlockBloomFilter) {
      ((SplitBlockBloomFilter) acc).merge((SplitBlockBloomFilter) next);
    } else {
      ((BloomFilter) acc).merge((BloomFilter) next);
    }
  }

  /**
   * Refuses (usage error) a file that cannot be combined with the first, naming both files and
   * both values: family, ACBF variant, size, numHashes, ACBF capacity (not for exact sets, which
   * unite whatever their sizes), hash and key types.
   */
  private static void checkCompatible(Operation op, Header first, Header h) throws IOException {
    String what = op.tool + " " + first.path + " and " + h.path + ": ";
    try {
      if (first.shape.family() == FilterFamily.EXACT || h.shape.family() == FilterFamily.EXACT) {
        if (first.shape.family() != h.shape.family()) {
          throw new IllegalArgumentException("cannot " + op.tool + " filters with different"
              + " family: " + first.shape.family().shortName() + " vs "
              + h.shape.family().shortName());
        }
      } else {
        first.shape.checkCompatible(h.shape, op.tool);
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(what + e.getMessage() + "; nothing written");
    }
    if (first.header.hash != h.header.hash) {
      throw new UsageException(what + "cannot " + op.tool + " filters with different hash: "
          + first.header.hash + " vs " + h.header.hash + "; nothing written");
    }
    if (!first.keys.accepts(h.keys)) {
      throw new UsageException(what + "cannot " + op.tool + " filters with different key types: "
          + first.keys.describe() + " vs " + h.keys.describe() + "; nothing written");
    }
  }

  /** The key types the result records: the first recorded among the inputs' (else version 1). */
  private static KeySignature outputKeys(List<Header> headers) {
    for (Header h : headers) {
      if (h.keys.recorded()) {
        return h.keys;
      }
    }
    return KeySignature.LEGACY;
  }
}
