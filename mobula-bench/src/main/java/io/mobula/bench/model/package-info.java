/**
 * The benchmark objects: the KaRMI benchmark collection's objects (KaRMI 6.1) and the
 * jvm-serializers media-content graph. Plain {@link java.io.Serializable} classes with public fields, so every
 * system under test (generated serializers, reflective fallback, JDK, Kryo, Fory) can handle them unchanged.
 */
package io.mobula.bench.model;
