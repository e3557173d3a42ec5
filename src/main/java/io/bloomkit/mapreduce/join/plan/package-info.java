/**
 * The join planner's cost model, plain Java: {@link CostModel} lists the plans a join can run for
 * a workload (map-side; reduce-side unfiltered, or filtered by each family at each bits per key),
 * each with its estimated seconds, map output records and shuffled bytes, and picks the cheapest
 * (docs/planner.md).
 *
 * <p>Part of the {@code join} tool (tool floor); it uses no Hadoop type and no other package of
 * the MapReduce half, only the library (filter sizing from {@code core}, {@code bloom} and {@code
 * registry}). {@code JoinPlanner} in {@link io.bloomkit.mapreduce.join} feeds it sizes read from
 * the file system and the job configuration.
 */
package io.bloomkit.mapreduce.join.plan;
