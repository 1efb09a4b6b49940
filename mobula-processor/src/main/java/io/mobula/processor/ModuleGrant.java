package io.mobula.processor;

/**
 * The static initializer of generated stubs and dispatchers that hands the application's module lookup to Mobula's
 * serialization ({@code io.mobula.serial.ModuleAccess}), so exceptions and classes with serialization hooks of a
 * named module travel without {@code opens} (on the class path it does nothing).
 */
final class ModuleGrant {
    private ModuleGrant() {
    }

    static void emit(SourceWriter w) {
        w.line("static {");
        w.line("    // lets Mobula's serialization reach this module's classes as Java serialization does (no 'opens')");
        w.line("    io.mobula.serial.ModuleAccess.grant(java.lang.invoke.MethodHandles.lookup());");
        w.line("}");
        w.line("");
    }
}
