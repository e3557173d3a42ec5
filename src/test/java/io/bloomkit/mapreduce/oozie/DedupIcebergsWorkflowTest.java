package io.bloomkit.mapreduce.oozie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.BloomkitDriver;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupData;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.transform.stream.StreamSource;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * conf/oozie/dedup-icebergs/workflow.xml: valid against Oozie's schema, wired start -> dedup ->
 * icebergs -> end, each action's arguments (job.properties substituted) parse with the tool's own
 * options, icebergs reads what dedup writes; then both steps run locally on a generated click log
 * and give the naive dedup and the naive per-user counts of the kept clicks.
 */
public class DedupIcebergsWorkflowTest {
  private static final File DIR = RepoFiles.file("conf/oozie/dedup-icebergs");
  private static final File WORKFLOW = new File(DIR, "workflow.xml");
  private static final File JOB_PROPERTIES = new File(DIR, "job.properties");

  @TempDir public File tmp;

  @Test
  public void workflowIsValidAgainstOozieWorkflowSchema() throws Exception {
    OozieWorkflowTest.workflowSchema().newValidator().validate(new StreamSource(WORKFLOW));
  }

  @Test
  public void dedupThenIcebergsWithArgsTheToolsAccept() throws Exception {
    Document d = OozieWorkflowTest.workflow(WORKFLOW);
    assertEquals(
        "dedup-clicks", OozieWorkflowTest.child(d.getDocumentElement(), "start").getAttribute("to"));
    Map<String, OozieWorkflowTest.JavaAction> actions = OozieWorkflowTest.javaActions(d);
    assertEquals(List.of("dedup-clicks", "heavy-users"), new ArrayList<>(actions.keySet()));
    assertEquals("heavy-users", actions.get("dedup-clicks").ok);
    assertEquals("end", actions.get("heavy-users").ok);
    Map<String, String> props = OozieWorkflowTest.properties(d, JOB_PROPERTIES);
    Map<String, CommandLine> parsed = new HashMap<>();
    for (OozieWorkflowTest.JavaAction a : actions.values()) {
      assertEquals(BloomkitDriver.class.getName(), a.mainClass);
      assertEquals("fail", a.error);
      String tool = a.args.get(0);
      assertTrue(BloomkitDriver.TOOLS.containsKey(tool), tool);
      Configuration conf = new Configuration(false);
      CommandLine cl =
          OozieWorkflowTest.parse(
              BloomkitDriver.TOOLS.get(tool).get(),
              OozieWorkflowTest.substituteAll(a.args.subList(1, a.args.size()), props),
              conf);
      assertEquals(List.of(), cl.getArgList(), a.name + " leftover arguments");
      assertEquals("default", conf.get("mapreduce.job.queuename"));
      assertTrue(cl.hasOption("json"));
      parsed.put(tool, cl);
    }
    CommandLine dedup = parsed.get("dedup");
    CommandLine icebergs = parsed.get("icebergs");
    assertEquals("counting", dedup.getOptionValue("method"));
    assertEquals("counting", icebergs.getOptionValue("method"));
    assertTrue(icebergs.hasOption("verify"));
    assertEquals(dedup.getOptionValue("output"), icebergs.getOptionValue("input"));
    assertEquals(dedup.getOptionValue("delimiter"), icebergs.getOptionValue("delimiter"));
    assertEquals(
        List.of(dedup.getOptionValue("output"), dedup.getOptionValue("duplicates")),
        OozieWorkflowTest.substituteAll(actions.get("dedup-clicks").deletes, props));
    assertEquals(
        List.of(icebergs.getOptionValue("output")),
        OozieWorkflowTest.substituteAll(actions.get("heavy-users").deletes, props));
  }

  @Test
  public void theStepsRunLocallyAndGiveTheNaiveAnswers() throws Exception {
    Document d = OozieWorkflowTest.workflow(WORKFLOW);
    Map<String, String> props = OozieWorkflowTest.properties(d, JOB_PROPERTIES);
    DedupData data = new DedupData(8, 3000, 60, 2, 500);
    File in = newFolder(tmp, "clicks");
    for (int f = 0; f < data.files.size(); f++) {
      Files.write(new File(in, "part-" + f).toPath(), data.files.get(f).getBytes(StandardCharsets.UTF_8));
    }
    File work = newFolder(tmp, "work");
    props.put("clicksPath", in.toURI().toString());
    props.put("cleanDir", new File(work, "clean").toURI().toString());
    props.put("duplicatesDir", new File(work, "dups").toURI().toString());
    props.put("icebergsDir", new File(work, "heavy").toURI().toString());
    for (OozieWorkflowTest.JavaAction a : OozieWorkflowTest.javaActions(d).values()) {
      List<String> args = OozieWorkflowTest.substituteAll(a.args.subList(1, a.args.size()), props);
      ToolRun r =
          ToolRun.run(
              ToolRun.localConf(),
              BloomkitDriver.TOOLS.get(a.args.get(0)).get(),
              args.toArray(new String[0]));
      assertEquals(0, r.code, a.name + "\n" + r);
    }
    DedupData.Expected e = DedupData.dedup(data.files, new int[] {1, 3}, 2, 0);
    assertEquals(e.kept, DedupData.multiset(lines(new File(work, "clean"))));
    assertEquals(e.duplicates, DedupData.multiset(lines(new File(work, "dups"))));
    long threshold = Long.parseLong(props.get("threshold"));
    Map<String, Long> perUser = new TreeMap<>();
    for (Map.Entry<String, Integer> k : e.kept.entrySet()) {
      perUser.merge(k.getKey().split(",")[1], (long) k.getValue(), Long::sum);
    }
    List<String> expected = new ArrayList<>();
    for (Map.Entry<String, Long> u : perUser.entrySet()) {
      if (u.getValue() >= threshold) {
        expected.add(u.getKey() + "\t" + u.getValue());
      }
    }
    assertTrue(expected.size() > 5);
    assertEquals(DedupData.multiset(expected), DedupData.multiset(lines(new File(work, "heavy"))));
  }

  private static List<String> lines(File dir) throws Exception {
    List<String> out = new ArrayList<>();
    for (File f : dir.listFiles((x, n) -> n.startsWith("part-"))) {
      for (String s : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
    }
    return out;
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
