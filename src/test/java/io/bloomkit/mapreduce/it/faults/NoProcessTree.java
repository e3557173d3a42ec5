package io.bloomkit.mapreduce.it.faults;

import org.apache.hadoop.yarn.util.ResourceCalculatorProcessTree;

/**
 * Test-only: a task's resource calculator that measures nothing (every reading is {@link
 * #UNAVAILABLE}, so the task reports no CPU or memory counters), for the runs of {@link FaultsIT}.
 * Hadoop's own on Linux ({@code ProcfsBasedProcessTree}) is not thread-safe: the task's reporter
 * thread updates it while {@code Task.initialize} reads it, and an attempt parked in {@code
 * setupTask} ({@link ParkingCommitters}) reports progress for seconds at that point, so its main
 * thread could fail with a ConcurrentModificationException when released (seen once in
 * RuntimePathsIT: the speculated map's original attempt failed instead of winning).
 */
public class NoProcessTree extends ResourceCalculatorProcessTree {
  public NoProcessTree(String pid) {
    super(pid);
  }

  @Override
  public void updateProcessTree() {}

  @Override
  public String getProcessTreeDump() {
    return "";
  }

  @Override
  public boolean checkPidPgrpidForMatch() {
    return true;
  }
}
