package io.bloomkit.mapreduce.it;

import io.bloomkit.mapreduce.it.faults.FaultsIT;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The fast tier's cluster tests for the runtime paths only a real cluster takes (docs/testing.md):
 * task retry and speculation, with the partial filters of three reducers merged into the filter
 * (a build under killed and failed attempts, then under speculative attempts: {@link FaultsIT}'s
 * build case, filter and counters equal to a fault-free local run's), and records written through
 * the real output committer by reducers and by map tasks (a left-outer join written as Parquet:
 * {@link TablesIT}'s). {@link ProbeIT} ships filters through the DistributedCache; the other ITs
 * of the fast tier take one job each. {@code -Pfull} runs the whole of FaultsIT and TablesIT, and
 * leaves this class out.
 */
class RuntimePathsIT {
  @BeforeAll
  static void data() throws Exception {
    FaultsIT.start();
    TablesIT.start();
  }

  @Test
  void taskRetryWithPartialFiltersMergedByReducers() throws Exception {
    new FaultsIT().killedAttempts1Build();
  }

  @Test
  void speculativeAttempts() throws Exception {
    new FaultsIT().speculation1Build();
  }

  @Test
  void recordsWrittenThroughTheRealCommitter() throws Exception {
    new TablesIT().aLeftOuterJoinWritesParquet();
  }
}
