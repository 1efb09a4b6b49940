/**
 * The application kernels the papers judge their systems by (thesis 1.2.3, 4.4.2, 5.5.2): each has a sequential
 * version and parallel versions over RMI, RepMI or GMI, and every parallel run checks its result against the
 * sequential one.
 */
package io.mobula.apps;
