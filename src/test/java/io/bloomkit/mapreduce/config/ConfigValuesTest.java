package io.bloomkit.mapreduce.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code bloomkit.*} key is parsed and range-checked where it is declared: a bad value
 * names the key, the value and what is allowed, before any job (exit 2).
 */
public class ConfigValuesTest {
  @TempDir public File tmp;

  /** How main code reads each key must be what the key declares. */
  @Test
  public void eachKeyIsReadAsItsDeclaredKind() throws IOException {
    Pattern read = Pattern.compile("\\b([A-Z][A-Z0-9_]+)\\.get(Int|Long|Double|Boolean)\\(");
    List<Path> sources;
    try (Stream<Path> s = Files.walk(RepoFiles.path("src/main/java"))) {
      sources = s.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
    }
    int checked = 0;
    for (Path p : sources) {
      String text = Files.readString(p, StandardCharsets.UTF_8);
      Matcher m = read.matcher(text);
      while (m.find()) {
        BloomkitConfig c;
        try {
          c = BloomkitConfig.valueOf(m.group(1));
        } catch (IllegalArgumentException notOurs) {
          continue; // another library's key (OrcConf...)
        }
        BloomkitConfig.Kind want;
        switch (m.group(2)) {
          case "Int":
            want = BloomkitConfig.Kind.INT;
            break;
          case "Long":
            want = c.kind() == BloomkitConfig.Kind.INT ? BloomkitConfig.Kind.INT
                : BloomkitConfig.Kind.LONG;
            break;
          case "Double":
            want = BloomkitConfig.Kind.DOUBLE;
            break;
          default:
            want = BloomkitConfig.Kind.BOOLEAN;
        }
        assertEquals(want, c.kind(), p + ": " + m.group());
        checked++;
      }
    }
    assertTrue(checked > 50, "found the typed reads: " + checked);
  }

  @Test
  public void everyDefaultIsInItsOwnRange() {
    Configuration conf = new Configuration(false);
    for (BloomkitConfig c : BloomkitConfig.values()) {
      conf.set(c.key(), c.defaultValue());
    }
    BloomkitConfig.check(conf); // throws on the first default outside its range
  }

  @Test
  public void badValuesNameTheKeyTheValueAndWhatIsAllowed() {
    String[][] cases = {
        {"bloomkit.mapside.max.bytes", "abc", "must be an integer of at least 0"},
        {"bloomkit.mapside.max.bytes", "-5", "must be an integer of at least 0"},
        {"bloomkit.join.hot.share", "1.5", "must be a finite number from 0.0 to 1.0"},
        {"bloomkit.join.hot.enabled", "yes", "must be true or false"},
        {"bloomkit.icebergs.map.max.keys", "3000000000", "must be an integer (32-bit) of at"
            + " least 1"},
        {"bloomkit.plan.job.seconds", "NaN", "must be a finite number of at least 0"},
    };
    for (String[] c : cases) {
      Configuration conf = new Configuration(false);
      conf.set(c[0], c[1]);
      try {
        BloomkitConfig.check(conf);
        fail(c[0] + "=" + c[1] + " was accepted");
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().startsWith("-D " + c[0] + "=" + c[1] + ": "
            + c[2]), e.getMessage());
      }
    }
  }

  @Test
  public void aToolRefusesABadValueBeforeAnyJob() throws Exception {
    File left = newFile(tmp, "l.txt");
    File right = newFile(tmp, "r.txt");
    Files.writeString(left.toPath(), "a\nb\n");
    Files.writeString(right.toPath(), "a\nc\n");
    for (String value : new String[] {"abc", "-5"}) {
      Configuration conf = ToolRun.localConf();
      conf.set("bloomkit.mapside.max.bytes", value);
      File out = new File(tmp, "out-" + value);
      ToolRun r = ToolRun.run(conf, new JoinTool(), "--left", left.toString(), "--left-key", "0",
          "--right", right.toString(), "--right-key", "0", "--output", out.toString(),
          "--quiet");
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.startsWith("join: -D bloomkit.mapside.max.bytes=" + value
          + ": must be an integer of at least 0"), r.err);
      assertTrue(!out.exists(), out + " not written");
    }
  }

  // ---- one owner: every bloomkit.* name main code and docs/tools.md use is declared ----

  /** The files that declare names: the keys, the DistributedCache links, the JVM properties. */
  private static final Set<String> OWNERS =
      Set.of("BloomkitConfig.java", "CacheLinks.java", "SystemProperties.java");

  /** A bloomkit.* name in text ({@code io.bloomkit.x} and {@code -Dbloomkit.x} are not one). */
  private static final Pattern NAME = Pattern.compile("(?<![\\w./-])bloomkit\\.[a-z0-9][\\w.-]*");

  private static final String TABLE_START = "<!-- BloomkitConfig keys: written from"
      + " io.bloomkit.mapreduce.config.BloomkitConfig, checked by ConfigValuesTest -->";
  private static final String TABLE_END = "<!-- end of BloomkitConfig keys -->";

  @Test
  public void mainCodeUsesOnlyDeclaredNamesAndDeclaresNoneOutsideTheOwners() throws IOException {
    List<String> problems = new ArrayList<>();
    int names = 0;
    try (Stream<Path> s = Files.walk(RepoFiles.path("src/main/java"))) {
      for (Path p : s.filter(q -> q.toString().endsWith(".java")).collect(Collectors.toList())) {
        String java = Files.readString(p, StandardCharsets.UTF_8);
        problems.addAll(problemsInSource(p.toString(), java,
            OWNERS.contains(p.getFileName().toString())
                && p.getParent().endsWith(Paths.get("io/bloomkit/mapreduce/config"))));
        for (String literal : literals(java)) {
          names += names(literal).size();
        }
      }
    }
    assertEquals(List.of(), problems, String.join("\n", problems));
    assertTrue(names > BloomkitConfig.values().length, "found the declarations: " + names);
  }

  @Test
  public void docsToolsMdListsExactlyTheDeclaredKeys() throws IOException {
    String md = Files.readString(RepoFiles.path("docs/tools.md"), StandardCharsets.UTF_8);
    List<String> problems = problemsInDocs(md);
    assertEquals(List.of(), problems, String.join("\n", problems));
  }

  /** The scanner itself fails on made-up source and docs: a test that cannot fail proves nothing. */
  @Test
  public void theScannerCatchesUndeclaredNamesAndADocsTableThatIsNotTrue() {
    String java = "class X {\n"
        + "  // \"bloomkit.in.a.comment\" is not read\n"
        + "  /* nor \"bloomkit.in.a.block\" */\n"
        + "  String a = conf.get(\"bloomkit.no.such.key\");\n"
        + "  String b = \"a \\\"quoted\\\" bloomkit.join.type and bloomkit.join.hot.* are\";\n"
        + "  char c = '\"'; String d = \"io.bloomkit.mapreduce and -Dbloomkit.x are not names\";\n"
        + "  String e = \"\"\"\n    bloomkit.text.block.key\n    \"\"\";\n"
        + "  static final String F = \"bloomkit.join.type\";\n"
        + "  String g = \"shipped as bloomkit.lcbf.part-m-00000 and bloomkit.filter.3\";\n"
        + "}\n";
    assertEquals(List.of("bloomkit.no.such.key",
        "a \\\"quoted\\\" bloomkit.join.type and bloomkit.join.hot.* are",
        "io.bloomkit.mapreduce and -Dbloomkit.x are not names",
        "\n    bloomkit.text.block.key\n    ", "bloomkit.join.type",
        "shipped as bloomkit.lcbf.part-m-00000 and bloomkit.filter.3"), literals(java));
    List<String> problems = problemsInSource("X.java", java, false);
    assertEquals(List.of(
        "X.java: bloomkit.no.such.key is not declared in BloomkitConfig, CacheLinks or"
            + " SystemProperties",
        "X.java: \"bloomkit.no.such.key\" declares a name outside io.bloomkit.mapreduce.config:"
            + " use BloomkitConfig, CacheLinks or SystemProperties",
        "X.java: bloomkit.text.block.key is not declared in BloomkitConfig, CacheLinks or"
            + " SystemProperties",
        "X.java: \"bloomkit.join.type\" declares a name outside io.bloomkit.mapreduce.config:"
            + " use BloomkitConfig, CacheLinks or SystemProperties"), problems);
    // the owner may spell its names
    assertEquals(List.of("X.java: bloomkit.no.such.key is not declared in BloomkitConfig,"
        + " CacheLinks or SystemProperties", "X.java: bloomkit.text.block.key is not declared in"
        + " BloomkitConfig, CacheLinks or SystemProperties"), problemsInSource("X.java", java, true));

    String table = keyTable();
    String good = "# tools\nSee `bloomkit.join.type` and `bloomkit.filter.N`.\n" + table + "\n";
    assertEquals(List.of(), problemsInDocs(good));
    String firstRow = table.split("\n")[3];
    String missing = good.replace(firstRow + "\n", "")
        + "and `bloomkit.importance.min..max`\n";
    String extra = good.replace(TABLE_END, "| `bloomkit.bogus` | string | |  |\n" + TABLE_END);
    String firstKey = BloomkitConfig.values()[0].key();
    assertEquals(List.of(
        "docs: bloomkit.importance.min..max is not declared in BloomkitConfig, CacheLinks or"
            + " SystemProperties",
        "docs: the table misses " + firstKey), problemsInDocs(missing).subList(0, 2));
    assertTrue(problemsInDocs(extra).contains("docs: the table lists bloomkit.bogus, not declared"),
        problemsInDocs(extra).toString());
    List<String> changed = problemsInDocs(good.replace(firstRow + "\n", firstRow + " x\n"));
    assertEquals(1, changed.size(), changed.toString());
    assertTrue(changed.get(0).startsWith("docs: the table is not BloomkitConfig's"), changed.get(0));
    assertEquals(List.of("docs: no BloomkitConfig key table (" + TABLE_START + ")"),
        problemsInDocs("# tools\n"));
  }

  /** What is wrong with one main source file; {@code owner}: one of {@link #OWNERS}. */
  static List<String> problemsInSource(String file, String java, boolean owner) {
    List<String> problems = new ArrayList<>();
    for (String literal : literals(java)) {
      for (String name : names(literal)) {
        if (!declared(name)) {
          problems.add(file + ": " + name + " is not declared in BloomkitConfig, CacheLinks or"
              + " SystemProperties");
        }
      }
      if (!owner && literal.matches("bloomkit\\.[a-z0-9][\\w.-]*")) {
        problems.add(file + ": \"" + literal + "\" declares a name outside"
            + " io.bloomkit.mapreduce.config: use BloomkitConfig, CacheLinks or SystemProperties");
      }
    }
    return problems;
  }

  /** What is wrong with docs/tools.md: a name it mentions undeclared, a key table that is not true. */
  static List<String> problemsInDocs(String md) {
    List<String> problems = new ArrayList<>();
    for (String name : names(md)) {
      if (!declared(name)) {
        problems.add("docs: " + name + " is not declared in BloomkitConfig, CacheLinks or"
            + " SystemProperties");
      }
    }
    int start = md.indexOf(TABLE_START);
    int end = md.indexOf(TABLE_END);
    if (start < 0 || end < start) {
      problems.add("docs: no BloomkitConfig key table (" + TABLE_START + ")");
      return problems;
    }
    String table = md.substring(start, end + TABLE_END.length());
    Set<String> listed = new LinkedHashSet<>();
    Matcher row = Pattern.compile("(?m)^\\| `([^`]+)` \\|").matcher(table);
    while (row.find()) {
      listed.add(row.group(1));
    }
    for (BloomkitConfig c : BloomkitConfig.values()) {
      if (!listed.remove(c.key())) {
        problems.add("docs: the table misses " + c.key());
      }
    }
    for (String key : listed) {
      problems.add("docs: the table lists " + key + ", not declared");
    }
    if (!table.equals(keyTable())) {
      problems.add("docs: the table is not BloomkitConfig's; it should read\n" + keyTable());
    }
    return problems;
  }

  /** docs/tools.md's table of the keys: key, kind and range, default, description. */
  static String keyTable() {
    StringBuilder b = new StringBuilder(TABLE_START).append('\n')
        .append("| Key | Kind | Default | Description |\n|---|---|---|---|\n");
    for (BloomkitConfig c : BloomkitConfig.values()) {
      String def = c.defaultValue().replace("\t", "\\t");
      b.append("| `").append(c.key()).append("` | ").append(kindText(c)).append(" | ")
          .append(def.isEmpty() ? "" : "`" + def + "`").append(" | ")
          .append(c.description().replace("|", "\\|")).append(" |\n");
    }
    return b.append(TABLE_END).toString();
  }

  private static String kindText(BloomkitConfig c) {
    BloomkitConfig.Kind k = c.kind();
    String kind = k == BloomkitConfig.Kind.DOUBLE ? "number" : k.name().toLowerCase(Locale.ROOT);
    if (k == BloomkitConfig.Kind.STRING || k == BloomkitConfig.Kind.BOOLEAN) {
      return kind;
    }
    double[] r = c.range();
    boolean whole = k != BloomkitConfig.Kind.DOUBLE;
    String lo = whole ? String.valueOf((long) r[0]) : String.valueOf(r[0]);
    String hi = whole ? String.valueOf((long) r[1]) : String.valueOf(r[1]);
    if (r[0] > -Double.MAX_VALUE && r[1] < Double.MAX_VALUE) {
      return kind + ", " + lo + " to " + hi;
    }
    return r[0] > -Double.MAX_VALUE ? kind + ", at least " + lo : kind;
  }

  /** The bloomkit.* names in {@code text}. */
  static List<String> names(String text) {
    List<String> out = new ArrayList<>();
    Matcher m = NAME.matcher(text);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  /**
   * Whether {@code name} is declared: a key of {@link BloomkitConfig} (or, ending in a dot, the
   * start of some), a {@link CacheLinks} name (a prefix one followed by a file name, the filter
   * followed by its number or N), or a {@link SystemProperties} name.
   */
  static boolean declared(String name) {
    String bare = name.endsWith(".") ? name.substring(0, name.length() - 1) : name;
    for (BloomkitConfig c : BloomkitConfig.values()) {
      if (c.key().equals(bare) || (name.endsWith(".") && c.key().startsWith(name))) {
        return true;
      }
    }
    for (String link : constants(CacheLinks.class)) {
      if (link.equals(name) || (link.endsWith(".") && name.startsWith(link))
          || name.matches(Pattern.quote(link) + "\\.([0-9]+|N)")) {
        return true;
      }
    }
    return constants(SystemProperties.class).contains(name);
  }

  private static Set<String> constants(Class<?> owner) {
    Set<String> out = new LinkedHashSet<>();
    for (Field f : owner.getFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        try {
          out.add((String) f.get(null));
        } catch (IllegalAccessException e) {
          throw new AssertionError(e);
        }
      }
    }
    return out;
  }

  /** The string literals of Java source (text blocks included, escapes kept), comments skipped. */
  static List<String> literals(String java) {
    List<String> out = new ArrayList<>();
    int i = 0;
    int n = java.length();
    while (i < n) {
      if (java.startsWith("//", i)) {
        int e = java.indexOf('\n', i);
        i = e < 0 ? n : e + 1;
      } else if (java.startsWith("/*", i)) {
        int e = java.indexOf("*/", i + 2);
        i = e < 0 ? n : e + 2;
      } else if (java.startsWith("\"\"\"", i)) {
        int e = closing(java, i + 3, "\"\"\"");
        out.add(java.substring(i + 3, e));
        i = e + 3;
      } else if (java.charAt(i) == '"' || java.charAt(i) == '\'') {
        String quote = String.valueOf(java.charAt(i));
        int e = closing(java, i + 1, quote);
        if (quote.equals("\"")) {
          out.add(java.substring(i + 1, e));
        }
        i = e + 1;
      } else {
        i++;
      }
    }
    return out;
  }

  /** Where the unescaped {@code quote} at or after {@code from} starts. */
  private static int closing(String java, int from, String quote) {
    int i = from;
    while (!java.startsWith(quote, i)) {
      if (i >= java.length()) {
        throw new IllegalArgumentException("unclosed literal at " + from);
      }
      i += java.charAt(i) == '\\' ? 2 : 1;
    }
    return i;
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
