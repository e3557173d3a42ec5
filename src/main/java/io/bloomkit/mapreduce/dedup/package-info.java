/**
 * The {@code dedup} tool: a record is a duplicate when one with the same key comes earlier (with
 * {@code --window}, less than W time units earlier) in a global order (time, file, position); kept
 * records and duplicates are written apart. Methods: {@code exact} (a reduce-side group per key),
 * {@code counting} (a counting filter of key multiplicities first) or {@code stream} (a stream
 * filter per slice of the keys, the RSBF, IBF and "One is Enough" papers' filters, {@link
 * StreamDedupFilters}).
 *
 * <p>Tool floor: it may use the plumbing ({@code common}, {@code cli}, {@code filterjob}), the
 * reader layer ({@code table}), {@code config} and the library ({@code stable}, {@code window});
 * no other tool. Public: {@link DedupTool}, the tasks ({@link DedupMapper}, {@link DedupReducer},
 * {@link MultiplicityMapper}, {@link StreamDedupReducer}), {@link DedupKey}, {@link DedupOutput}
 * and {@link RecordParser}; the plan, methods, jobs and report are package-private.
 */
package io.bloomkit.mapreduce.dedup;
