package io.bloomkit.mapreduce.merge;

import io.bloomkit.mapreduce.merge.CombinePlan.Operation;

/**
 * {@code merge --output FILE FILE1 FILE2 ...}: one filter holding the keys of all inputs, on the
 * client. Counting filters (acbf, cbf) add their counters (a key in three inputs has a count of 3;
 * cbf counters saturate at 15), Bloom filters (bf) OR their bits, exact sets unite their keys. Every
 * input must match the first in family, ACBF variant, size, numHashes, ACBF capacity, hash and key
 * types (exact sets: family and key types only): otherwise a usage error (exit 2) names both files
 * and both values. ACBFs whose items total more than their capacity are refused (exit 1). Nothing is
 * written unless everything succeeds; OUTPUT is written atomically and the inputs are never
 * modified. The result has the inputs' shape: it answers every query exactly as a filter of that
 * shape built from all the inputs' keys (for bf, acbf and cbf below saturation, bit for bit).
 */
public final class MergeTool extends CombineTool {
  @Override
  Operation operation() {
    return Operation.MERGE;
  }

  @Override
  public String description() {
    return "Merge filter files of one shape: counters added (acbf, cbf), bits ORed (bf, sbbf), sets"
        + " united (exact).";
  }

  @Override
  protected String argsSyntax() {
    return "FILE1 FILE2 ...";
  }

  public static void main(String[] args) {
    main(new MergeTool(), args);
  }
}
