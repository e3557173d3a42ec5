package io.bloomkit.mapreduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The JSON trees of {@link ToolJsonGoldenTest}: its normalisation rules (paths to tokens, volatile
 * numbers to {@code "<volatile>"}) and the paths where an expected and an actual tree differ.
 */
final class JsonTrees {
  private JsonTrees() {}

  /**
   * Replaces, in every string, each path {@code p[0]} by its token {@code p[1]}, and a number under
   * a key in {@code volatileKeys} by the string {@code "<volatile>"}; changes {@code node} in place.
   */
  static JsonNode normalise(JsonNode node, List<String[]> paths, Set<String> volatileKeys) {
    if (node.isTextual()) {
      String s = node.textValue();
      for (String[] p : paths) {
        s = s.replace(p[0], p[1]);
      }
      return TextNode.valueOf(s);
    }
    if (node.isArray()) {
      ArrayNode a = (ArrayNode) node;
      for (int i = 0; i < a.size(); i++) {
        a.set(i, normalise(a.get(i), paths, volatileKeys));
      }
    } else if (node.isObject()) {
      ObjectNode o = (ObjectNode) node;
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        e.setValue(volatileKeys.contains(e.getKey()) && e.getValue().isNumber()
            ? TextNode.valueOf("<volatile>") : normalise(e.getValue(), paths, volatileKeys));
      }
    }
    return node;
  }

  /** The paths where two trees differ, for the failure message. */
  static void diff(String at, JsonNode expected, JsonNode actual, List<String> out) {
    if (expected.equals(actual)) {
      return;
    }
    if (expected.isObject() && actual.isObject()) {
      Set<String> keys = new TreeSet<>();
      expected.fieldNames().forEachRemaining(keys::add);
      actual.fieldNames().forEachRemaining(keys::add);
      for (String k : keys) {
        if (!actual.has(k)) {
          out.add(at + "/" + k + ": missing (expected " + expected.get(k) + ")");
        } else if (!expected.has(k)) {
          out.add(at + "/" + k + ": unexpected key (value " + actual.get(k) + ")");
        } else {
          diff(at + "/" + k, expected.get(k), actual.get(k), out);
        }
      }
    } else if (expected.isArray() && actual.isArray() && expected.size() == actual.size()) {
      for (int i = 0; i < expected.size(); i++) {
        diff(at + "/" + i, expected.get(i), actual.get(i), out);
      }
    } else {
      out.add((at.isEmpty() ? "/" : at) + ": expected " + expected + " (" + expected.getNodeType()
          + (expected.isNumber() ? " " + expected.numberType() : "") + "), got " + actual + " ("
          + actual.getNodeType() + (actual.isNumber() ? " " + actual.numberType() : "") + ")");
    }
  }
}
