package io.bloomkit.mapreduce;
public class BloomkitDriver { public static void main(String[] a) {} }
