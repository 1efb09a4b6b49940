/**
 * {@code mobula bench startup}: the cost of a short job as a user starts it, whole processes timed from outside
 * ({@link io.mobula.bench.startup.StartupSuite}).
 */
package io.mobula.bench.startup;
