/**
 * Hashing keys to positions, shared by every family; the strategy id is part of the file format.
 * Double hashing of one 128-bit Murmur3 hash as in Kirsch and Mitzenmacher, "Less Hashing, Same
 * Performance: Building a Better Bloom Filter", ESA 2006.
 *
 * <ul>
 *   <li>{@link io.bloomkit.core.hash.KeyHash}: the two 64-bit halves of a key's hash.
 *   <li>{@link io.bloomkit.core.hash.HashStrategy}: how a hash becomes k positions (stored id).
 * </ul>
 */
package io.bloomkit.core.hash;
