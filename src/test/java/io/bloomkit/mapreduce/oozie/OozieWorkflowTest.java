package io.bloomkit.mapreduce.oozie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.data.SampleDataJoin;
import io.bloomkit.mapreduce.BloomkitDriver;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.GenericOptionsParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.ls.LSInput;
import org.xml.sax.SAXException;

/**
 * conf/oozie/workflow.xml: valid against Oozie's own schema (from the oozie-client jar), wired
 * start -> build -> join -> end, and each java action's {@code <arg>}s, once job.properties is
 * substituted, are a command line the named tool accepts; finally the two steps run locally on
 * sample-data and give the naive join.
 */
public class OozieWorkflowTest {
  private static final String WF = "uri:oozie:workflow:1.0";
  private static final File WORKFLOW = RepoFiles.file("conf/oozie/workflow.xml");
  private static final File JOB_PROPERTIES = RepoFiles.file("conf/oozie/job.properties");
  private static final Map<String, Supplier<BloomkitTool>> TOOLS = new HashMap<>();

  static {
    TOOLS.put("build", BuildTool::new);
    TOOLS.put("join", JoinTool::new);
  }

  @TempDir public File tmp;

  // ---- schema ----

  /** Oozie's workflow schema, its includes resolved from the classpath (no network). */
  static Schema workflowSchema() throws SAXException, IOException {
    SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    f.setResourceResolver(
        (type, namespace, publicId, systemId, baseUri) -> {
          String name = systemId.substring(systemId.lastIndexOf('/') + 1);
          URL u = OozieWorkflowTest.class.getClassLoader().getResource(name);
          if (u == null) {
            throw new IllegalStateException("schema " + systemId + " not on the classpath");
          }
          return new ClasspathInput(u, publicId, systemId, baseUri);
        });
    URL xsd = OozieWorkflowTest.class.getClassLoader().getResource("oozie-workflow-1.0.xsd");
    assertNotNull(xsd, "oozie-workflow-1.0.xsd (oozie-client) on the test classpath");
    try (InputStream in = xsd.openStream()) {
      return f.newSchema(new StreamSource(in, xsd.toExternalForm()));
    }
  }

  @Test
  public void workflowIsValidAgainstOozieWorkflowSchema() throws Exception {
    workflowSchema().newValidator().validate(new StreamSource(WORKFLOW));
  }

  @Test
  public void theSchemaCheckCatchesMistakes() throws Exception {
    String good = new String(Files.readAllBytes(WORKFLOW.toPath()), StandardCharsets.UTF_8);
    String[][] breakages = {
      {"<main-class>", "<mainclass>"}, // unknown element
      {"<ok to=\"filtered-join\"/>", ""}, // missing transition
      {"name=\"build-filter\"", "name=\"build filter\""}, // bad identifier
    };
    for (String[] b : breakages) {
      assertTrue(good.contains(b[0]), b[0]);
      String bad = good.replaceFirst(Pattern.quote(b[0]), Matcher.quoteReplacement(b[1]));
      try {
        workflowSchema().newValidator().validate(new StreamSource(new StringReader(bad)));
        fail("accepted a workflow with " + b[0] + " -> " + b[1]);
      } catch (SAXException expected) {
        // ok
      }
    }
  }

  // ---- structure and arguments ----

  /** One java action: name, transitions, main class, prepare deletes and args. */
  static final class JavaAction {
    String name;
    String ok;
    String error;
    String mainClass;
    final List<String> deletes = new ArrayList<>();
    final List<String> args = new ArrayList<>();
  }

  private static List<Element> children(Element e, String name) {
    List<Element> l = new ArrayList<>();
    for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element && WF.equals(n.getNamespaceURI())
          && name.equals(n.getLocalName())) {
        l.add((Element) n);
      }
    }
    return l;
  }

  static Element child(Element e, String name) {
    List<Element> l = children(e, name);
    assertEquals(1, l.size(), name + " in " + e.getAttribute("name"));
    return l.get(0);
  }

  static Document workflow() throws Exception {
    return workflow(WORKFLOW);
  }

  static Document workflow(File file) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    return f.newDocumentBuilder().parse(file);
  }

  static Map<String, JavaAction> javaActions(Document d) {
    Map<String, JavaAction> actions = new LinkedHashMap<>();
    for (Element a : children(d.getDocumentElement(), "action")) {
      Element java = child(a, "java");
      JavaAction j = new JavaAction();
      j.name = a.getAttribute("name");
      j.ok = child(a, "ok").getAttribute("to");
      j.error = child(a, "error").getAttribute("to");
      j.mainClass = child(java, "main-class").getTextContent().trim();
      for (Element p : children(java, "prepare")) {
        for (Element del : children(p, "delete")) {
          j.deletes.add(del.getAttribute("path"));
        }
      }
      for (Element arg : children(java, "arg")) {
        j.args.add(arg.getTextContent());
      }
      actions.put(j.name, j);
    }
    return actions;
  }

  /** job.properties plus the workflow's parameter defaults (job.properties wins, as in Oozie). */
  static Map<String, String> properties(Document d) throws IOException {
    return properties(d, JOB_PROPERTIES);
  }

  static Map<String, String> properties(Document d, File jobProperties) throws IOException {
    Map<String, String> p = new HashMap<>();
    Element params = child(d.getDocumentElement(), "parameters");
    for (Element prop : children(params, "property")) {
      List<Element> v = children(prop, "value");
      if (!v.isEmpty()) {
        p.put(child(prop, "name").getTextContent().trim(), v.get(0).getTextContent());
      }
    }
    Properties job = new Properties();
    try (Reader r = Files.newBufferedReader(jobProperties.toPath(), StandardCharsets.UTF_8)) {
      job.load(r);
    }
    for (String k : job.stringPropertyNames()) {
      p.put(k, job.getProperty(k));
    }
    p.putIfAbsent("user.name", "bloomkit");
    return p;
  }

  private static final Pattern VAR = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_.]*)\\}");

  /** Replaces {@code ${name}} (recursively) by its property; unknown names fail. */
  static String substitute(String s, Map<String, String> props) {
    for (int depth = 0; depth < 10; depth++) {
      Matcher m = VAR.matcher(s);
      if (!m.find()) {
        return s;
      }
      StringBuilder b = new StringBuilder();
      m.reset();
      while (m.find()) {
        String v = props.get(m.group(1));
        if (v == null) {
          throw new AssertionError("no property " + m.group(1) + " for " + s);
        }
        m.appendReplacement(b, Matcher.quoteReplacement(v));
      }
      m.appendTail(b);
      s = b.toString();
    }
    throw new AssertionError("properties nest too deep: " + s);
  }

  /** The tool's command line of an action: generic options applied to conf, the rest parsed. */
  static CommandLine parse(BloomkitTool tool, List<String> args, Configuration conf)
      throws Exception {
    String[] rest = new GenericOptionsParser(conf, args.toArray(new String[0])).getRemainingArgs();
    return new DefaultParser().parse(tool.commandLineOptions(), rest);
  }

  @Test
  public void buildThenJoinAsJavaActionsOfTheDriver() throws Exception {
    Document d = workflow();
    assertEquals(
        "build-filter", child(d.getDocumentElement(), "start").getAttribute("to"));
    Map<String, JavaAction> actions = javaActions(d);
    assertEquals(List.of("build-filter", "filtered-join"), new ArrayList<>(actions.keySet()));
    JavaAction build = actions.get("build-filter");
    JavaAction join = actions.get("filtered-join");
    assertEquals("filtered-join", build.ok);
    assertEquals(child(d.getDocumentElement(), "end").getAttribute("name"), join.ok);
    for (JavaAction a : actions.values()) {
      assertEquals(BloomkitDriver.class.getName(), a.mainClass);
      assertEquals("fail", a.error);
    }
    assertEquals("fail", child(d.getDocumentElement(), "kill").getAttribute("name"));
    assertEquals("build", build.args.get(0));
    assertEquals("join", join.args.get(0));
  }

  @Test
  public void eachActionsArgsParseWithTheToolsOwnOptions() throws Exception {
    Document d = workflow();
    Map<String, String> props = properties(d);
    Map<String, CommandLine> parsed = new HashMap<>();
    for (JavaAction a : javaActions(d).values()) {
      String toolName = a.args.get(0);
      assertTrue(TOOLS.containsKey(toolName), "unknown tool " + toolName);
      List<String> args = new ArrayList<>();
      for (String s : a.args.subList(1, a.args.size())) {
        args.add(substitute(s, props));
      }
      Configuration conf = new Configuration(false);
      CommandLine cl = parse(TOOLS.get(toolName).get(), args, conf);
      assertEquals(List.of(), cl.getArgList(), a.name + " leftover arguments");
      assertEquals("default", conf.get("mapreduce.job.queuename"));
      assertTrue(cl.hasOption("json"));
      parsed.put(toolName, cl);
    }
    CommandLine build = parsed.get("build");
    CommandLine join = parsed.get("join");
    for (String o : new String[] {"input", "output", "key-field", "delimiter"}) {
      assertTrue(build.hasOption(o), "build --" + o);
    }
    assertEquals("acbf", build.getOptionValue("filter"));
    assertEquals("16", build.getOptionValue("bits-per-key"));
    for (String o : new String[] {"left", "left-key", "right", "right-key", "output", "filter"}) {
      assertTrue(join.hasOption(o), "join --" + o);
    }
    // the join uses the filter the build wrote, on the same keys, fields and delimiter
    assertEquals(build.getOptionValue("output"), join.getOptionValue("filter"));
    assertEquals(build.getOptionValue("input"), join.getOptionValue("left"));
    assertEquals(build.getOptionValue("key-field"), join.getOptionValue("left-key"));
    assertEquals(build.getOptionValue("delimiter"), join.getOptionValue("delimiter"));
    assertEquals(",", join.getOptionValue("delimiter"));
    assertEquals("1", join.getOptionValue("right-key"));
    assertTrue(
        join.getOptionValue("output").startsWith("hdfs://"), join.getOptionValue("output"));
    // each action deletes its own output first, so a rerun does not fail on existing paths
    Map<String, JavaAction> actions = javaActions(d);
    assertEquals(
        List.of(build.getOptionValue("output")),
        substituteAll(actions.get("build-filter").deletes, props));
    assertEquals(
        List.of(join.getOptionValue("output")),
        substituteAll(actions.get("filtered-join").deletes, props));
  }

  @Test
  public void argumentsThatNoToolAcceptsAreCaught() throws Exception {
    // the check above is meaningful: a misspelled option fails to parse
    try {
      parse(
          new JoinTool(),
          Arrays.asList("--left", "a", "--right-keys", "1"),
          new Configuration(false));
      fail("parsed an unknown option");
    } catch (org.apache.commons.cli.ParseException expected) {
      // ok
    }
  }

  static List<String> substituteAll(List<String> l, Map<String, String> props) {
    List<String> out = new ArrayList<>();
    for (String s : l) {
      out.add(substitute(s, props));
    }
    return out;
  }

  @Test
  public void theStepsRunLocallyOnSampleDataAndGiveTheNaiveJoin() throws Exception {
    Document d = workflow();
    Map<String, String> props = properties(d);
    File work = newFolder(tmp, "oozie");
    props.put(
        "keysPath",
        new File(SampleDataJoin.SAMPLE_DATA, "keys").getAbsoluteFile().toURI().toString());
    props.put(
        "citationsPath",
        new File(SampleDataJoin.SAMPLE_DATA, "citations").getAbsoluteFile().toURI().toString());
    props.put("filterPath", new File(work, "keys.acbf").toURI().toString());
    File out = new File(work, "join");
    props.put("outputDir", out.toURI().toString());
    for (JavaAction a : javaActions(d).values()) {
      List<String> args = substituteAll(a.args.subList(1, a.args.size()), props);
      ToolRun r =
          ToolRun.run(
              ToolRun.localConf(), TOOLS.get(a.args.get(0)).get(), args.toArray(new String[0]));
      assertEquals(0, r.code, a.name + "\n" + r);
    }
    assertEquals(SampleDataJoin.naiveJoin(), SampleDataJoin.sortedOutput(out));
  }

  /** An {@link LSInput} reading a classpath URL. */
  private static final class ClasspathInput implements LSInput {
    private final URL url;
    private String publicId;
    private String systemId;
    private String baseUri;

    ClasspathInput(URL url, String publicId, String systemId, String baseUri) {
      this.url = url;
      this.publicId = publicId;
      this.systemId = url.toExternalForm();
      this.baseUri = baseUri;
    }

    @Override
    public Reader getCharacterStream() {
      return null;
    }

    @Override
    public void setCharacterStream(Reader r) {}

    @Override
    public InputStream getByteStream() {
      try {
        return url.openStream();
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }

    @Override
    public void setByteStream(InputStream in) {}

    @Override
    public String getStringData() {
      return null;
    }

    @Override
    public void setStringData(String s) {}

    @Override
    public String getSystemId() {
      return systemId;
    }

    @Override
    public void setSystemId(String s) {
      systemId = s;
    }

    @Override
    public String getPublicId() {
      return publicId;
    }

    @Override
    public void setPublicId(String s) {
      publicId = s;
    }

    @Override
    public String getBaseURI() {
      return baseUri;
    }

    @Override
    public void setBaseURI(String s) {
      baseUri = s;
    }

    @Override
    public String getEncoding() {
      return null;
    }

    @Override
    public void setEncoding(String s) {}

    @Override
    public boolean getCertifiedText() {
      return false;
    }

    @Override
    public void setCertifiedText(boolean b) {}
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }
}
