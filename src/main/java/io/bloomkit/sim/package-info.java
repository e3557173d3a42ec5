/**
 * What the seeded simulations of {@code bloomkit simulate} share; each family's simulation lives with
 * the family, and {@code io.bloomkit.registry.Simulations} lists them. No paper of its own.
 *
 * <ul>
 *   <li>{@link io.bloomkit.sim.Simulation}: one experiment, printing one JSON object per row.
 *   <li>{@link io.bloomkit.sim.SimOptions}: option parsing shared by the simulations.
 *   <li>{@link io.bloomkit.sim.StreamOptions}: the stream options of the window, slices and tree
 *       simulations.
 *   <li>{@link io.bloomkit.sim.LongSet}: the exact oracle, an open-addressing set of longs.
 * </ul>
 */
package io.bloomkit.sim;
