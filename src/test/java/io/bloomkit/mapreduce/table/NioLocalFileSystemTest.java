package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NioLocalFileSystem}, the {@code file:} scheme of local-mode runs (and of every test, from
 * src/test/resources/core-site.xml), sets and reports the permissions, owners and groups Hadoop's
 * own local file system reports through its forked {@code ls -ld}, for files and directories it
 * creates and lists; its listing holds them already (Hadoop's lazy statuses fork when a listing
 * such as {@code FileInputFormat}'s reads them); the tools install it in local mode only.
 */
class NioLocalFileSystemTest {
  @TempDir java.nio.file.Path tmp;

  @Test
  void theTestsFileSchemeIsIt() throws Exception {
    assertTrue(FileSystem.getLocal(new Configuration()) instanceof NioLocalFileSystem);
  }

  @Test
  void permissionsOwnersAndGroupsAreHadoopsOwn() throws Exception {
    Configuration conf = new Configuration();
    NioLocalFileSystem nio = new NioLocalFileSystem();
    nio.initialize(java.net.URI.create("file:///"), conf);
    RawLocalFileSystem hadoop = new RawLocalFileSystem(); // forks ls -ld for each status
    hadoop.initialize(java.net.URI.create("file:///"), conf);
    Path dir = new Path(tmp.toUri().toString(), "d");
    short[] modes = {0750, 0700, 0755, 0777};
    assertTrue(nio.mkdirs(dir, new FsPermission(modes[0])));
    for (int i = 1; i < modes.length; i++) {
      Path f = new Path(dir, "f" + i);
      nio.create(f, new FsPermission(modes[i]), false, 4096, (short) 1, 1 << 20, null).close();
      nio.setPermission(f, new FsPermission((short) (modes[i] & 0640)));
    }
    Map<Path, FileStatus> listed = new HashMap<>();
    for (FileStatus st : nio.getRawFileSystem().listStatus(dir)) {
      listed.put(st.getPath(), st);
    }
    FileStatus[] all = hadoop.listStatus(dir);
    assertEquals(all.length, listed.size());
    assertEquals(2 * (modes.length - 1), all.length); // each file and its checksum file
    for (FileStatus want : all) {
      FileStatus got = listed.get(want.getPath());
      assertEquals(want.getPermission(), got.getPermission(), want.getPath().toString());
      assertEquals(want.getOwner(), got.getOwner());
      assertEquals(want.getGroup(), got.getGroup());
      assertEquals(want.getLen(), got.getLen());
    }
    FileStatus d = nio.getFileStatus(dir);
    assertEquals(hadoop.getFileStatus(dir).getPermission(), d.getPermission());
    assertEquals(Files.getOwner(tmp).getName(), d.getOwner());
    assertTrue(d.isDirectory());
  }

  @Test
  void aListingHoldsThePermissionsWhereHadoopsForksForThem() throws Exception {
    Configuration conf = new Configuration();
    NioLocalFileSystem nio = new NioLocalFileSystem();
    nio.initialize(java.net.URI.create("file:///"), conf);
    RawLocalFileSystem hadoop = new RawLocalFileSystem();
    hadoop.initialize(java.net.URI.create("file:///"), conf);
    Path dir = new Path(tmp.toUri().toString(), "many");
    for (int i = 0; i < 5; i++) {
      Files.createDirectories(java.nio.file.Paths.get(dir.toUri()));
      Files.writeString(java.nio.file.Paths.get(new Path(dir, "part-" + i).toUri()), "a\nb\n");
    }
    // Hadoop's own: statuses that run ls -ld when their permission is first read
    for (FileStatus st : hadoop.listStatus(dir)) {
      assertTrue(lazy(st), st.getClass().getName());
    }
    int n = 0;
    org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> it =
        nio.listLocatedStatus(dir);
    while (it.hasNext()) {
      org.apache.hadoop.fs.LocatedFileStatus st = it.next();
      n++;
      assertEquals(hadoop.getFileStatus(st.getPath()).getPermission(), st.getPermission());
    }
    assertEquals(5, n);
    for (FileStatus st : nio.getRawFileSystem().listStatus(dir)) {
      assertTrue(!lazy(st), st.getClass().getName());
    }
  }

  /**
   * A path removed between Hadoop's status and the permissions' read (a job's cleanup racing with
   * the tool's, on a stop) is not found as Hadoop's contract says ({@link
   * java.io.FileNotFoundException}, not java.nio's {@code NoSuchFileException}), so that {@code
   * exists} is false and a delete of it is a no-op instead of an error.
   */
  @Test
  void aPathRemovedWhileItsStatusIsReadIsNotFound() throws Exception {
    Configuration conf = new Configuration();
    NioLocalFileSystem nio = new NioLocalFileSystem();
    nio.initialize(java.net.URI.create("file:///"), conf);
    java.nio.file.Path f = Files.writeString(tmp.resolve("gone"), "a\n");
    FileStatus before = new RawLocalFileSystem() {
      {
        initialize(java.net.URI.create("file:///"), conf);
      }
    }.getFileStatus(new Path(f.toUri()));
    Files.delete(f);
    NioLocalFileSystem.Raw raw = (NioLocalFileSystem.Raw) nio.getRawFileSystem();
    assertThrows(java.io.FileNotFoundException.class, () -> raw.withPermissions(before));
    assertFalse(nio.exists(new Path(f.toUri())));
  }

  /** Whether {@code st} is Hadoop's status that forks {@code ls} for its permission. */
  private static boolean lazy(FileStatus st) {
    return st.getClass().getName().contains("DeprecatedRawLocalFileStatus");
  }

  @Test
  void toolsInstallItInLocalModeOnlyAndKeepAUsersChoice() {
    Configuration local = new Configuration(false);
    assertTrue(NioLocalFileSystem.install(local));
    assertEquals(NioLocalFileSystem.class.getName(), local.get("fs.file.impl"));
    Configuration yarn = new Configuration(false);
    yarn.set("mapreduce.framework.name", "yarn");
    assertTrue(!NioLocalFileSystem.install(yarn));
    assertEquals(null, yarn.get("fs.file.impl"));
    Configuration own = new Configuration(false);
    own.set("fs.file.impl", "org.apache.hadoop.fs.LocalFileSystem");
    assertTrue(!NioLocalFileSystem.install(own));
    assertEquals("org.apache.hadoop.fs.LocalFileSystem", own.get("fs.file.impl"));
    Configuration off = new Configuration(false);
    off.set("bloomkit.local.fs.nio", "false");
    assertTrue(!NioLocalFileSystem.install(off));
    assertEquals(null, off.get("fs.file.impl"));
  }

  @Test
  void aToolRunInLocalModeUsesIt() {
    Configuration conf = new Configuration();
    conf.unset("fs.file.impl"); // the tests' core-site.xml sets it: as a user's machine, unset
    io.bloomkit.mapreduce.cli.ToolRun r = io.bloomkit.mapreduce.cli.ToolRun.run(conf,
        new io.bloomkit.mapreduce.size.SizeTool(), "--items", "1000", "--fpp", "0.01");
    assertEquals(0, r.code, r.toString());
    assertEquals(NioLocalFileSystem.class.getName(), conf.get("fs.file.impl"));
  }
}
