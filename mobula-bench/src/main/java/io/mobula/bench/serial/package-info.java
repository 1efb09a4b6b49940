/**
 * The serialization suite: round trips (write a graph into a reusable buffer, read it back) of the KaRMI
 * benchmark objects, large primitive arrays and the media-content graph, for Mobula and its peers, one
 * {@link io.mobula.bench.serial.RoundTrip} adapter per system.
 */
package io.mobula.bench.serial;
