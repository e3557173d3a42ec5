package io.bloomkit.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntConsumer;

/** Runs a body on several threads released together, for tests of the concurrent filters. */
public final class Concurrently {
  private Concurrently() {}

  /**
   * Starts {@code threads} threads, releases them at once with a {@link CountDownLatch}, runs
   * {@code body.accept(t)} on thread {@code t} and joins them all (so their writes are visible to
   * the caller); the first exception a thread throws is rethrown.
   */
  public static void run(int threads, IntConsumer body) {
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    Throwable[] failure = new Throwable[threads];
    List<Thread> started = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int id = t;
      Thread th =
          new Thread(
              () -> {
                ready.countDown();
                try {
                  go.await();
                  body.accept(id);
                } catch (Throwable e) {
                  failure[id] = e;
                }
              },
              "concurrently-" + t);
      th.start();
      started.add(th);
    }
    try {
      ready.await();
      go.countDown();
      for (Thread th : started) {
        th.join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    for (Throwable e : failure) {
      if (e != null) {
        throw new AssertionError("a thread failed", e);
      }
    }
  }
}
