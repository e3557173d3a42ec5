/**
 * What every filter family shares: the contracts, the shapes and their sizing, and the Bloom
 * filter maths of eq. 1. No Hadoop, no family code (families depend on this package, never the
 * other way round).
 *
 * <p>Papers: the sizing follows Li, Huang, Zhang, Qin, "Accurate Counting Bloom Filters for
 * Large-Scale Data Processing", Mathematical Problems in Engineering 2013 (the "ACBF paper", eqs. 1,
 * 3-7), whose eq. 1 is Bloom (1970) in the form of Fan et al. (2000).
 *
 * <ul>
 *   <li>{@link io.bloomkit.core.Filter}: the membership contract (add, mightContain, merge, write).
 *   <li>{@link io.bloomkit.core.CountingFilter}: a filter with counters (remove, count).
 *   <li>{@link io.bloomkit.core.StreamFilter}: the stream duplicate-detection contract (test, then
 *       update).
 *   <li>{@link io.bloomkit.core.StoredFilter}: anything the file format stores (all ten families).
 *   <li>{@link io.bloomkit.core.FilterFamily}: the families the file format knows, with their ids.
 *   <li>{@link io.bloomkit.core.FilterShape}: a filter's parameters and the sizing that chooses them.
 *   <li>{@link io.bloomkit.core.AcbfSizing}: the ACBF's split of its budget (a format-level variant)
 *       and its sizing rules (ACBF paper eqs. 3-7).
 *   <li>{@link io.bloomkit.core.BloomMath}: eq. 1, the best k, bits for a target fpp, argument checks.
 *   <li>{@link io.bloomkit.core.CorruptFilterException}: bytes that are not a readable filter.
 *   <li>{@link io.bloomkit.core.UnsupportedFamilyException}: a readable filter of the wrong family.
 *   <li>{@link io.bloomkit.core.FilterTooLargeException}: sizing beyond the largest filter.
 * </ul>
 */
package io.bloomkit.core;
