/**
 * The accurate counting Bloom filter, its theory and its simulation. Paper: Li, Huang, Zhang, Qin,
 * "Accurate Counting Bloom Filters for Large-Scale Data Processing", Mathematical Problems in
 * Engineering 2013, id 516298 (the "ACBF paper"). The sizing variants and rules live in {@link
 * io.bloomkit.core.AcbfSizing}, since the shared sizing needs them.
 *
 * <ul>
 *   <li>{@link io.bloomkit.acbf.AccurateCountingBloomFilter}: the multi-level filter (section 3.1).
 *   <li>{@code AcbfFormat}: its payload in the file format (package-private).
 *   <li>{@link io.bloomkit.acbf.AcbfTheory}: its false positive rates (eqs. 3 and 7).
 *   <li>{@link io.bloomkit.acbf.AcbfSimulation}: {@code simulate acbf}, the experiment of section
 *       3.3.
 * </ul>
 */
package io.bloomkit.acbf;
