package io.mobula.rmi;

import io.mobula.serial.Fingerprint;
import io.mobula.serial.SerialReader;
import io.mobula.serial.SerialWriter;
import io.mobula.serial.Serializer;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * {@link SslRMIClientSocketFactory} travels inside references of objects exported with it, but its module does not
 * open its package to reflection; it has no instance state (the TLS settings come from the receiving process's
 * system properties, as in java.rmi), so it is written as nothing and read as a new instance.
 */
final class SslClientFactorySerializer implements Serializer<SslRMIClientSocketFactory> {
    private static final long FINGERPRINT = Fingerprint.of(SslRMIClientSocketFactory.class.getName(), "stateless");

    @Override
    public Class<SslRMIClientSocketFactory> type() {
        return SslRMIClientSocketFactory.class;
    }

    @Override
    public long fingerprint() {
        return FINGERPRINT;
    }

    @Override
    public void write(SerialWriter out, SslRMIClientSocketFactory value) {
        // no state
    }

    @Override
    public SslRMIClientSocketFactory read(SerialReader in) {
        SslRMIClientSocketFactory f = new SslRMIClientSocketFactory();
        in.register(f);
        return f;
    }
}
