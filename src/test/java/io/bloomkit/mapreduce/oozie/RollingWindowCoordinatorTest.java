package io.bloomkit.mapreduce.oozie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.mapreduce.BloomkitDriver;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.registry.Filters;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.InputStream;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * conf/oozie/rolling-window: coordinator.xml valid against Oozie's coordinator 0.5 schema and
 * workflow.xml against workflow 1.0 (both from the oozie-client jar); each java action's arguments,
 * with job.properties and the coordinator's configuration for an example day substituted, parse
 * with the named tool's options and chain (build-day's filter is merged into yesterday's window,
 * the merge is what subtract takes the expired day's filter from); then the workflow is walked, node
 * by node, for four days of a two-day window on local files (its decisions evaluated, its java
 * actions run through the tools, its fs actions on the local file system): the first day seeds the
 * window, the second has nothing to subtract, the third and fourth subtract the day leaving the
 * window, a day whose predecessor failed is killed. The window's equality with a rebuild is {@link
 * io.bloomkit.mapreduce.merge.RollingWindowToolTest}'s; here the last window's counts are checked
 * against the days holding each key. Six builds of a few dozen lines each (in the client: below
 * {@code bloomkit.build.local.max.bytes}, no job), three merges, two subtracts; about 3 s.
 */
public class RollingWindowCoordinatorTest {
  private static final String COORD = "uri:oozie:coordinator:0.5";
  private static final String WF = "uri:oozie:workflow:1.0";
  private static final File DIR = RepoFiles.file("conf/oozie/rolling-window");
  private static final File COORDINATOR = new File(DIR, "coordinator.xml");
  private static final File WORKFLOW = new File(DIR, "workflow.xml");
  private static final File JOB_PROPERTIES = new File(DIR, "job.properties");

  @TempDir public File tmp;

  // ---- schemas ----

  static Schema coordinatorSchema() throws Exception {
    URL xsd = RollingWindowCoordinatorTest.class.getClassLoader()
        .getResource("oozie-coordinator-0.5.xsd");
    assertNotNull(xsd, "oozie-coordinator-0.5.xsd (oozie-client) on the test classpath");
    try (InputStream in = xsd.openStream()) {
      return SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
          .newSchema(new StreamSource(in, xsd.toExternalForm()));
    }
  }

  @Test
  public void coordinatorIsValidAgainstOozieCoordinatorSchema() throws Exception {
    coordinatorSchema().newValidator().validate(new StreamSource(COORDINATOR));
  }

  @Test
  public void workflowIsValidAgainstOozieWorkflowSchema() throws Exception {
    OozieWorkflowTest.workflowSchema().newValidator().validate(new StreamSource(WORKFLOW));
  }

  @Test
  public void theSchemaChecksCatchMistakes() throws Exception {
    String coord = new String(Files.readAllBytes(COORDINATOR.toPath()), StandardCharsets.UTF_8);
    String wf = new String(Files.readAllBytes(WORKFLOW.toPath()), StandardCharsets.UTF_8);
    String[][] coordBreakages = {
      {"<app-path>", "<app>"}, // unknown element
      {" timezone=\"UTC\">", ">"}, // the app's required timezone
      {"<controls>", "<control>"},
    };
    String[][] wfBreakages = {
      {"<default to=\"no-window\"/>", ""}, // a switch without default
      {"<move source", "<copy source"}, // fs has no copy
    };
    for (String[] b : coordBreakages) {
      assertRejected(coordinatorSchema(), coord, b);
    }
    for (String[] b : wfBreakages) {
      assertRejected(OozieWorkflowTest.workflowSchema(), wf, b);
    }
  }

  private static void assertRejected(Schema schema, String good, String[] b) throws Exception {
    assertTrue(good.contains(b[0]), b[0]);
    String bad = good.replaceFirst(Pattern.quote(b[0]), Matcher.quoteReplacement(b[1]));
    try {
      schema.newValidator().validate(new StreamSource(new StringReader(bad)));
      fail("accepted " + b[0] + " -> " + b[1]);
    } catch (SAXException expected) {
      // ok
    }
  }

  // ---- the coordinator's configuration for one nominal day ----

  private static List<Element> children(Element e, String ns, String name) {
    List<Element> l = new ArrayList<>();
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element && ns.equals(n.getNamespaceURI())
          && (name == null || name.equals(n.getLocalName()))) {
        l.add((Element) n);
      }
    }
    return l;
  }

  private static Element child(Element e, String ns, String name) {
    List<Element> l = children(e, ns, name);
    assertEquals(1, l.size(), name + " in " + e.getLocalName());
    return l.get(0);
  }

  private static String text(Element e, String ns, String name) {
    return child(e, ns, name).getTextContent().trim();
  }

  private static final Pattern DATA =
      Pattern.compile("\\$\\{coord:data(In|Out)\\('(\\w+)'\\)\\}");
  private static final Pattern FORMAT_NOMINAL = Pattern.compile(
      "\\$\\{coord:formatTime\\(coord:nominalTime\\(\\), '([^']+)'\\)\\}");
  private static final Pattern FORMAT_OFFSET = Pattern.compile(
      "\\$\\{coord:formatTime\\(coord:dateOffset\\(coord:nominalTime\\(\\), (-?)(\\w+), 'DAY'\\),"
          + " '([^']+)'\\)\\}");

  /**
   * The workflow configuration coordinator.xml gives the action of nominal day {@code day}: its
   * EL (the data-in and data-out of the current instance, formatTime of the nominal time and of a
   * day offset) evaluated as Oozie does, then the job's properties substituted.
   */
  static Map<String, String> coordinatorConfiguration(LocalDate day, Map<String, String> props)
      throws Exception {
    Element app = OozieWorkflowTest.workflow(COORDINATOR).getDocumentElement();
    assertEquals("${coord:days(1)}", app.getAttribute("frequency"));
    Map<String, String> templates = new HashMap<>();
    for (Element ds : children(child(app, COORD, "datasets"), COORD, "dataset")) {
      assertEquals("${coord:days(1)}", ds.getAttribute("frequency"));
      templates.put(ds.getAttribute("name"), text(ds, COORD, "uri-template"));
    }
    Map<String, String> events = new HashMap<>();
    for (String kind : new String[] {"input-events/data-in", "output-events/data-out"}) {
      String[] k = kind.split("/");
      for (Element d : children(child(app, COORD, k[0]), COORD, k[1])) {
        assertEquals("${coord:current(0)}", text(d, COORD, "instance"));
        String t = templates.get(d.getAttribute("dataset"));
        assertNotNull(t, d.getAttribute("dataset"));
        events.put(d.getAttribute("name"), instance(t, day, props));
      }
    }
    Map<String, String> conf = new LinkedHashMap<>();
    Element wf = child(child(app, COORD, "action"), COORD, "workflow");
    for (Element p : children(child(wf, COORD, "configuration"), COORD, "property")) {
      String v = text(p, COORD, "value");
      Matcher m = DATA.matcher(v);
      while (m.find()) {
        String uri = events.get(m.group(2));
        assertNotNull(uri, "no data-" + m.group(1).toLowerCase() + " " + m.group(2));
        v = v.replace(m.group(), uri);
      }
      m = FORMAT_NOMINAL.matcher(v);
      while (m.find()) {
        v = v.replace(m.group(), day.format(DateTimeFormatter.ofPattern(m.group(1))));
      }
      m = FORMAT_OFFSET.matcher(v);
      while (m.find()) {
        String n = m.group(2).matches("\\d+") ? m.group(2) : props.get(m.group(2));
        assertNotNull(n, "no property " + m.group(2));
        long offset = Long.parseLong(n) * (m.group(1).isEmpty() ? 1 : -1);
        v = v.replace(m.group(), day.plusDays(offset).format(DateTimeFormatter.ofPattern(m.group(3))));
      }
      assertFalse(v.contains("coord:"), "EL left in " + v);
      conf.put(text(p, COORD, "name"), OozieWorkflowTest.substitute(v, props));
    }
    return conf;
  }

  /** A dataset's instance of {@code day}: its template with YEAR, MONTH, DAY and the properties. */
  private static String instance(String template, LocalDate day, Map<String, String> props) {
    Map<String, String> p = new HashMap<>(props);
    p.put("YEAR", String.format("%04d", day.getYear()));
    p.put("MONTH", String.format("%02d", day.getMonthValue()));
    p.put("DAY", String.format("%02d", day.getDayOfMonth()));
    return OozieWorkflowTest.substitute(template, p);
  }

  /** job.properties, the workflow's defaults and the coordinator's configuration of {@code day}. */
  private static Map<String, String> dayProperties(
      Document wf, LocalDate day, Map<String, String> overrides) throws Exception {
    Map<String, String> props = OozieWorkflowTest.properties(wf, JOB_PROPERTIES);
    props.putAll(overrides);
    props.putAll(coordinatorConfiguration(day, props));
    return props;
  }

  // ---- arguments ----

  private static Map<String, List<String>> javaArgs(Document wf) {
    Map<String, List<String>> m = new LinkedHashMap<>();
    for (Element a : children(wf.getDocumentElement(), WF, "action")) {
      for (Element java : children(a, WF, "java")) {
        assertEquals(BloomkitDriver.class.getName(), text(java, WF, "main-class"));
        List<String> args = new ArrayList<>();
        for (Element arg : children(java, WF, "arg")) {
          args.add(arg.getTextContent());
        }
        m.put(a.getAttribute("name"), args);
      }
    }
    return m;
  }

  @Test
  public void eachActionsArgsParseWithTheToolsOwnOptionsAndChain() throws Exception {
    Document wf = OozieWorkflowTest.workflow(WORKFLOW);
    Map<String, String> props = dayProperties(wf, LocalDate.parse("2026-11-08"), Map.of());
    Map<String, List<String>> actions = javaArgs(wf);
    assertEquals(List.of("build-day", "merge", "subtract", "seed-window"),
        new ArrayList<>(actions.keySet()));
    Map<String, CommandLine> cl = new HashMap<>();
    for (Map.Entry<String, List<String>> a : actions.entrySet()) {
      String tool = a.getValue().get(0);
      assertTrue(BloomkitDriver.TOOLS.containsKey(tool), tool);
      Configuration conf = new Configuration(false);
      CommandLine c = OozieWorkflowTest.parse(BloomkitDriver.TOOLS.get(tool).get(),
          OozieWorkflowTest.substituteAll(a.getValue().subList(1, a.getValue().size()), props),
          conf);
      assertEquals("default", conf.get("mapreduce.job.queuename"));
      assertTrue(c.hasOption("json"));
      cl.put(a.getKey(), c);
    }
    CommandLine build = cl.get("build-day");
    CommandLine seed = cl.get("seed-window");
    CommandLine merge = cl.get("merge");
    CommandLine subtract = cl.get("subtract");
    assertEquals("build", actions.get("build-day").get(0));
    assertEquals("build", actions.get("seed-window").get(0));
    assertEquals("merge", actions.get("merge").get(0));
    assertEquals("subtract", actions.get("subtract").get(0));
    // one fixed shape: every day's filter and the seeded window are mergeable
    for (String o : new String[] {"input", "key-field", "delimiter", "filter", "items", "capacity",
        "bits-per-key"}) {
      assertTrue(build.hasOption(o), "build-day --" + o);
      assertEquals(build.getOptionValue(o), seed.getOptionValue(o), o);
    }
    assertEquals(List.of(), build.getArgList());
    assertEquals("acbf", build.getOptionValue("filter"));
    assertTrue(Long.parseLong(build.getOptionValue("capacity"))
        >= Long.parseLong(build.getOptionValue("items")));
    String filterRoot = OozieWorkflowTest.substitute(props.get("filterRoot"), props);
    String dayDir = filterRoot + "/2026/11/08";
    assertEquals(OozieWorkflowTest.substitute(props.get("inputRoot"), props) + "/2026/11/08",
        build.getOptionValue("input"));
    assertEquals(dayDir + "/day.acbf", build.getOptionValue("output"));
    assertEquals(dayDir + "/window.acbf", seed.getOptionValue("output"));
    // yesterday's window + the day's filter; then the merge less the filter of seven days back
    assertEquals(List.of(filterRoot + "/2026/11/07/window.acbf",
        build.getOptionValue("output")), merge.getArgList());
    assertEquals(List.of(merge.getOptionValue("output"),
        filterRoot + "/2026/11/01/day.acbf"), subtract.getArgList());
    assertEquals(seed.getOptionValue("output"), subtract.getOptionValue("output"));
    assertEquals("2026-11-01", props.get("expiredDay"));
    assertEquals(props.get("firstDay"), props.get("startTime").substring(0, 10));
  }

  // ---- the workflow walked for four days of a two-day window ----

  /** Runs the workflow for one day; returns the nodes visited, start to end or kill. */
  private List<String> walk(Document wf, Map<String, String> props) throws Exception {
    Map<String, Element> nodes = new HashMap<>();
    for (Element e : children(wf.getDocumentElement(), WF, null)) {
      nodes.put(e.getAttribute("name"), e);
    }
    List<String> visited = new ArrayList<>();
    String next = child(wf.getDocumentElement(), WF, "start").getAttribute("to");
    Configuration local = ToolRun.localConf();
    while (true) {
      Element n = nodes.get(next);
      assertNotNull(n, "no node " + next);
      visited.add(next);
      switch (n.getLocalName()) {
        case "end":
        case "kill":
          return visited;
        case "decision":
          next = null;
          Element sw = child(n, WF, "switch");
          for (Element c : children(sw, WF, "case")) {
            if (predicate(c.getTextContent().trim(), props, local)) {
              next = c.getAttribute("to");
              break;
            }
          }
          if (next == null) {
            next = child(sw, WF, "default").getAttribute("to");
          }
          break;
        case "action":
          boolean ok = true;
          for (Element java : children(n, WF, "java")) {
            for (Element p : children(java, WF, "prepare")) {
              for (Element d : children(p, WF, "delete")) {
                delete(OozieWorkflowTest.substitute(d.getAttribute("path"), props), local);
              }
            }
            List<String> args = new ArrayList<>();
            for (Element a : children(java, WF, "arg")) {
              args.add(OozieWorkflowTest.substitute(a.getTextContent(), props));
            }
            ToolRun r = ToolRun.run(local, BloomkitDriver.TOOLS.get(args.get(0)).get(),
                args.subList(1, args.size()).toArray(new String[0]));
            assertEquals(0, r.code, next + "\n" + r);
          }
          for (Element fs : children(n, WF, "fs")) {
            for (Element op : children(fs, WF, null)) {
              if (op.getLocalName().equals("delete")) {
                delete(OozieWorkflowTest.substitute(op.getAttribute("path"), props), local);
              } else {
                assertEquals("move", op.getLocalName());
                Path from = new Path(OozieWorkflowTest.substitute(op.getAttribute("source"), props));
                Path to = new Path(OozieWorkflowTest.substitute(op.getAttribute("target"), props));
                ok &= from.getFileSystem(local).rename(from, to);
              }
            }
          }
          assertTrue(ok, next);
          assertEquals("fail", child(n, WF, "error").getAttribute("to"));
          next = child(n, WF, "ok").getAttribute("to");
          break;
        default:
          throw new AssertionError("unexpected node " + n.getLocalName());
      }
    }
  }

  private static void delete(String path, Configuration conf) throws Exception {
    Path p = new Path(path);
    p.getFileSystem(conf).delete(p, true);
  }

  private static final Pattern EXISTS = Pattern.compile("\\$\\{fs:exists\\((\\w+)\\)\\}");
  private static final Pattern COMPARE = Pattern.compile("\\$\\{(\\w+) (eq|lt) (\\w+)\\}");

  /** The decisions' EL: fs:exists of a path property; eq and lt of two string properties. */
  private static boolean predicate(String el, Map<String, String> props, Configuration conf)
      throws Exception {
    Matcher m = EXISTS.matcher(el);
    if (m.matches()) {
      Path p = new Path(value(props, m.group(1)));
      return p.getFileSystem(conf).exists(p);
    }
    m = COMPARE.matcher(el);
    assertTrue(m.matches(), "unsupported EL " + el);
    int c = value(props, m.group(1)).compareTo(value(props, m.group(3)));
    return m.group(2).equals("eq") ? c == 0 : c < 0;
  }

  private static String value(Map<String, String> props, String name) {
    String v = props.get(name);
    assertNotNull(v, "no property " + name);
    return v;
  }

  /** Day {@code d}'s keys: most of the k keys (a quarter missing, another quarter each day) plus its own. */
  private static List<String> keys(int d) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      if (i % 4 != d % 4) {
        keys.add("k" + i);
      }
    }
    for (int i = 0; i < 10; i++) {
      keys.add("only" + d + "-" + i);
    }
    return keys;
  }

  @Test
  public void fourDaysOfATwoDayWindowRunLocally() throws Exception {
    Document wf = OozieWorkflowTest.workflow(WORKFLOW);
    File root = tmp;
    Map<String, String> overrides = new HashMap<>();
    overrides.put("inputRoot", new File(root, "events").toURI().toString().replaceAll("/$", ""));
    overrides.put("filterRoot", new File(root, "window").toURI().toString().replaceAll("/$", ""));
    overrides.put("windowDays", "2");
    overrides.put("items", "200");
    overrides.put("capacity", "400");
    LocalDate first = LocalDate.parse(
        OozieWorkflowTest.properties(wf, JOB_PROPERTIES).get("firstDay"));
    List<List<String>> paths = new ArrayList<>();
    Map<String, String> props = null;
    for (int d = 1; d <= 4; d++) {
      LocalDate day = first.plusDays(d - 1);
      props = dayProperties(wf, day, overrides);
      File in = new File(new Path(props.get("dayInput")).toUri());
      assertTrue(in.mkdirs());
      List<String> lines = new ArrayList<>();
      for (String k : keys(d)) {
        lines.add(k + "," + d);
        if (k.hashCode() % 3 == 0) {
          lines.add(k + ",again"); // a day counts its key once
        }
      }
      Files.write(new File(in, "part-0").toPath(), lines, StandardCharsets.UTF_8);
      Files.write(new File(in, "_SUCCESS").toPath(), new byte[0]);
      paths.add(walk(wf, props));
      File dir = new File(new Path(props.get("window")).toUri()).getParentFile();
      assertEquals(new TreeSet<>(List.of("day.acbf", "window.acbf")), new TreeSet<>(List.of(dir.list((x, n) -> n.endsWith(".acbf")))),
          "day " + d);
    }
    assertEquals(List.of("build-day", "has-window", "seed-window", "end"), paths.get(0));
    assertEquals(List.of("build-day", "has-window", "merge", "has-expired", "keep-merged", "end"),
        paths.get(1));
    List<String> full = List.of(
        "build-day", "has-window", "merge", "has-expired", "subtract", "drop-merged", "end");
    assertEquals(full, paths.get(2));
    assertEquals(full, paths.get(3));
    // the window of day 4 holds days 3 and 4: each key counted once per day holding it
    CountingFilter w;
    try (InputStream in = Files.newInputStream(
        new File(new Path(props.get("window")).toUri()).toPath())) {
      w = (CountingFilter) Filters.read(in);
    }
    for (int d = 1; d <= 4; d++) {
      for (String k : keys(d)) {
        long held = (keys(3).contains(k) ? 1 : 0) + (keys(4).contains(k) ? 1 : 0);
        assertEquals(held, w.count(k), "count of " + k);
      }
    }
    // a day whose predecessor has no window (day 5 never ran) is killed, not a fresh window
    props = dayProperties(wf, first.plusDays(5), overrides);
    File in = new File(new Path(props.get("dayInput")).toUri());
    assertTrue(in.mkdirs());
    Files.write(new File(in, "part-0").toPath(), keys(6), StandardCharsets.UTF_8);
    assertEquals(List.of("build-day", "has-window", "no-window"), walk(wf, props));
  }
}
