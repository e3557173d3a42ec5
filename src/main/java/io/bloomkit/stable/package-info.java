/**
 * Stream duplicate detection with evicting filters: the stable, reservoir-sampling and
 * importance-aware Bloom filters, their theory and their simulation. Papers: Boraskar, Gabale,
 * Kulkarni, Kulkarni, "Importance-aware Bloom Filter for Managing Set Membership Queries on Streaming
 * Data" (the "IBF paper"; its section II.B describes the SBF of Deng and Rafiei, SIGMOD 2006); Dutta,
 * Bhattacharjee, Narang, "Towards Intelligent Compression in Streams: A Biased Reservoir Sampling
 * based Bloom Filter Approach", EDBT 2012 (the "RSBF paper").
 *
 * <ul>
 *   <li>{@link io.bloomkit.stable.StreamFilters}: factories, reader and theory hooks of the family.
 *   <li>{@link io.bloomkit.stable.StableBloomFilter}: SBF, m cells decremented P at a time.
 *   <li>{@link io.bloomkit.stable.ImportanceBloomFilter}: IBF, cells set by importance.
 *   <li>{@link io.bloomkit.stable.IbfVariant}: IBF's insert and delete procedures (2C, MC, H).
 *   <li>{@link io.bloomkit.stable.ImportanceMap}: the importance function f onto 1..M.
 *   <li>{@link io.bloomkit.stable.ReservoirBloomFilter}: RSBF, k filters with biased reservoir
 *       sampling.
 *   <li>{@link io.bloomkit.stable.StreamBloomFilter}: a plain Bloom filter as the no-eviction
 *       baseline.
 *   <li>{@link io.bloomkit.stable.CellFilter}: the cell array SBF and IBF share.
 *   <li>{@code AbstractStreamFilter}: seed, random generator and count of every stream filter
 *       (package-private).
 *   <li>{@link io.bloomkit.stable.StableTheory}: the SBF/IBF cell chain (IBF paper section III).
 *   <li>{@link io.bloomkit.stable.RsbfTheory}: RSBF parameters and rates (RSBF paper section 5).
 *   <li>{@link io.bloomkit.stable.DedupSimulation}: {@code simulate dedup} against an exact oracle.
 * </ul>
 */
package io.bloomkit.stable;
