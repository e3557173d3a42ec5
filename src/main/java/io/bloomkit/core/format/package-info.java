/**
 * The one binary file format of every filter family (header, parameters, payload, checksum); no
 * paper.
 *
 * <ul>
 *   <li>{@link io.bloomkit.core.format.FilterFormat}: the header's layout, its writer and its checked
 *       reader.
 *   <li>{@link io.bloomkit.core.format.ParameterBlock}: each family's header fields and payload
 *       parameters, one value class per family (with the timer and two-layer LCBF sizes the layout
 *       needs).
 * </ul>
 */
package io.bloomkit.core.format;
