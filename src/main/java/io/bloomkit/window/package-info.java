/**
 * Distributed and sliding-window duplicate elimination: sliced Bloom filters, timer filters, dynamic
 * size, Bloom trees, their theory and their simulations. Paper: Koloniari, Ntarmos, Souravlias,
 * Pitoura, "One is Enough: Distributed Filtering for Duplicate Elimination", CIKM 2011.
 *
 * <ul>
 *   <li>{@link io.bloomkit.window.WindowFilters}: factories and reader of the timer family.
 *   <li>{@link io.bloomkit.window.TimerFilter}: the sliding-window timer filter (section 4).
 *   <li>{@code TimerFormat}: the timer family's payloads in the one file format (write, read).
 *   <li>{@code DynamicTimerFilter}: dynamic size, a list of timer filters (section 5).
 *   <li>{@code SlicedBloomFilter}: horizontal, vertical and diced slices on sites (section 3).
 *   <li>{@code SlicedTimerFilter}: a horizontally sliced timer filter (sections 3 and 4).
 *   <li>{@code SlicedDynamicTimerFilter}: per-slice dynamic size, each slice a dynamic filter (section 5).
 *   <li>{@code BloomTree}: Bloom trees over a producer hierarchy (section 6).
 *   <li>{@code Hashing}: hash derivations beyond the shared positions.
 *   <li>{@link io.bloomkit.window.WindowTheory}: the paper's formulas (eqs. 1-7, sections 3-5, 7).
 *   <li>{@link io.bloomkit.window.WindowSimulation}: {@code simulate window} (Figures 9-11).
 *   <li>{@link io.bloomkit.window.SlicesSimulation}: {@code simulate slices} (Figures 1 and 5).
 *   <li>{@link io.bloomkit.window.TreeSimulation}: {@code simulate tree} (Table 1, Figure 12).
 * </ul>
 *
 * Classes in {@code code} font are package-private.
 */
package io.bloomkit.window;
