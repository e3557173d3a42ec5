/**
 * The linked counting Bloom filter for global icebergs, its theory and its simulation. Paper: Wu,
 * Xiao, Li, Sun, "A Distributed Algorithm for Finding Global Icebergs with Linked Counting Bloom
 * Filters" (the "icebergs paper").
 *
 * <ul>
 *   <li>{@link io.bloomkit.lcbf.LinkedCountingBloomFilter}: m entries of frequency lists (sections
 *       II-V).
 *   <li>{@code LcbfFormat}: its two-layer encoding in the one file format (write, checks, read).
 *   <li>{@link io.bloomkit.lcbf.LcbfTheory}: its error bounds (eqs. 1, 2) and encodings (section V).
 *   <li>{@link io.bloomkit.lcbf.LcbfArithmeticCode}: its transmitted form compressed by a range coder
 *       (section II's remark), with {@code RangeCoder} and {@code SymbolModel}.
 *   <li>{@link io.bloomkit.lcbf.LcbfSimulation}: {@code simulate lcbf} (section VI, Figures 5-7; each
 *       node visited once in random order, the favourable walk).
 *   <li>{@link io.bloomkit.lcbf.GossipSimulation}: {@code simulate gossip}, the section III gossip
 *       walk (revisits, result routing) on a random geometric graph ({@code GeometricGraph}); the
 *       data of both simulations is {@code IcebergData}.
 * </ul>
 */
package io.bloomkit.lcbf;
