/**
 * One program, four ways: a shop served by Mobula or by plain java.rmi, called by Mobula or by a plain java.rmi
 * client with no Mobula class on its class path, across the bridge (docs/INTEROP.md). Everything here except the
 * {@code Mobula*} mains uses java.rmi only, so a plain JVM can run it.
 */
package io.mobula.examples.interop;
