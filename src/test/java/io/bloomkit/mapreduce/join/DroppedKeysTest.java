package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.DataOutputStream;
import java.io.File;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client's merge count of the tasks' sorted dropped-key files against a hash set. */
public class DroppedKeysTest {
  @TempDir public File tmp;

  @Test
  public void mergeCountEqualsTheDistinctUnionOfOverlappingFiles() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    Path dir = new Path(new File(tmp, "dropped").getPath());
    SplittableRandom rnd = new SplittableRandom(7);
    Set<Long> union = new HashSet<>();
    for (int task = 0; task < 6; task++) {
      DistinctHashes h = new DistinctHashes();
      int n = task == 3 ? 0 : 1 + rnd.nextInt(5000);
      for (int i = 0; i < n; i++) {
        long v = rnd.nextInt(8000) - 4000L; // overlaps across tasks, negative values too
        h.add(v);
        union.add(v);
      }
      try (DataOutputStream out = fs.create(new Path(dir, "attempt-" + task), true)) {
        for (long v : h.sorted()) {
          out.writeLong(v);
        }
        if (task == 5) {
          out.writeShort(1); // a file cut inside a long counts its whole longs only
        }
      }
    }
    assertEquals(union.size(), DroppedKeys.count(fs, dir));
    assertEquals(0, DroppedKeys.count(fs, new Path(dir, "absent")));
  }
}
