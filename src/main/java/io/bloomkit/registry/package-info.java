/**
 * The one place that knows every family: reading any filter file and listing the simulations; the
 * tools depend on it, the families never do. No paper of its own.
 *
 * <ul>
 *   <li>{@link io.bloomkit.registry.Filters}: every family bound to its reader; reads a filter of any
 *       family from its file.
 *   <li>{@code QueryView}: a read-only one-bit-per-position view of an ACBF's first level or a CBF
 *       (package-private).
 *   <li>{@link io.bloomkit.registry.Simulations}: the registry of {@code simulate} names.
 * </ul>
 */
package io.bloomkit.registry;
