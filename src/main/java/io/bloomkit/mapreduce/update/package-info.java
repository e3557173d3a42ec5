/**
 * The {@code update} tool: adds the distinct keys of some inputs to a counting filter file and
 * removes those of others, writing the result atomically; small inputs are read on the client,
 * large ones by MapReduce jobs with the same result.
 *
 * <p>Tool floor: it may use the plumbing ({@code common}, {@code cli}, {@code filterjob}), the
 * reader layer ({@code table}), {@code config} and the library; no other tool. Public: {@link
 * UpdateTool}, the jobs' reducers {@link AddDeltaReducer} and {@link RemoveDeltaReducer}, and
 * {@link UpdateCounters}; the plan, the client path ({@code FilterUpdate}, {@code InputKeys}) and
 * the jobs ({@code UpdateJobs}) are package-private.
 */
package io.bloomkit.mapreduce.update;
