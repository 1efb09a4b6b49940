package io.mobula.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClassFilterTest {
    @Test
    void defaultsRefuseGadgets() {
        ClassFilter f = ClassFilter.defaults();
        assertFalse(f.allows("org.apache.commons.collections.functors.InvokerTransformer"));
        assertFalse(f.allows("org.apache.commons.collections4.functors.ChainedTransformer"));
        assertFalse(f.allows("com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl"));
        assertFalse(f.allows("javax.management.openmbean.CompositeDataSupport"));
        assertFalse(f.allows("java.rmi.server.UnicastRemoteObject"));
        assertFalse(f.allows("org.codehaus.groovy.runtime.ConvertedClosure"));
        assertFalse(f.allows("org.springframework.beans.factory.ObjectFactory"));
        assertFalse(f.allows("javax.script.ScriptEngineManager"));
        assertFalse(f.allows("[[Lorg.apache.commons.collections.functors.InvokerTransformer;"));
        assertTrue(f.allows("java.util.ArrayList"));
        assertTrue(f.allows("com.acme.Order"));
        assertTrue(f.allows("[I"));
        assertFalse(f.allows("[X"), "malformed array name");
        assertFalse(f.allows("[Lfoo"), "malformed array name");
    }

    @Test
    void patterns() {
        ClassFilter f = ClassFilter.builder().allow("com.acme.*").allow("org.x.**").allow("java.util.List")
                .deny("com.acme.Secret").build();
        assertTrue(f.allows("com.acme.Order"));
        assertTrue(f.allows("com.acme.Order$Line"));
        assertFalse(f.allows("com.acme.sub.Order"), "* is one package only");
        assertTrue(f.allows("org.x.a.b.C"));
        assertTrue(f.allows("java.util.List"));
        assertFalse(f.allows("java.util.ListX"));
        assertFalse(f.allows("com.acme.Secret"));
        assertFalse(f.allows("com.acme.Secret$Inner"));
        assertFalse(f.allows("net.other.Thing"), "allow list given: everything else refused");
        assertFalse(f.allows("org.apache.commons.collections.functors.InvokerTransformer"));
        assertTrue(ClassFilter.builder().withoutDefaultDenyList().build().allows("javax.management.ObjectName"));
        assertTrue(ClassFilter.allowAll().allows("javax.management.ObjectName"));
        assertThrows(IllegalArgumentException.class, () -> ClassFilter.builder().allow(" "));
    }

    @Test
    void everyPatternKindAgainstNamesAroundItsPrefix() {
        ClassFilter f = ClassFilter.builder().withoutDefaultDenyList().allow("**").deny("a.b.**").deny("c.d.*")
                .deny("e.F*").deny("g.H").build();
        assertTrue(f.allows("x.Y"), "** allows everything");
        assertFalse(f.allows("a.b.C"));
        assertFalse(f.allows("a.b.c.D"), ".** takes sub-packages");
        assertTrue(f.allows("a.bc.D"), ".** is a package, not a name prefix");
        assertTrue(f.allows("a.b"), "the package's own name is no class in it");
        assertFalse(f.allows("c.d.E$F"));
        assertTrue(f.allows("c.d.e.F"), ".* is one package only");
        assertFalse(f.allows("e.F"));
        assertFalse(f.allows("e.Foo"), "a trailing * is a name prefix");
        assertTrue(f.allows("e.G"));
        assertFalse(f.allows("g.H"));
        assertFalse(f.allows("g.H$I"), "a class pattern takes its nested classes");
        assertTrue(f.allows("g.HI"));
        assertTrue(f.allows("g"));
        assertFalse(f.allows("[[Lg.H;"), "an array by its element class");
        assertTrue(f.denies("g.H$1") && !f.denies("g.Hx"));
        assertFalse(ClassFilter.builder().withoutDefaultDenyList().deny("**").build().allows("x.Y"));
    }

    @Test
    void fingerprintIsFnv1a64OverJoinedParts() {
        assertEquals(0xcbf29ce484222325L, Fingerprint.of());
        assertEquals(0xaf63dc4c8601ec8cL, Fingerprint.of("a")); // FNV-1a 64 test vector for "a"
        assertEquals(Fingerprint.of("foobar"), 0x85944171f73967e8L); // test vector for "foobar"
        assertNotEquals(Fingerprint.of("ab", "c"), Fingerprint.of("a", "bc"));
        assertEquals(Fingerprint.of("a\nb"), Fingerprint.of("a", "b"));
    }
}
