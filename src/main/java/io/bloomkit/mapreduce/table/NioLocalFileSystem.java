package io.bloomkit.mapreduce.table;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.NativeCodeLoader;

/**
 * Hadoop's local file system ({@code file:}) with permissions set and read through java.nio.
 * Without Hadoop's native library (which a build from Maven Central, and most client machines,
 * do not have) {@link RawLocalFileSystem} forks {@code chmod} for every file and directory it
 * creates and {@code ls -ld} for every status whose permission, owner or group is read, which
 * {@code FileInputFormat}'s listing does for every input file: a directory of 10,000 small files
 * took minutes of forked processes to list before any task ran. Everything else (checksums,
 * renames, the bytes) is Hadoop's own; the permissions, owners and groups are the ones the forked
 * commands report ({@code NioLocalFileSystemTest}).
 *
 * <p>{@link #install} makes it the {@code file:} scheme of a local-mode run ({@link
 * BloomkitConfig#LOCAL_FS_NIO}); the tests' {@code src/test/resources/core-site.xml} sets it for
 * every test, the mini clusters' too.
 */
public class NioLocalFileSystem extends LocalFileSystem {
  /** The configuration key naming the {@code file:} scheme's implementation (Hadoop's). */
  static final String FILE_IMPL = "fs.file.impl";

  public NioLocalFileSystem() {
    super(new Raw());
  }

  /**
   * Makes this the {@code file:} scheme of {@code conf} when it can help and nobody chose
   * another: {@link BloomkitConfig#LOCAL_FS_NIO} is true, the run is in local mode ({@code
   * mapreduce.framework.name} is {@code local}: a cluster's tasks and application master keep
   * their own file systems), {@code fs.file.impl} is unset, Hadoop's native library is not loaded
   * (with it, Hadoop reads permissions without forking) and the platform's file system has POSIX
   * attributes.
   *
   * @return whether it was installed
   */
  public static boolean install(Configuration conf) {
    if (!BloomkitConfig.LOCAL_FS_NIO.getBoolean(conf)
        || !"local".equals(conf.get("mapreduce.framework.name", "local"))
        || conf.get(FILE_IMPL) != null
        || NativeCodeLoader.isNativeCodeLoaded()
        || !FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return false;
    }
    conf.set(FILE_IMPL, NioLocalFileSystem.class.getName());
    return true;
  }

  /** The raw file system beneath, with the permissions through java.nio. */
  static final class Raw extends RawLocalFileSystem {
    @Override
    public void setPermission(Path p, FsPermission permission) throws IOException {
      Files.setPosixFilePermissions(pathToFile(p).toPath(), posix(permission));
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
      return withPermissions(super.getFileStatus(f));
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
      FileStatus[] all = super.listStatus(f);
      for (int i = 0; i < all.length; i++) {
        // a directory's entries come through getFileStatus above (read already); a file's own
        // listing is Hadoop's lazy status
        if (all[i].getClass() != FileStatus.class) {
          all[i] = withPermissions(all[i]);
        }
      }
      return all;
    }

    /**
     * {@code st} with the permission, owner and group read now, through java.nio.
     *
     * @throws FileNotFoundException if the path is gone since {@code st} was read (Hadoop's
     *     contract for a missing path: {@code exists} is then false, a delete a no-op)
     */
    FileStatus withPermissions(FileStatus st) throws IOException {
      java.nio.file.Path p = pathToFile(st.getPath()).toPath();
      PosixFileAttributes a;
      try {
        a = Files.readAttributes(p, PosixFileAttributes.class);
      } catch (NoSuchFileException e) {
        try { // a dangling link: the link's own attributes, as Hadoop's status has
          a = Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException gone) { // removed since st was read
          FileNotFoundException f = new FileNotFoundException(st.getPath() + " does not exist");
          f.initCause(gone);
          throw f;
        }
      }
      return new FileStatus(st.getLen(), st.isDirectory(), st.getReplication(),
          st.getBlockSize(), st.getModificationTime(), st.getAccessTime(), fs(a.permissions()),
          a.owner().getName(), a.group().getName(), st.getPath());
    }

    private static Set<PosixFilePermission> posix(FsPermission p) {
      Set<PosixFilePermission> s = EnumSet.noneOf(PosixFilePermission.class);
      add(s, p.getUserAction(), PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
          PosixFilePermission.OWNER_EXECUTE);
      add(s, p.getGroupAction(), PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE);
      add(s, p.getOtherAction(), PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);
      return s;
    }

    private static void add(Set<PosixFilePermission> s, FsAction a, PosixFilePermission r,
        PosixFilePermission w, PosixFilePermission x) {
      if (a.implies(FsAction.READ)) {
        s.add(r);
      }
      if (a.implies(FsAction.WRITE)) {
        s.add(w);
      }
      if (a.implies(FsAction.EXECUTE)) {
        s.add(x);
      }
    }

    private static FsPermission fs(Set<PosixFilePermission> s) {
      return new FsPermission(
          action(s, PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
              PosixFilePermission.OWNER_EXECUTE),
          action(s, PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
              PosixFilePermission.GROUP_EXECUTE),
          action(s, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE,
              PosixFilePermission.OTHERS_EXECUTE));
    }

    private static FsAction action(Set<PosixFilePermission> s, PosixFilePermission r,
        PosixFilePermission w, PosixFilePermission x) {
      FsAction a = FsAction.NONE;
      if (s.contains(r)) {
        a = a.or(FsAction.READ);
      }
      if (s.contains(w)) {
        a = a.or(FsAction.WRITE);
      }
      if (s.contains(x)) {
        a = a.or(FsAction.EXECUTE);
      }
      return a;
    }
  }
}
