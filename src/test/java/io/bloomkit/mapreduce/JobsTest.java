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
}
