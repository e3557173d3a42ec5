/**
 * The job plumbing the tools share, so that each tool's package holds only its options, plan, jobs
 * and report. It sits above {@code config} and the reader layer ({@code table}) and below the
 * command line ({@code cli}) and the tools; it knows no tool.
 *
 * <ul>
 *   <li>Running jobs: {@link io.bloomkit.mapreduce.common.JobChain} (a run's work directory next to
 *       the output, its job steps, the promotion of the finished output), {@link
 *       io.bloomkit.mapreduce.common.Jobs} (wait, and on failure the first task's reason), {@link
 *       io.bloomkit.mapreduce.common.Progress} (the jobs' progress on the tool's stderr), {@link
 *       io.bloomkit.mapreduce.common.Temporaries} (naming and removing work directories), {@link
 *       io.bloomkit.mapreduce.common.TaskFailures}, {@link io.bloomkit.mapreduce.common.Inputs} (how
 *       every tool reads text inputs), {@link io.bloomkit.mapreduce.common.SideInputs} and {@link
 *       io.bloomkit.mapreduce.common.SideSplit} (a job of two sides, each split tagged with its
 *       side: a file may be on both).
 *   <li>The shipped filter: {@link io.bloomkit.mapreduce.common.ShippedFilter} (ship and load
 *       through the DistributedCache), {@link io.bloomkit.mapreduce.common.FilterStep} (the map
 *       step that drops the records whose key the filter rejects and counts them), {@link
 *       io.bloomkit.mapreduce.common.CacheFiles} (other shipped files).
 *   <li>Record accounting: {@link io.bloomkit.mapreduce.common.MalformedRecords}, {@link
 *       io.bloomkit.mapreduce.common.Records}, {@link io.bloomkit.mapreduce.common.RecordBalance}.
 *   <li>Filter files: {@link io.bloomkit.mapreduce.common.FilterFiles} (the one reader and writer
 *       of filter files on a Hadoop file system), {@link io.bloomkit.mapreduce.common.FilterSpec}
 *       (a family and its parameters), {@link io.bloomkit.mapreduce.common.FilterSources} (the
 *       filters a tool is given).
 *   <li>The result: {@link io.bloomkit.mapreduce.common.Report} and {@link
 *       io.bloomkit.mapreduce.common.JobCounters} (the JSON result from counter enums).
 * </ul>
 */
package io.bloomkit.mapreduce.common;
