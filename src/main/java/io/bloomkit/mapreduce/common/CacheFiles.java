package io.bloomkit.mapreduce.common;

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
public final class CacheFiles {
  private CacheFiles() {}

  /**
   * Whether a task reads a shipped file from its symlink {@code link} in the working directory:
   * only off local mode (whose tasks share the client's working directory, so links of concurrent
   * jobs could collide) and when the link exists; else from the file system path.
   */
  public static boolean useLink(Configuration conf, File link) {
    return !"local".equals(conf.get("mapreduce.framework.name", "local")) && link.exists();
  }

  /** Ships {@code file} to every task under the symlink name {@code link}. */
  public static void ship(Job job, Path file, String link) throws IOException {
    URI u = file.toUri();
    try {
      job.addCacheFile(new URI(u.getScheme(), u.getAuthority(), u.getPath(), null, link));
    } catch (URISyntaxException e) {
      throw new IOException(e);
    }
  }

  /** One shipped file. */
  public static final class Shipped {
    /** The file's own name (the symlink name without the prefix). */
    public final String name;
    private final URI uri;
    private final Configuration conf;

    private Shipped(String name, URI uri, Configuration conf) {
      this.name = name;
      this.uri = uri;
      this.conf = conf;
    }

    /** The file's length in bytes (the task's copy, else the shipped file). */
    public long length() throws IOException {
      File link = new File(uri.getFragment());
      if (useLink(conf, link)) {
        return link.length();
      }
      Path p = new Path(uri.getScheme(), uri.getAuthority(), uri.getPath());
      return p.getFileSystem(conf).getFileStatus(p).getLen();
    }

    /** The shipped file's path, for messages. */
    public String location() {
      return new Path(uri.getScheme(), uri.getAuthority(), uri.getPath()).toString();
    }

    /** Opens the file (the caller closes it). */
    public InputStream open() throws IOException {
      File link = new File(uri.getFragment());
      if (useLink(conf, link)) {
        return new BufferedInputStream(new FileInputStream(link), 1 << 16);
      }
      Path p = new Path(uri.getScheme(), uri.getAuthority(), uri.getPath());
      FileSystem fs = p.getFileSystem(conf);
      return new BufferedInputStream(fs.open(p), 1 << 16);
    }
  }

  /** Ships every file in {@code files} under the link name {@code prefix + file name}. */
  public static void ship(Job job, List<Path> files, String prefix) throws IOException {
    for (Path f : files) {
      ship(job, f, prefix + f.getName());
    }
  }

  /** The shipped files whose link name starts with {@code prefix}. */
  public static List<Shipped> list(JobContext context, String prefix) throws IOException {
    Configuration conf = context.getConfiguration();
    List<Shipped> out = new ArrayList<>();
    URI[] uris = context.getCacheFiles();
    for (URI u : uris == null ? new URI[0] : uris) {
      String link = u.getFragment();
      if (link != null && link.startsWith(prefix)) {
        out.add(new Shipped(link.substring(prefix.length()), u, conf));
      }
    }
    return out;
  }
}
