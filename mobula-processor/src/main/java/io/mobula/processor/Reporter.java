package io.mobula.processor;

import javax.annotation.processing.Messager;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Attaches every diagnostic to the user's element so the compiler points at their source line, and keeps
 * going after an error so one compilation reports all problems at once.
 */
final class Reporter {
    private final Messager messager;
    private int errors;

    Reporter(Messager messager) {
        this.messager = messager;
    }

    void error(Element element, String message) {
        errors++;
        messager.printMessage(Diagnostic.Kind.ERROR, message, element);
    }

    /** An error on the exact tree of a method body (a statement or expression has no element of its own). */
    void error(com.sun.source.util.Trees trees, com.sun.source.util.TreePath path, String message) {
        errors++;
        trees.printMessage(Diagnostic.Kind.ERROR, message, path.getLeaf(), path.getCompilationUnit());
    }

    void warning(Element element, String message) {
        messager.printMessage(Diagnostic.Kind.WARNING, message, element);
    }

    void note(Element element, String message) {
        messager.printMessage(Diagnostic.Kind.NOTE, message, element);
    }

    /** Errors reported so far; an analyser compares counts to tell whether its own checks failed. */
    int errorCount() {
        return errors;
    }
}
