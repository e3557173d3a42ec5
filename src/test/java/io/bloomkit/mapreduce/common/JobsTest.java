package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
  public void localJobsRunAMapAndAReduceTaskPerProcessorUnlessTheUserChose() {
    JobConf local = new JobConf(new Configuration());
    local.set("mapreduce.framework.name", "local");
    Jobs.useEveryProcessorInLocalMode(local, 3);
    assertEquals(3, local.getInt(LocalJobRunner.LOCAL_MAX_MAPS, -1));
    assertEquals(3, local.getInt(LocalJobRunner.LOCAL_MAX_REDUCES, -1));

    JobConf chosen = new JobConf(new Configuration());
    chosen.set("mapreduce.framework.name", "local");
    chosen.setInt(LocalJobRunner.LOCAL_MAX_MAPS, 1);
    Jobs.useEveryProcessorInLocalMode(chosen, 3);
    assertEquals(1, chosen.getInt(LocalJobRunner.LOCAL_MAX_MAPS, -1));
    assertEquals(3, chosen.getInt(LocalJobRunner.LOCAL_MAX_REDUCES, -1));

    JobConf yarn = new JobConf(new Configuration());
    yarn.set("mapreduce.framework.name", "yarn");
    Jobs.useEveryProcessorInLocalMode(yarn, 3);
    assertEquals(null, yarn.get(LocalJobRunner.LOCAL_MAX_MAPS));
    assertEquals(null, yarn.get(LocalJobRunner.LOCAL_MAX_REDUCES));
  }

  /** Records each map task's thread while it runs. */
  public static final class ThreadMapper
      extends org.apache.hadoop.mapreduce.Mapper<
          org.apache.hadoop.io.LongWritable, org.apache.hadoop.io.Text,
          org.apache.hadoop.io.Text, org.apache.hadoop.io.NullWritable> {
    static final java.util.Set<String> RUNNING = java.util.concurrent.ConcurrentHashMap.newKeySet();
    static final java.util.concurrent.atomic.AtomicInteger MOST =
        new java.util.concurrent.atomic.AtomicInteger();
    static final java.util.concurrent.CountDownLatch BOTH = new java.util.concurrent.CountDownLatch(2);

    @Override
    protected void setup(Context c) throws InterruptedException {
      RUNNING.add(Thread.currentThread().getName());
      MOST.accumulateAndGet(RUNNING.size(), Math::max);
      BOTH.countDown();
      BOTH.await(30, java.util.concurrent.TimeUnit.SECONDS); // one slot: the first task waits alone
    }

    @Override
    protected void cleanup(Context c) {
      RUNNING.remove(Thread.currentThread().getName());
    }
  }

  @Test
  public void aLocalJobRunsItsMapTasksSideBySide() throws Exception {
    JobConf conf = new JobConf(new Configuration());
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(conf, "slots");
    for (String name : new String[] {"a.txt", "b.txt"}) {
      File in = newFile(tmp, name);
      Files.writeString(in.toPath(), name + "\n");
      org.apache.hadoop.mapreduce.lib.input.FileInputFormat.addInputPath(
          job, new org.apache.hadoop.fs.Path(in.toURI()));
    }
    org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.setOutputPath(
        job, new org.apache.hadoop.fs.Path(new File(tmp, "out").toURI()));
    job.setMapperClass(ThreadMapper.class);
    job.setNumReduceTasks(0);
    Jobs.run(job);
    // with one slot the second task starts only after the first one's setup gave up waiting
    assertEquals(Math.min(2, Runtime.getRuntime().availableProcessors()), ThreadMapper.MOST.get());
  }

  @Test
  public void aValueJobXmlCannotHoldIsAUsageErrorNamingTheKey() throws Exception {
    JobConf conf = new JobConf(new Configuration());
    conf.set("mapreduce.framework.name", "local");
    conf.set("textinputformat.record.delimiter", "\u0001");
    try {
      Jobs.run(org.apache.hadoop.mapreduce.Job.getInstance(conf));
      Assertions.fail("submitted");
    } catch (io.bloomkit.mapreduce.config.UsageException e) {
      assertEquals(
          "configuration value of textinputformat.record.delimiter holds the character U+0001,"
              + " which job.xml (XML 1.0) cannot hold",
          e.getMessage());
    }
  }

  @TempDir public File tmp;

  /** Throws in the phase named by the configuration: a crafted task failure. */
  public static final class Boom
      extends org.apache.hadoop.mapreduce.Reducer<
          org.apache.hadoop.io.LongWritable, org.apache.hadoop.io.Text,
          org.apache.hadoop.io.LongWritable, org.apache.hadoop.io.Text> {
    @Override
    protected void reduce(
        org.apache.hadoop.io.LongWritable k, Iterable<org.apache.hadoop.io.Text> v, Context c) {
      throw new IllegalStateException("boom in " + c.getTaskAttemptID().getTaskType()
          + "\nsecond line of the message");
    }
  }

  /** Throws on its first record. */
  public static final class BoomMapper
      extends org.apache.hadoop.mapreduce.Mapper<
          org.apache.hadoop.io.LongWritable, org.apache.hadoop.io.Text,
          org.apache.hadoop.io.LongWritable, org.apache.hadoop.io.Text> {
    @Override
    protected void map(
        org.apache.hadoop.io.LongWritable k, org.apache.hadoop.io.Text v, Context c) {
      throw new ArrayIndexOutOfBoundsException("Index 7 out of bounds for length 2");
    }
  }

  private String failure(String phase) throws Exception {
    File in = newFile(tmp, phase + ".txt");
    Files.writeString(in.toPath(), "a\nb\n");
    JobConf conf = new JobConf(new Configuration());
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(conf, phase);
    job.setInputFormatClass(org.apache.hadoop.mapreduce.lib.input.TextInputFormat.class);
    org.apache.hadoop.mapreduce.lib.input.FileInputFormat.addInputPath(
        job, new org.apache.hadoop.fs.Path(in.toURI()));
    org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.setOutputPath(
        job, new org.apache.hadoop.fs.Path(new File(tmp, phase + ".out").toURI()));
    job.setOutputKeyClass(org.apache.hadoop.io.LongWritable.class);
    job.setOutputValueClass(org.apache.hadoop.io.Text.class);
    if (phase.equals("map")) {
      job.setMapperClass(BoomMapper.class);
    } else if (phase.equals("combine")) {
      job.setCombinerClass(Boom.class);
    } else {
      job.setReducerClass(Boom.class);
    }
    try {
      Jobs.run(job);
      Assertions.fail(phase + ": the job succeeded");
      return null;
    } catch (Jobs.JobFailedException e) {
      return e.getMessage();
    }
  }

  @Test
  public void aFailedTaskGivesItsOwnReasonEvenInLocalMode() throws Exception {
    String map = failure("map");
    assertTrue(map.endsWith(
        " failed: ArrayIndexOutOfBoundsException: Index 7 out of bounds for length 2"), map);
    String combine = failure("combine");
    assertTrue(combine.endsWith(" failed: IllegalStateException: boom in MAP"), combine);
    String reduce = failure("reduce");
    assertTrue(reduce.endsWith(" failed: IllegalStateException: boom in REDUCE"), reduce);
  }

  @Test
  public void aReasonIsTheFirstLineOfTheMessage() {
    assertEquals("bad\u0001thing", Records.reasonOf(new IOException("bad\u0001thing\nmore")));
    assertEquals("IllegalArgumentException: x", Records.reasonOf(new IllegalArgumentException("x")));
    assertEquals("NullPointerException", Records.reasonOf(new NullPointerException()));
    assertEquals("malformed", Records.reasonOf(new Records.MalformedRecordException("malformed")));
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
