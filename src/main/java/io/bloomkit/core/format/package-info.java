/**
 * The one binary file format of every filter family (header, parameters, payload, checksum); no
 * paper.
 *
 * <ul>
 *   <li>{@link io.bloomkit.core.format.FilterFormat}: the layout, its writer and its checked reader.
 * </ul>
 */
package io.bloomkit.core.format;
