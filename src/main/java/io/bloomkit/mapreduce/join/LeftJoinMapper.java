package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.JoinCounters;
import io.bloomkit.mapreduce.common.FilterStep;
import io.bloomkit.mapreduce.common.Records;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Map side of the left (build, small) input: every well-formed record goes to the shuffle. When the
 * job ships a filter, every left key is also tested against it: a filter built from these left keys
 * contains them all, so a key it rejects means a wrong or stale filter, which would make the join
 * lose that key's rows silently. Such keys are counted ({@link
 * JoinCounters#LEFT_KEYS_REJECTED_BY_FILTER}) and the task's first one is left in {@link
 * BloomkitConfig#JOIN_REJECTS_DIR} (a file per task attempt, on the job's file system) for the
 * client, which then fails the join without committing its output.
 */
public class LeftJoinMapper extends JoinMapper {
  private FilterStep filter;
  private long offset;
  private String firstRejected;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    filter =
        FilterStep.builder()
            .counting(null, JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER)
            .onReject((f, key, length) -> noteRejected(key, length, context))
            .load(context);
  }

  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    this.offset = offset.get();
    super.map(offset, line, context);
  }

  @Override
  protected byte side() {
    return JoinKey.LEFT;
  }

  @Override
  protected BloomkitConfig keyFieldsKey() {
    return BloomkitConfig.JOIN_LEFT_KEY_FIELDS;
  }

  @Override
  protected Enum<?> recordsCounter() {
    return JoinCounters.LEFT_RECORDS;
  }

  @Override
  protected Enum<?> malformedCounter() {
    return JoinCounters.LEFT_MALFORMED;
  }

  @Override
  protected Enum<?> passedCounter() {
    return JoinCounters.LEFT_PASSED;
  }

  @Override
  protected boolean accept(byte[] key, int length, Context context) {
    filter.passes(key, length); // counts a rejected key; the client fails the whole join on it
    return true;
  }

  private void noteRejected(byte[] key, int length, Context context) {
    if (firstRejected == null) {
      firstRejected =
          "\"" + new String(key, 0, length, StandardCharsets.UTF_8) + "\" in "
              + Records.fileOf(context.getInputSplit()) + " at byte offset " + offset;
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    String dir = BloomkitConfig.JOIN_REJECTS_DIR.get(context.getConfiguration());
    if (firstRejected != null && dir != null && !dir.isEmpty()) {
      Records.leaveNote(context, dir, firstRejected);
    }
  }
}
