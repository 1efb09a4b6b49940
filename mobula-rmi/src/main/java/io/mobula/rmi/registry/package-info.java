/**
 * The registry: {@link io.mobula.rmi.registry.Registry} and {@link io.mobula.rmi.registry.LocateRegistry}, shaped
 * like their java.rmi namesakes, and {@link io.mobula.rmi.registry.RegistryMain}, the standalone registry process
 * ({@code ./mobula registry}).
 */
package io.mobula.rmi.registry;
