package io.bloomkit.mapreduce;

import static org.junit.Assert.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.junit.Test;

public class JobsTest {
  @Test
  public void localJobsPollQuicklyUnlessTheUserChose() {
    JobConf local = new JobConf(new Configuration());
    local.set("mapreduce.framework.name", "local");
    Jobs.pollQuicklyInLocalMode(local);
    assertEquals(100, local.getInt(Jobs.POLL_INTERVAL, -1));

    JobConf chosen = new JobConf(new Configuration());
    chosen.set("mapreduce.framework.name", "local");
    chosen.setInt(Jobs.POLL_INTERVAL, 2500);
    Jobs.pollQuicklyInLocalMode(chosen);
    assertEquals(2500, chosen.getInt(Jobs.POLL_INTERVAL, -1));

    JobConf yarn = new JobConf(new Configuration());
    yarn.set("mapreduce.framework.name", "yarn");
    Jobs.pollQuicklyInLocalMode(yarn);
    assertEquals(5000, yarn.getInt(Jobs.POLL_INTERVAL, -1)); // Hadoop's default stays
  }

  @Test
  public void aValueJobXmlCannotHoldIsAUsageErrorNamingTheKey() throws Exception {
    JobConf conf = new JobConf(new Configuration());
    conf.set("mapreduce.framework.name", "local");
    conf.set("textinputformat.record.delimiter", "\u0001");
    try {
      Jobs.run(org.apache.hadoop.mapreduce.Job.getInstance(conf));
      org.junit.Assert.fail("submitted");
    } catch (io.bloomkit.mapreduce.cli.UsageException e) {
      assertEquals(
          "configuration value of textinputformat.record.delimiter holds the character U+0001,"
              + " which job.xml (XML 1.0) cannot hold",
          e.getMessage());
    }
  }
}
