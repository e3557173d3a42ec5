package io.bloomkit.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.registry.Filters;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The contract of every {@link StreamFilter} family: {@link StreamFilter#reset} returns to the
 * freshly built state and replays a stream with the same answers, and a filter written mid-stream
 * and read back goes on with the original's answers and state. One small subclass per family
 * supplies its filter and stream.
 */
public abstract class StreamFilterContract {
  /** A freshly built filter of the family. */
  protected abstract StreamFilter create();

  /** The key of event i. */
  protected abstract KeyHash key(int i);

  /** The time of event i ({@link StreamFilter#NO_TIME} for filters without time). */
  protected long time(int i) {
    return StreamFilter.NO_TIME;
  }

  /** The importance of event i. */
  protected double importance(int i) {
    return 1 + i % 50;
  }

  /** Events in the stream; the filter is written at half of them. */
  protected int length() {
    return 6_000;
  }

  protected final List<Boolean> answers(StreamFilter f, int from, int to) {
    List<Boolean> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add(f.offer(key(i), time(i), importance(i)));
    }
    return out;
  }

  protected static byte[] bytes(StreamFilter f) {
    return FilterBytes.of(f);
  }

  @Test
  public void resetReturnsToTheBuiltStateAndReplays() {
    StreamFilter f = create();
    List<Boolean> first = answers(f, 0, length());
    assertEquals(true, first.contains(true), f.name()); // the stream has duplicates to find
    Map<String, Object> params = f.parameters();
    f.reset();
    assertEquals(params, f.parameters());
    assertArrayEquals(bytes(create()), bytes(f), f.name());
    assertEquals(first, answers(f, 0, length()), f.name() + " replays after reset");
  }

  @Test
  public void writtenMidStreamAndReadBackContinuesIdentically() throws IOException {
    StreamFilter f = create();
    int half = length() / 2;
    answers(f, 0, half);
    byte[] b = bytes(f);
    StreamFilter g = Filters.read(new ByteArrayInputStream(b), b.length, StreamFilter.class);
    assertEquals(f.family(), g.family());
    assertEquals(f.name(), g.name());
    assertEquals(f.parameters(), g.parameters());
    assertEquals(f.memoryBits(), g.memoryBits());
    assertArrayEquals(b, bytes(g));
    assertEquals(answers(f, half, length()), answers(g, half, length()), f.name());
    assertArrayEquals(bytes(f), bytes(g));
    // reset of a filter read back returns to the constructed state, like the original's
    f.reset();
    g.reset();
    assertArrayEquals(bytes(f), bytes(g));
  }
}
