package io.bloomkit.mapreduce.table;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Field references resolved against a self-describing file's schema tree, for every columnar
 * format alike. A reference is, in this order: a top-level column's exact name; a path {@code
 * a.b} through struct columns (each step the exact name, else the one name equal ignoring case,
 * as Hive and Spark compare names); a 0-based top-level column number. The result is the field
 * position at each level.
 */
final class ColumnPaths {
  private ColumnPaths() {}

  /** A schema tree: struct types have named fields. */
  interface Tree<T> {
    /** The field names of {@code type} if it is a struct (nullability unwrapped), else null. */
    List<String> fieldNames(T type);

    /** Field {@code i} of struct {@code type}. */
    T field(T type, int i);

    /** The type's name for messages ({@code int}, {@code struct}, ...). */
    String describe(T type);
  }

  /**
   * The positions of {@code field} in {@code root}.
   *
   * @throws IllegalArgumentException naming the field and the file and listing the columns
   */
  static <T> int[] resolve(Tree<T> tree, T root, String field, Object file) {
    return resolve(tree, root, field, file, false);
  }

  /**
   * As {@link #resolve(Tree, Object, String, Object)}, but a field named (not numbered) that is
   * not a column of this file is null: as Spark's {@code mergeSchema} reads a column that some
   * files lack, the file has no value for it (the client checks that some file has it).
   */
  static <T> int[] resolveOrAbsent(Tree<T> tree, T root, String field, Object file) {
    return resolve(tree, root, field, file, true);
  }

  private static <T> int[] resolve(Tree<T> tree, T root, String field, Object file,
      boolean absentIsNull) {
    List<String> top = tree.fieldNames(root);
    int exact = top.indexOf(field);
    if (exact >= 0) {
      return new int[] {exact};
    }
    String[] steps = field.split("\\.", -1);
    int[] path = new int[steps.length];
    T type = root;
    boolean found = true;
    for (int i = 0; i < steps.length; i++) {
      List<String> names = tree.fieldNames(type);
      if (names == null) {
        if (i > 0) {
          throw new IllegalArgumentException(
              "field \"" + field + "\": column \""
                  + String.join(".", java.util.Arrays.copyOf(steps, i))
                  + "\" of " + file + " is a " + tree.describe(type)
                  + ", not a struct: only struct fields can be named with '.'");
        }
        found = false;
        break;
      }
      int at = find(names, steps[i], field, file);
      if (at < 0) {
        found = false;
        break;
      }
      path[i] = at;
      type = tree.field(type, at);
    }
    if (found) {
      return path;
    }
    if (TableSpec.isIndex(field)) {
      long n = Long.parseLong(field.length() > 10 ? "99999999999" : field);
      if (n < top.size()) {
        return new int[] {(int) n};
      }
      throw new IllegalArgumentException(
          "field " + field + " is beyond the " + top.size() + " top-level columns of " + file
              + " (0-based; columns: " + String.join(", ", columns(tree, root)) + ")");
    }
    if (absentIsNull) {
      return null;
    }
    throw new IllegalArgumentException(
        "field \"" + field + "\" is not a column of " + file + "; its columns: "
            + String.join(", ", columns(tree, root)));
  }

  private static int find(List<String> names, String step, String field, Object file) {
    int exact = names.indexOf(step);
    if (exact >= 0) {
      return exact;
    }
    int found = -1;
    String lower = step.toLowerCase(Locale.ROOT);
    for (int i = 0; i < names.size(); i++) {
      if (names.get(i).toLowerCase(Locale.ROOT).equals(lower)) {
        if (found >= 0) {
          throw new IllegalArgumentException(
              "field \"" + field + "\" is ambiguous in " + file + ": \"" + names.get(found)
                  + "\" and \"" + names.get(i) + "\" differ only in case");
        }
        found = i;
      }
    }
    return found;
  }

  /** The field names along {@code path} under {@code root}. */
  static <T> List<String> names(Tree<T> tree, T root, int[] path) {
    List<String> out = new ArrayList<>();
    T type = root;
    for (int p : path) {
      out.add(tree.fieldNames(type).get(p));
      type = tree.field(type, p);
    }
    return out;
  }

  /** The positions of the exact field names {@code names} under {@code root}. */
  static <T> int[] positions(Tree<T> tree, T root, List<String> names) {
    int[] out = new int[names.size()];
    T type = root;
    for (int i = 0; i < out.length; i++) {
      out[i] = tree.fieldNames(type).indexOf(names.get(i));
      type = tree.field(type, out[i]);
    }
    return out;
  }

  /** The type at {@code path} under {@code root}. */
  static <T> T type(Tree<T> tree, T root, int[] path) {
    T type = root;
    for (int p : path) {
      type = tree.field(type, p);
    }
    return type;
  }

  /** Every column name of {@code root}, flattened: struct fields as {@code a.b}, leaves only. */
  static <T> List<String> columns(Tree<T> tree, T root) {
    List<String> out = new ArrayList<>();
    collect(tree, root, "", out);
    return out;
  }

  private static <T> void collect(Tree<T> tree, T type, String prefix, List<String> out) {
    List<String> names = tree.fieldNames(type);
    for (int i = 0; i < names.size(); i++) {
      T child = tree.field(type, i);
      String name = prefix + names.get(i);
      if (tree.fieldNames(child) != null) {
        collect(tree, child, name + ".", out);
      } else {
        out.add(name);
      }
    }
  }
}
