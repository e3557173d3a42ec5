package io.bloomkit.sim;

import io.bloomkit.data.TimedStream;
import java.util.List;

/**
 * The stream parameters shared by the window, slices and tree simulations (see {@link
 * TimedStream}): --distribution, --alpha, --universe, --length, --rate and --seed, with each
 * simulation's defaults.
 */
public final class StreamParams {
  public final Param<String[]> distribution =
      Param.ofStringList("distribution", "LIST", "key distributions, zipf and/or uniform",
          new String[] {"zipf", "uniform"});
  public final Param<Double> alpha = Param.ofDouble("alpha", "A", "Zipf exponent", 1.0);
  public final Param<Long> universe;
  public final Param<Integer> length;
  public final Param<Double> rate;
  public final Param<Long> seed = Param.ofLong("seed", "S", "random seed", 1L);

  public StreamParams(long universe, int length, double rate) {
    this.universe = Param.ofLong("universe", "U", "distinct keys the stream draws from", universe);
    this.length = Param.ofInt("length", "N", "events in the stream", length, 1);
    this.rate = Param.ofDouble("rate", "R", "events per time unit outside bursts", rate);
  }

  /** The six parameters, in usage order. */
  public List<Param<?>> all() {
    return List.of(distribution, alpha, universe, length, rate, seed);
  }

  /** The spec from the values, for one distribution (the caller iterates over the list). */
  public TimedStream.Spec spec(ParamValues v, String distribution) {
    double a = v.get(alpha);
    long u = v.get(universe);
    int n = v.get(length);
    double r = v.get(rate);
    long s = v.get(seed);
    if (!distribution.equals("zipf") && !distribution.equals("uniform")) {
      throw new IllegalArgumentException("--distribution: zipf or uniform, not " + distribution);
    }
    if (!(a > 0) || u < 1 || !(r > 0)) {
      throw new IllegalArgumentException("--alpha, --universe and --rate must be positive");
    }
    return new TimedStream.Spec().distribution(distribution).alpha(a).universe(u).length(n).rate(r).seed(s);
  }
}
