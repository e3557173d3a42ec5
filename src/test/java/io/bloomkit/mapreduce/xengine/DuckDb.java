package io.bloomkit.mapreduce.xengine;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * An in-memory DuckDB (its JDBC driver, test scope only): an engine nobody on this project wrote,
 * used to write table files bloomkit never wrote (every Parquet codec, v2 pages, nested and typed
 * columns, Hive-partitioned directories) and to compute the answers bloomkit's must equal.
 * Nothing is downloaded: the driver carries its native library.
 */
public final class DuckDb implements AutoCloseable {
  private final Connection connection;

  private DuckDb(Connection connection) {
    this.connection = connection;
  }

  /** A fresh in-memory database. */
  public static DuckDb open() {
    try {
      return new DuckDb(DriverManager.getConnection("jdbc:duckdb:"));
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open an in-memory DuckDB", e);
    }
  }

  /** Runs statements (DDL, INSERT, COPY ... TO), separated by semicolons. */
  public void exec(String sql) {
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
  }

  /** The rows of a query, each as its column values (JDBC objects; SQL NULL as null). */
  public List<List<Object>> rows(String sql) {
    List<List<Object>> out = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      int n = md.getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          row.add(rs.getObject(i));
        }
        out.add(row);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * The rows of a query as lines: each column as text ({@code getString}; SQL NULL as {@code
   * nullText}) joined by {@code delimiter}, in the query's order.
   */
  public List<String> lines(String sql, char delimiter, String nullText) {
    List<String> out = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          if (i > 1) {
            b.append(delimiter);
          }
          String v = rs.getString(i);
          b.append(v == null ? nullText : v);
        }
        out.add(b.toString());
      }
    } catch (SQLException e) {
      throw new IllegalStateException(sql + ": " + e.getMessage(), e);
    }
    return out;
  }

  /** The single value of a one-row, one-column query. */
  public Object value(String sql) {
    List<List<Object>> r = rows(sql);
    if (r.size() != 1 || r.get(0).size() != 1) {
      throw new IllegalStateException(sql + ": expected one value, got " + r);
    }
    return r.get(0).get(0);
  }

  /** A path as a SQL string literal. */
  public static String literal(Path path) {
    return "'" + path.toAbsolutePath().toString().replace("'", "''") + "'";
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }
}
