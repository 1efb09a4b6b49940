package io.mobula.rmi;

import io.mobula.serial.ClassFilter;
import io.mobula.serial.SerialException;
import io.mobula.serial.Serialization;
import java.io.Serializable;
import java.lang.reflect.Proxy;
import java.rmi.Remote;

/**
 * The serialization configuration of the RMI runtime: java.rmi's by-reference rule for remote objects. Every stub is
 * written as its {@link RemoteRef} under the one type {@link RemoteStub} ({@link StubSerializer}); a multi-interface
 * stub (a proxy) as the stub it wraps; an exported object is replaced by its stub; a Serializable object that
 * implements a remote interface but was never exported travels by value, as in java.rmi; a remote object that is not
 * Serializable (which java.rmi could not send) is exported on the way, so callbacks need no explicit export.
 * Exceptions travel by value as whole objects through mobula-serial's exception serializer, with their remote
 * stack traces; the caller appends its own frames ({@link RemoteTraces}).
 */
final class RmiSerialization {
    private RmiSerialization() {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static Serialization create(RmiRuntime runtime) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = RmiSerialization.class.getClassLoader();
        }
        RmiConfig.Decoding decoding = runtime.config.decoding();
        ClassFilter filter = decoding.classFilter();
        StubSerializer stubs = new StubSerializer(runtime, loader, filter);
        return Serialization.builder()
                .classLoader(loader)
                .classFilter(filter)
                .resolver(c -> {
                    if (RemoteStub.class.isAssignableFrom(c)) {
                        return stubs;
                    }
                    if (c == javax.rmi.ssl.SslRMIClientSocketFactory.class) {
                        return new SslClientFactorySerializer(); // travels in references; module not open
                    }
                    if (Throwable.class.isAssignableFrom(c)) {
                        return null; // by value, through mobula-serial's exception serializer
                    }
                    if (Remote.class.isAssignableFrom(c) && !c.isInterface()) {
                        if (Proxy.isProxyClass(c)) {
                            // a multi-interface stub travels as the stub it wraps; another proxy is a remote object
                            return Serialization.replacing((Class<Object>) c, obj -> {
                                RemoteStub stub = Stubs.wireStub(obj);
                                return stub != null ? stub : runtime.stubFor((Remote) obj);
                            });
                        }
                        if (Serializable.class.isAssignableFrom(c)) {
                            // java.rmi: only an exported object is replaced by its stub; a Serializable one that
                            // was never exported travels by value
                            try {
                                return Serialization.replacingUnlessSelf((Class<Object>) c, obj ->
                                        runtime.exports.forTarget(obj) != null ? runtime.stubFor((Remote) obj) : obj);
                            } catch (SerialException e) {
                                // no by-value form after all (a field that cannot travel): as below
                            }
                        }
                        // not Serializable: java.rmi could not send it at all; Mobula exports it (docs/JAVA_RMI.md)
                        return Serialization.replacing((Class<Object>) c, obj -> runtime.stubFor((Remote) obj));
                    }
                    return null;
                })
                .byteOrder(runtime.config.byteOrder())
                .maxArrayLength(decoding.maxArrayLength())
                .maxDepth(decoding.maxDepth())
                .maxHashWork(decoding.maxHashWork())
                .trustedClassesOnly(decoding.trustedClassesOnly())
                .build();
    }
}
