package io.mobula.processor;

import java.util.function.Predicate;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The problems of one method of an interface the processor generates code for (remote or group): reported on the
 * method when the interface declares it; an inherited method is reported on the interface, unless the interface
 * that declares it is compiled here too and reports it there.
 */
final class MethodProblems {
    private final Reporter reporter;
    private final TypeElement iface;
    private final ExecutableElement method;
    private final Predicate<TypeElement> reportsItself;
    private final String kind;
    private boolean ok = true;

    /**
     * @param reportsItself whether a declaring interface reports its own methods (a generated-for interface compiled
     *                      in this round)
     * @param kind          what the interface is, for messages: "remote interface", "group interface"
     */
    MethodProblems(Reporter reporter, TypeElement iface, ExecutableElement method,
            Predicate<TypeElement> reportsItself, String kind) {
        this.reporter = reporter;
        this.iface = iface;
        this.method = method;
        this.reportsItself = reportsItself;
        this.kind = kind;
    }

    /** Whether the method can be generated: no error and nothing unsupported was reported. */
    boolean ok() {
        return ok;
    }

    /** Generated code cannot serve the method (or a Mobula annotation is misused): an error, no code. */
    void error(String message) {
        ok = false;
        report(Diagnostic.Kind.ERROR, message);
    }

    /** Valid Java (and java.rmi) that Mobula cannot generate code for: a warning, no code. */
    void unsupported(String message) {
        ok = false;
        report(Diagnostic.Kind.WARNING, message);
    }

    /** Generated, but fails at run time in the cases the message names. */
    void warning(String message) {
        report(Diagnostic.Kind.WARNING, message);
    }

    private void report(Diagnostic.Kind k, String message) {
        TypeElement owner = (TypeElement) method.getEnclosingElement();
        if (owner.equals(iface)) {
            print(k, method, message);
        } else if (!reportsItself.test(owner)) {
            print(k, iface, message + " (inherited by " + kind + " " + iface.getQualifiedName() + " from "
                    + owner.getQualifiedName() + ")");
        }
    }

    private void print(Diagnostic.Kind k, Element element, String message) {
        if (k == Diagnostic.Kind.ERROR) {
            reporter.error(element, message);
        } else {
            reporter.warning(element, message);
        }
    }
}
