/**
 * Seeded input data and streams for the jobs, benchmarks and simulations; no Hadoop. The patent data
 * has the shape of the NBER citation files of the ACBF paper's section 4 (Li, Huang, Zhang, Qin,
 * "Accurate Counting Bloom Filters for Large-Scale Data Processing", Mathematical Problems in
 * Engineering 2013); the timed streams follow section 7 of Koloniari, Ntarmos, Souravlias, Pitoura,
 * "One is Enough: Distributed Filtering for Duplicate Elimination", CIKM 2011.
 *
 * <ul>
 *   <li>{@link io.bloomkit.data.TpchDataGenerator}: TPC-H tables (io.trino.tpch) in parts.
 *   <li>{@link io.bloomkit.data.PatentDataGenerator}: patents, citations and keys of the NBER shape.
 *   <li>{@link io.bloomkit.data.ClickLogGenerator}: an ad-click log for dedup and icebergs.
 *   <li>{@link io.bloomkit.data.Streams}: key streams for the duplicate-detection simulations.
 *   <li>{@link io.bloomkit.data.TimedStream}: timestamped event streams with bursts.
 *   <li>{@link io.bloomkit.data.Zipf}: the Zipf distribution over ranks.
 *   <li>{@link io.bloomkit.data.SplitMix64}: the one seeded random generator of bloomkit.
 *   <li>{@link io.bloomkit.data.PartSink}: where generators write, one stream per part.
 *   <li>{@code AsciiLineWriter}: buffered ASCII lines without per-line strings (package-private).
 * </ul>
 */
package io.bloomkit.data;
