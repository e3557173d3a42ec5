package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One load per job in a JVM: tasks asking at once wait for the one load, later tasks of the same
 * job reuse it, another job loads its own, and a load that failed fails every task that asks.
 */
public class SharedLeftTablesTest {
  private static SharedLeftTables.Loaded table(int records) {
    return new SharedLeftTables.Loaded(new LeftTable(), records, 0, 0, records);
  }

  @Test
  public void tasksOfOneJobShareOneLoad() throws Exception {
    AtomicInteger loads = new AtomicInteger();
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    String job = "job-" + System.nanoTime();
    List<SharedLeftTables.Loaded> got = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Boolean> here = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> tasks = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      Thread t = new Thread(() -> {
        try {
          boolean[] mine = new boolean[1];
          got.add(SharedLeftTables.acquire(job, () -> {
            loads.incrementAndGet();
            started.countDown();
            finish.await(); // the other tasks ask while this one loads
            return table(7);
          }, mine));
          here.add(mine[0]);
        } catch (Exception e) {
          throw new AssertionError(e);
        }
      });
      tasks.add(t);
      t.start();
    }
    started.await();
    Thread.sleep(50);
    finish.countDown();
    for (Thread t : tasks) {
      t.join();
    }
    assertEquals(1, loads.get());
    assertEquals(4, got.size());
    for (SharedLeftTables.Loaded l : got) {
      assertSame(got.get(0), l);
    }
    assertEquals(1, here.stream().filter(b -> b).count());
    for (int i = 0; i < 4; i++) {
      SharedLeftTables.release(job);
    }
    // a later task of the job: the table while the collector keeps it; another job loads its own
    boolean[] mine = new boolean[1];
    SharedLeftTables.Loaded other = SharedLeftTables.acquire(job + "-2", () -> table(3), mine);
    assertTrue(mine[0]);
    assertEquals(3, other.records);
    SharedLeftTables.release(job + "-2");
  }

  @Test
  public void aFailedLoadFailsEveryTaskOfTheJob() throws Exception {
    String job = "failing-" + System.nanoTime();
    AtomicInteger loads = new AtomicInteger();
    for (int i = 0; i < 3; i++) {
      IOException e = assertThrows(IOException.class, () -> SharedLeftTables.acquire(job, () -> {
        loads.incrementAndGet();
        throw new IOException("over the budget");
      }, new boolean[1]));
      assertEquals("over the budget", e.getMessage());
    }
    assertTrue(loads.get() >= 1, "loads " + loads.get());
  }
}
