package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.WritableComparator;
import org.junit.jupiter.api.Test;

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

  // ---- hot key buckets ----

  @Test
  public void bucketZeroKeepsTheBytesOfAKeyWithoutBuckets() throws Exception {
    // before buckets: vint length, key bytes, side byte
    assertEquals("[2, 107, 49, 0]", java.util.Arrays.toString(bytes(new JoinKey("k1", JoinKey.LEFT))));
    assertEquals("[2, 107, 49, 1]", java.util.Arrays.toString(bytes(new JoinKey("k1", JoinKey.RIGHT, 0))));
    // bucket b: the tag byte is b * 2 + side, unsigned
    assertEquals("[2, 107, 49, -1]", java.util.Arrays.toString(
        bytes(new JoinKey("k1", JoinKey.RIGHT, JoinKey.MAX_BUCKETS))));
  }

  @Test
  public void rawComparatorsAgreeWithObjectOrderAcrossBuckets() throws Exception {
    Random rnd = new Random(5);
    List<JoinKey> keys = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      int bucket = rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(JoinKey.MAX_BUCKETS + 1);
      keys.add(new JoinKey("k" + rnd.nextInt(3), (byte) rnd.nextInt(2), bucket));
    }
    JoinKey.Comparator sort = new JoinKey.Comparator();
    JoinKey.GroupingComparator group = new JoinKey.GroupingComparator();
    for (JoinKey a : keys) {
      byte[] ba = bytes(a);
      JoinKey back = new JoinKey();
      back.readFields(new java.io.DataInputStream(new java.io.ByteArrayInputStream(ba)));
      assertEquals(a, back);
      assertEquals(a.bucket(), back.bucket());
      assertEquals(a.side(), back.side());
      for (JoinKey b : keys) {
        byte[] bb = bytes(b);
        // the reference: (key, bucket, side) compared field by field
        int c = a.key().compareTo(b.key());
        int order = c != 0 ? c : a.bucket() != b.bucket()
            ? Integer.compare(a.bucket(), b.bucket()) : Byte.compare(a.side(), b.side());
        int grouping = c != 0 ? c : Integer.compare(a.bucket(), b.bucket());
        assertEquals(sign(order), sign(a.compareTo(b)));
        assertEquals(sign(order), sign(sort.compare(ba, 0, ba.length, bb, 0, bb.length)));
        assertEquals(sign(grouping), sign(group.compare(ba, 0, ba.length, bb, 0, bb.length)));
        assertEquals(sign(grouping), sign(group.compare(a, b)));
      }
    }
  }

  @Test
  public void leftSortsFirstInEachBucket() {
    List<JoinKey> keys = new ArrayList<>();
    keys.add(new JoinKey("k", JoinKey.RIGHT, 2));
    keys.add(new JoinKey("k", JoinKey.LEFT, 2));
    keys.add(new JoinKey("k", JoinKey.RIGHT, 1));
    keys.add(new JoinKey("k", JoinKey.LEFT, 1));
    keys.add(new JoinKey("k", JoinKey.RIGHT));
    Collections.sort(keys);
    assertEquals("[k/R, k/L#1, k/R#1, k/L#2, k/R#2]", keys.toString());
  }

  @Test
  public void bucketsOfAKeyGoToDistinctReducersAndBucketZeroWhereItWent() {
    JoinPartitioner p = new JoinPartitioner();
    for (int reducers = 1; reducers <= 9; reducers++) {
      for (int n = 0; n < 50; n++) {
        String k = "key" + n;
        byte[] b = k.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        // without buckets: the key bytes' hash modulo the reducers, as before
        int plain = (WritableComparator.hashBytes(b, b.length) & Integer.MAX_VALUE) % reducers;
        assertEquals(plain, p.getPartition(new JoinKey(k, JoinKey.RIGHT), null, reducers));
        java.util.Set<Integer> seen = new java.util.HashSet<>();
        for (int bucket = 1; bucket <= reducers; bucket++) {
          int l = p.getPartition(new JoinKey(k, JoinKey.LEFT, bucket), null, reducers);
          assertEquals(l, p.getPartition(new JoinKey(k, JoinKey.RIGHT, bucket), null, reducers));
          assertTrue(seen.add(l));
        }
        assertEquals(reducers, seen.size());
      }
    }
  }

  @Test
  public void refusesABucketTheTagCannotHold() {
    assertThrows(IllegalArgumentException.class, () -> {
      new JoinKey("k", JoinKey.LEFT, JoinKey.MAX_BUCKETS + 1);
    });
  }
}
