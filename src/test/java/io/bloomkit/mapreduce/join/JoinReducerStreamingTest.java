package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.mockito.Mockito.withSettings;

import io.bloomkit.mapreduce.config.JoinCounters;
import java.util.Iterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.counters.GenericCounter;
import org.junit.jupiter.api.Test;

/**
 * The reducer as the framework drives it: ONE value object, refilled for every value, and a value
 * stream of many right records. Left lines must be copied; right lines
 * must be streamed.
 */
public class JoinReducerStreamingTest {
  @Test
  @SuppressWarnings("unchecked")
  public void streamsRightRecordsPastBufferedLeftCopies() throws Exception {
    final int rights = 20_000; // each one two writes through the mock context
    JoinValue reused = new JoinValue();
    Iterable<JoinValue> values =
        () ->
            new Iterator<JoinValue>() {
              int i;

              @Override
              public boolean hasNext() {
                return i < rights + 2;
              }

              @Override
              public JoinValue next() {
                if (i < 2) {
                  reused.set(JoinKey.LEFT, new Text("left-" + i));
                } else {
                  reused.set(JoinKey.RIGHT, new Text("r"));
                }
                i++;
                return reused;
              }
            };
    // stub-only: the mock records no invocations, so many writes stay cheap
    Reducer<JoinKey, JoinValue, Text, Writable>.Context ctx =
        mock(Reducer.Context.class, withSettings().stubOnly());
    when(ctx.getConfiguration()).thenReturn(new Configuration(false));
    Counter out = new GenericCounter();
    Counter fp = new GenericCounter();
    when(ctx.getCounter(any(Enum.class)))
        .thenAnswer(
            a ->
                a.getArgument(0) == JoinCounters.OUTPUT_RECORDS
                    ? out
                    : a.getArgument(0) == JoinCounters.FALSE_POSITIVES ? fp : new GenericCounter());
    long[] perLeft = new long[2];
    doAnswer(
            a -> {
              String l = a.getArgument(0).toString();
              perLeft[l.equals("left-0") ? 0 : 1]++;
              return null;
            })
        .when(ctx)
        .write(any(Text.class), any(Text.class));
    JoinReducer r = new JoinReducer();
    r.setup(ctx);
    r.reduce(new JoinKey("hot", JoinKey.LEFT), values, ctx);
    assertEquals(2L * rights, out.getValue());
    assertEquals(rights, perLeft[0]); // the left copies survived the reuse of the value object
    assertEquals(rights, perLeft[1]);
    assertEquals(0, fp.getValue());
  }
}
