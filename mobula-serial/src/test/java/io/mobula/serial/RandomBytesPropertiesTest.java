package io.mobula.serial;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;

/** jqwik: arbitrary bytes never make the decoder throw anything but SerialException, nor hang. */
class RandomBytesPropertiesTest {

    @Property(tries = 1500, seed = "7")
    void randomBytes(@ForAll @Size(max = 200) byte[] bytes) {
        HostileInputTest.decodeSafely(bytes);
    }

    @Property(tries = 1500, seed = "11")
    void randomBodiesBehindAValidHeader(@ForAll @Size(max = 200) byte[] body, @ForAll boolean bigEndian) {
        byte[] m = new byte[4 + body.length];
        m[0] = 'M';
        m[1] = 'B';
        m[2] = 1;
        m[3] = (byte) (bigEndian ? 0 : 1);
        System.arraycopy(body, 0, m, 4, body.length);
        HostileInputTest.decodeSafely(m);
    }

    @Property(tries = 1000, seed = "13")
    void smallTagHeavyBodies(@ForAll @Size(max = 60) byte[] raw) {
        // bias towards tags and small ids so that decoding goes deep into serializers
        byte[] m = new byte[4 + raw.length];
        m[0] = 'M';
        m[1] = 'B';
        m[2] = 1;
        m[3] = 1;
        for (int i = 0; i < raw.length; i++) {
            m[4 + i] = (byte) Math.floorMod(raw[i], 72);
        }
        HostileInputTest.decodeSafely(m);
    }
}
