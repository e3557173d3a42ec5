/**
 * The filter build job the tools share (build, join, dedup, update): {@link
 * io.bloomkit.mapreduce.filterjob.FilterBuild} plans and runs it, map-side
 * distinct keys ({@link io.bloomkit.mapreduce.filterjob.DistinctKeyMapper}, {@link
 * io.bloomkit.mapreduce.filterjob.DistinctKeyReducer}), per-split partial filters
 * merged by reducers ({@link io.bloomkit.mapreduce.filterjob.PartialFilter}, its
 * mapper, reducer and writer), and the client-side build of a small side ({@link
 * io.bloomkit.mapreduce.filterjob.LocalKeys}). Plumbing: it knows no tool.
 */
package io.bloomkit.mapreduce.filterjob;
