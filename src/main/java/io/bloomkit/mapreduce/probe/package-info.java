/**
 * The {@code probe} tool: a map-only job that writes the records of an input whose keys pass every
 * given filter ({@code --all}), any of them ({@code --any}) or, with {@code --invert}, the others,
 * counting each filter's passes.
 *
 * <p>Tool floor: it may use the plumbing ({@code common}, {@code cli}), the reader layer ({@code
 * table}), {@code config} and the library; no other tool. Public: {@link ProbeTool}, the map task
 * {@link ProbeMapper} and its counters {@link ProbeCounters}; the options, plan, job and report are
 * package-private.
 */
package io.bloomkit.mapreduce.probe;
