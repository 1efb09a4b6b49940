/**
 * Hostile load on a live Mobula server ({@code ./mobula bench hostile}): thousands of connections sending random
 * bytes, a frame header claiming 2 GiB, and connections that send one byte and stall, while an ordinary client keeps
 * calling; the server's threads, memory and descriptors are sampled throughout (docs/SECURITY.md).
 */
package io.mobula.bench.hostile;
