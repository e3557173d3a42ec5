package io.bloomkit.lcbf;

import io.bloomkit.data.SplitMix64;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * A random geometric graph (the icebergs paper's wireless network, sec. VI): {@code n} nodes
 * placed uniformly at random in a {@code width} x {@code height} rectangle, two nodes neighbours
 * when their distance is at most the radio range {@code range} (the same for all, so links are
 * symmetric). Neighbours are found through a grid of cells at least {@code range} wide (each node compares itself
 * with the nodes of its own and the 8 adjacent cells); the adjacency lists are ascending.
 */
final class GeometricGraph {
  final double[] x;
  final double[] y;
  final int[][] adjacent;
  final double range;

  private GeometricGraph(double[] x, double[] y, double range, double width, double height) {
    this.x = x;
    this.y = y;
    this.range = range;
    int n = x.length;
    int cx = Math.max(1, (int) Math.min(n, Math.floor(width / range)));
    int cy = Math.max(1, (int) Math.min(n, Math.floor(height / range)));
    // nodes by cell (counting sort)
    int[] cell = new int[n];
    int[] start = new int[cx * cy + 1];
    for (int i = 0; i < n; i++) {
      int a = Math.min(cx - 1, (int) (x[i] / width * cx));
      int b = Math.min(cy - 1, (int) (y[i] / height * cy));
      cell[i] = b * cx + a;
      start[cell[i] + 1]++;
    }
    for (int c = 0; c < cx * cy; c++) {
      start[c + 1] += start[c];
    }
    int[] at = Arrays.copyOf(start, start.length);
    int[] byCell = new int[n];
    for (int i = 0; i < n; i++) {
      byCell[at[cell[i]]++] = i;
    }
    double r2 = range * range;
    int[][] adj = new int[n][];
    int[] buf = new int[n];
    for (int i = 0; i < n; i++) {
      int a = cell[i] % cx;
      int b = cell[i] / cx;
      int d = 0;
      for (int bb = Math.max(0, b - 1); bb <= Math.min(cy - 1, b + 1); bb++) {
        for (int aa = Math.max(0, a - 1); aa <= Math.min(cx - 1, a + 1); aa++) {
          int c = bb * cx + aa;
          for (int p = start[c]; p < start[c + 1]; p++) {
            int j = byCell[p];
            double dx = x[i] - x[j];
            double dy = y[i] - y[j];
            if (j != i && dx * dx + dy * dy <= r2) {
              buf[d++] = j;
            }
          }
        }
      }
      adj[i] = Arrays.copyOf(buf, d);
      Arrays.sort(adj[i]);
    }
    this.adjacent = adj;
  }

  /** The graph of the given positions (all in the rectangle) and range. */
  static GeometricGraph of(double[] x, double[] y, double range, double width, double height) {
    if (x.length != y.length || x.length < 1 || !(range > 0) || !(width > 0) || !(height > 0)) {
      throw new IllegalArgumentException("positions, range, width and height must be positive");
    }
    return new GeometricGraph(x.clone(), y.clone(), range, width, height);
  }

  /** {@code n} uniform positions in the rectangle, from {@code r}. */
  static GeometricGraph sample(int n, double width, double height, double range, SplitMix64 r) {
    double[] x = new double[n];
    double[] y = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = r.nextDouble() * width;
      y[i] = r.nextDouble() * height;
    }
    return new GeometricGraph(x, y, range, width, height);
  }

  int nodes() {
    return adjacent.length;
  }

  /** Undirected edges. */
  long edges() {
    long d = 0;
    for (int[] a : adjacent) {
      d += a.length;
    }
    return d / 2;
  }

  /** Hop counts from {@code source} by breadth-first search; -1 where unreachable. */
  int[] hops(int source) {
    int[] h = new int[adjacent.length];
    Arrays.fill(h, -1);
    h[source] = 0;
    ArrayDeque<Integer> queue = new ArrayDeque<>();
    queue.add(source);
    while (!queue.isEmpty()) {
      int u = queue.poll();
      for (int v : adjacent[u]) {
        if (h[v] < 0) {
          h[v] = h[u] + 1;
          queue.add(v);
        }
      }
    }
    return h;
  }

  boolean connected() {
    for (int h : hops(0)) {
      if (h < 0) {
        return false;
      }
    }
    return true;
  }
}
