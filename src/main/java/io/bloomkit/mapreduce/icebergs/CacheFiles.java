package io.bloomkit.mapreduce.icebergs;

import java.io.BufferedInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;

/**
 * Several files shipped to every task through the DistributedCache, each under a symlink name
 * {@code PREFIX + file name} (the URI fragment). A task reads a file from its symlink in the
 * working directory; in local mode (whose tasks share the client's working directory, so links of
 * concurrent jobs could collide) or when the link is absent, from the file system path itself.
 */
final class CacheFiles {
  /** Prefix of the shipped linked counting filters (job 2 of lcbf). */
  static final String FILTER_PREFIX = "bloomkit.lcbf.";
  /** Prefix of the shipped candidate lists (verify / evaluate job). */
  static final String CANDIDATES_PREFIX = "bloomkit.candidates.";

  private CacheFiles() {}

  /** One shipped file. */
  static final class Shipped {
    /** The file's own name (the symlink name without the prefix). */
    final String name;
    private final URI uri;
    private final Configuration conf;
    private final boolean useLink;

    private Shipped(String name, URI uri, Configuration conf, boolean useLink) {
      this.name = name;
      this.uri = uri;
      this.conf = conf;
      this.useLink = useLink;
    }

    /** Opens the file (the caller closes it). */
    InputStream open() throws IOException {
      File link = new File(uri.getFragment());
      if (useLink && link.exists()) {
        return new BufferedInputStream(new FileInputStream(link), 1 << 16);
      }
      Path p = new Path(uri.getScheme(), uri.getAuthority(), uri.getPath());
      FileSystem fs = p.getFileSystem(conf);
      return new BufferedInputStream(fs.open(p), 1 << 16);
    }
  }

  /** Ships every file in {@code files} under the link name {@code prefix + file name}. */
  static void ship(Job job, List<Path> files, String prefix) throws IOException {
    for (Path f : files) {
      URI u = f.toUri();
      try {
        job.addCacheFile(
            new URI(u.getScheme(), u.getAuthority(), u.getPath(), null, prefix + f.getName()));
      } catch (URISyntaxException e) {
        throw new IOException(e);
      }
    }
  }

  /** The shipped files whose link name starts with {@code prefix}. */
  static List<Shipped> list(JobContext context, String prefix) throws IOException {
    Configuration conf = context.getConfiguration();
    boolean local = "local".equals(conf.get("mapreduce.framework.name", "local"));
    List<Shipped> out = new ArrayList<>();
    URI[] uris = context.getCacheFiles();
    for (URI u : uris == null ? new URI[0] : uris) {
      String link = u.getFragment();
      if (link != null && link.startsWith(prefix)) {
        out.add(new Shipped(link.substring(prefix.length()), u, conf, !local));
      }
    }
    return out;
  }
}
