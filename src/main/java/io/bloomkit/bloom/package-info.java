/**
 * The Bloom filter, the counting Bloom filter and the exact key set used for map-side filtering of
 * joins. Papers: Bloom, "Space/Time Trade-offs in Hash Coding with Allowable Errors", CACM 1970; Fan,
 * Cao, Almeida, Broder, "Summary Cache", IEEE/ACM ToN 2000 (the CBF); their rate is eq. 1 of the
 * ACBF paper ({@link io.bloomkit.core.BloomMath#bloomFpp}).
 *
 * <ul>
 *   <li>{@link io.bloomkit.bloom.BloomFilter}: m bits, k positions per key, merges by OR.
 *   <li>{@link io.bloomkit.bloom.CountingBloomFilter}: m saturating 4-bit counters.
 *   <li>{@link io.bloomkit.bloom.CountMinSketch}: k rows of wide counters that add weights (a
 *       partitioned counting Bloom filter of totals, Cormode and Muthukrishnan 2005).
 *   <li>{@link io.bloomkit.bloom.ExactKeySet}: the exact set of distinct keys, no false positive.
 * </ul>
 */
package io.bloomkit.bloom;
