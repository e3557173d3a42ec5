/**
 * The {@code icebergs} tool: the keys whose total weight reaches a threshold, by one of three
 * methods, each a chain of jobs: {@code exact} (sum every key), {@code counting} (a count-min
 * sketch of local totals first, {@link IcebergFilters}) and {@code lcbf} (linked counting Bloom
 * filters per split, the icebergs paper, {@link LcbfFilters}); {@code --verify} and {@code
 * --evaluate} check candidates against exact totals.
 *
 * <p>Tool floor: it may use the plumbing ({@code common}, {@code cli}), the reader layer ({@code
 * table}), {@code config} and the library; no other tool. Public: {@link IcebergTool}, the tasks
 * ({@link IcebergMapper}, {@link IcebergReducer}, {@link TotalsFilterMapper}, {@link
 * LcbfTotalsMapper}, {@link LcbfEstimateMapper}, {@link LcbfCandidateReducer}, {@link
 * CandidateTotalsMapper}, {@link CandidateTotalsReducer}) and {@link WeightedRecordParser}; the
 * plan, the chains ({@code TotalsChain}, {@code LcbfChain}, {@code CandidatesJob}) and the report
 * are package-private.
 */
package io.bloomkit.mapreduce.icebergs;
