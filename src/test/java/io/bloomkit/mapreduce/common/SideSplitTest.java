package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.junit.jupiter.api.Test;

/** A join's split carries its side and the inner split through serialization, as a task gets it. */
public class SideSplitTest {
  @Test
  public void sideAndInnerSplitSurviveSerialization() throws Exception {
    Configuration conf = new Configuration(false);
    FileSplit inner = new FileSplit(new Path("file:/data/a,b;c.txt"), 128, 512, new String[0]);
    SideSplit split = new SideSplit(SideInputs.RIGHT, inner, conf);
    DataOutputBuffer out = new DataOutputBuffer();
    split.write(out);
    DataInputBuffer in = new DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    SideSplit back = new SideSplit();
    back.setConf(conf);
    back.readFields(in);
    assertEquals(SideInputs.RIGHT, back.side());
    assertEquals(SideInputs.RIGHT, SideInputs.sideOf(back));
    assertEquals(-1, SideInputs.sideOf(inner));
    assertTrue(back.inner() instanceof FileSplit);
    FileSplit f = (FileSplit) back.inner();
    assertEquals(inner.getPath(), f.getPath());
    assertEquals(128, f.getStart());
    assertEquals(512, f.getLength());
    assertEquals(512, back.getLength());
    assertArrayEquals(new String[0], back.getLocations());
    // the file through the tag, without reflection
    assertEquals("file:/data/a,b;c.txt", Records.fileOf(back));
    assertEquals("file:/data/a,b;c.txt", Records.fileOf(inner));
  }
}
