/**
 * Typed keys: the one canonical encoding of key values into the bytes that are hashed and
 * shuffled, so equal values meet whatever format they come from (docs/format.md, "Canonical key
 * bytes"). Plain Java, no Hadoop; the tools' reader layer (io.bloomkit.mapreduce.table) encodes
 * every key through it.
 *
 * <ul>
 *   <li>{@link io.bloomkit.core.key.KeyType}: the key types and their command-line names.
 *   <li>{@link io.bloomkit.core.key.CanonicalKey}: values (Java or text) to canonical bytes, and
 *       composite keys of several parts.
 *   <li>{@link io.bloomkit.core.key.MalformedKeyException}: text that is not a value of its type.
 *   <li>{@link io.bloomkit.core.key.KeySignature}: the key types a filter was built with, one per
 *       key field, recorded in its file (format version 2).
 * </ul>
 */
package io.bloomkit.core.key;
