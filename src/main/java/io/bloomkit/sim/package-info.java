/**
 * What the seeded simulations of {@code bloomkit simulate} share; each family's simulation lives with
 * the family, and {@code io.bloomkit.registry.Simulations} lists them. No paper of its own.
 *
 * <ul>
 *   <li>{@link io.bloomkit.sim.Simulation}: one experiment, printing one JSON object per row, and
 *       its declared parameters.
 *   <li>{@link io.bloomkit.sim.Param}: one declared parameter (name, type, default, bounds).
 *   <li>{@link io.bloomkit.sim.ParamValues}: the values a run uses, read through typed getters.
 *   <li>{@link io.bloomkit.sim.StreamParams}: the stream parameters of the window, slices and tree
 *       simulations.
 * </ul>
 */
package io.bloomkit.sim;
