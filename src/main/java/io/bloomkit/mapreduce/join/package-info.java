/**
 * The {@code join} tool: a two-way join of a small (left) and a large (right) input, reduce-side
 * with the left keys' filter shipped to every map task (the right mappers drop the records it
 * rejects), or map-side (the left side loaded into every task, no shuffle), planned by cost.
 *
 * <p>Tool floor: it may use the plumbing ({@code common}, {@code cli}, {@code filterjob}), the
 * reader layer ({@code table}), {@code config} and the library below {@code io.bloomkit.mapreduce};
 * no other tool's package. {@code demo} and the driver use it.
 *
 * <ul>
 *   <li>The tool: {@link JoinTool} (options, then plan, jobs and report, in package-private
 *       classes: {@code JoinOptions}, {@code JoinPlan}, {@code JoinPlanner}, {@code JoinJobs},
 *       {@code JoinReport}).
 *   <li>The reduce-side job: {@link JoinKey}, {@link JoinValue}, {@link JoinPartitioner}, the
 *       mappers {@link JoinMapper}, {@link LeftJoinMapper}, {@link RightJoinMapper} and {@link
 *       JoinReducer}.
 *   <li>The map-side join: {@link MapSideJoinMapper} and, for left-semi and left-anti, {@link
 *       MapSideLeftMapper}.
 *   <li>The planner's cost model is plain Java in {@link io.bloomkit.mapreduce.join.plan}.
 * </ul>
 */
package io.bloomkit.mapreduce.join;
