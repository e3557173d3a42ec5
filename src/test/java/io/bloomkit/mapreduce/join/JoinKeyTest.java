package io.bloomkit.mapreduce.join;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.WritableComparator;
import org.junit.Test;

public class JoinKeyTest {
  private static byte[] bytes(JoinKey k) throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    k.write(new DataOutputStream(b));
    return b.toByteArray();
  }

  private static int sign(int x) {
    return Integer.signum(x);
  }

  @Test
  public void rawComparatorsAgreeWithObjectOrder() throws Exception {
    assertTrue(WritableComparator.get(JoinKey.class) instanceof JoinKey.Comparator);
    Random rnd = new Random(3);
    List<JoinKey> keys = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      StringBuilder s = new StringBuilder();
      int len = rnd.nextInt(i % 50 == 0 ? 200 : 4);
      for (int j = 0; j < len; j++) {
        s.append((char) ("abé\u00ff".charAt(rnd.nextInt(4))));
      }
      keys.add(new JoinKey(s.toString(), (byte) rnd.nextInt(2)));
    }
    JoinKey.Comparator sort = new JoinKey.Comparator();
    JoinKey.GroupingComparator group = new JoinKey.GroupingComparator();
    for (JoinKey a : keys) {
      byte[] ba = bytes(a);
      for (JoinKey b : keys.subList(0, 60)) {
        byte[] bb = bytes(b);
        assertEquals(sign(a.compareTo(b)), sign(sort.compare(ba, 0, ba.length, bb, 0, bb.length)));
        assertEquals(
            sign(a.key().compareTo(b.key())),
            sign(group.compare(ba, 0, ba.length, bb, 0, bb.length)));
      }
    }
  }

  @Test
  public void leftSortsBeforeRightOfTheSameKeyAndPartitionIgnoresSide() {
    List<JoinKey> keys = new ArrayList<>();
    keys.add(new JoinKey("k", JoinKey.RIGHT));
    keys.add(new JoinKey("j", JoinKey.RIGHT));
    keys.add(new JoinKey("k", JoinKey.LEFT));
    Collections.sort(keys);
    assertEquals("[j/R, k/L, k/R]", keys.toString());
    JoinPartitioner p = new JoinPartitioner();
    for (int n = 1; n < 7; n++) {
      assertEquals(
          p.getPartition(new JoinKey("key" + n, JoinKey.LEFT), null, n),
          p.getPartition(new JoinKey("key" + n, JoinKey.RIGHT), null, n));
    }
  }
}
