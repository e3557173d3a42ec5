package io.bloomkit.stable;

/**
 * The insert and delete procedures of the importance-aware Bloom filter (IBF paper, Table IV):
 * {@link #TWO_CLASS} M/2-insert + random delete (section III.A), {@link #MULTI_CLASS} importance
 * insert + random delete (section III.B), {@link #HEURISTIC} importance insert + "probabilistic
 * delete val" (section IV.C).
 */
public enum IbfVariant {
  /** IBF-2C: K cells raised to M/2 (rounded down) or M by importance class; random delete. */
  TWO_CLASS(1, "ibf-2c"),
  /** IBF-MC: K cells raised to f(importance) in 1..M; random delete. */
  MULTI_CLASS(2, "ibf-mc"),
  /** IBF-H: as IBF-MC, but cells to decrement drawn with probability proportional to 1/value. */
  HEURISTIC(3, "ibf-h"),
  /**
   * IBF-2C as Algorithm 1 is written: an unimportant element raises a cell below M/2 to M/2 (rounded
   * down) but sets a cell already above M/2 to M; an important element sets M; random delete.
   */
  TWO_CLASS_ALGORITHM_1(4, "ibf-2c-alg1");

  private final int id;
  private final String cliName;

  IbfVariant(int id, String cliName) {
    this.id = id;
    this.cliName = cliName;
  }

  /** The id stored in the header's variant field. */
  public int id() {
    return id;
  }

  /** ibf-2c, ibf-mc, ibf-h, ibf-2c-alg1. */
  public String cliName() {
    return cliName;
  }

  public static IbfVariant fromId(int id) {
    for (IbfVariant v : values()) {
      if (v.id == id) {
        return v;
      }
    }
    return null;
  }

  public static IbfVariant fromCliName(String name) {
    for (IbfVariant v : values()) {
      if (v.cliName.equals(name)) {
        return v;
      }
    }
    return null;
  }
}
