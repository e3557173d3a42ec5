package io.bloomkit.mapreduce.dedup;

import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.core.StreamFilter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A stream filter fed times in ticks of {@code resolution} units ({@code floorDiv(time,
 * resolution)}): how {@code dedup --filter timer --timer-resolution U} runs the timer filter, whose
 * window is then counted in ticks too (see {@link StreamDedupFilters#create}).
 */
final class Ticks implements StreamFilter {
  private final StreamFilter inner;
  private final long resolution;

  Ticks(StreamFilter inner, long resolution) {
    this.inner = inner;
    this.resolution = resolution;
  }

  @Override
  public boolean offer(KeyHash key, long time, double importance) {
    return inner.offer(key, Math.floorDiv(time, resolution), importance);
  }

  @Override
  public HashStrategy hashStrategy() {
    return inner.hashStrategy();
  }

  @Override
  public FilterFamily family() {
    return inner.family();
  }

  @Override
  public String name() {
    return inner.name();
  }

  @Override
  public void reset() {
    inner.reset();
  }

  @Override
  public long memoryBits() {
    return inner.memoryBits();
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>(inner.parameters());
    p.put("resolution", resolution);
    return p;
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    inner.writeTo(out); // the timer filter, in ticks
  }

  @Override
  public String toString() {
    return inner + " in ticks of " + resolution;
  }
}
