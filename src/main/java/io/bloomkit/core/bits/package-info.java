/**
 * Bit-level storage of the filters, in {@code long[]} words with 64-bit indexes; no paper.
 *
 * <ul>
 *   <li>{@link io.bloomkit.core.bits.AtomicWords}: lock-free updates of single words (concurrent filters).
 *   <li>{@link io.bloomkit.core.bits.BitArray}: a fixed-size array of bits.
 *   <li>{@link io.bloomkit.core.bits.BitStreams}: ranges, counts and shifts on a bit stream.
 *   <li>{@link io.bloomkit.core.bits.PackedCells}: fixed-width cells (1 to 16 bits) back to back.
 *   <li>{@link io.bloomkit.core.bits.PackedCounters}: saturating 4-bit counters, 16 per word.
 * </ul>
 */
package io.bloomkit.core.bits;
